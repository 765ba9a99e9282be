import Fastify, { type FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminUsers, users } from '../db/schema';
import { createAuth } from '../auth/auth';
import { accountsIdentity } from '../auth/session';
import { registerErrorHandling } from '../http/errors';
import { TEST_PUBLIC_URL, TEST_SESSION_SECRET } from '../testing/test-support';
import { describeShop } from '../testing/describe-shop';
import { createRequireAdmin } from './routes';
import { createAdminService, type AdminService } from './service';

const headers = { origin: TEST_PUBLIC_URL };
const boss = { name: 'Boss', email: 'boss@example.co.za', password: 'boss-pass-1' };
const shopper = { name: 'Sipho', email: 'sipho@example.co.za', password: 'sipho-pass-1' };
const silent = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

// Mixed case and spaces: the list is trimmed and case-insensitive.
describeShop('admins', { env: { ADMIN_EMAILS: ' Boss@Example.co.za , other@example.co.za' } }, (shop) => {
  let admins: AdminService;
  /** A tiny app with one route behind requireAdmin, on the same database and secret as the shop. */
  let guarded: FastifyInstance;
  const cookies: Record<string, string> = {};
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    admins = createAdminService(shop.db, shop.config.adminEmails);
    for (const who of [boss, shopper]) {
      expect((await shop.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: who, headers })).statusCode).toBe(200);
      const res = await shop.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: who, headers });
      const setCookie = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('better-auth.session_token='));
      cookies[who.email] = setCookie!.split(';')[0]!;
      tokens[who.email] = String(res.headers['set-auth-token']);
    }

    const auth = createAuth({ config: shop.config, db: shop.db, secret: TEST_SESSION_SECRET, logger: silent });
    guarded = Fastify();
    registerErrorHandling(guarded);
    guarded.get('/admin-only', { preHandler: createRequireAdmin(accountsIdentity(auth), admins) }, async (request) => ({
      ok: true,
      email: request.admin?.user.email,
    }));
    await guarded.ready();
  });
  afterAll(async () => {
    await guarded?.close();
  });

  const check = (cookie?: string, extra: Record<string, string> = {}) =>
    shop.app.inject({ method: 'GET', url: '/api/admin/check', headers: { ...(cookie ? { cookie } : {}), ...extra } });
  const markVerified = (email: string) => shop.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));

  it('answers 401 when signed out, or with a session that does not exist', async () => {
    for (const res of [await check(), await check('better-auth.session_token=forged.value')]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Not authenticated', code: 'not_signed_in' });
    }
  });

  it('says a signed-in shopper is no admin', async () => {
    const res = await check(cookies[shopper.email]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isAdmin: false, adminUser: null, emailVerificationRequired: false });
  });

  it('does not make an unverified account named in ADMIN_EMAILS an admin, and says its email needs verifying', async () => {
    expect((await check(cookies[boss.email])).json()).toEqual({ isAdmin: false, adminUser: null, emailVerificationRequired: true });
    expect(await admins.isAdmin({ email: boss.email, emailVerified: false })).toBe(false);
  });

  it('makes it an admin once its email is verified', async () => {
    await markVerified(boss.email);
    expect((await check(cookies[boss.email])).json()).toEqual({
      isAdmin: true,
      adminUser: { email: boss.email, role: 'admin', isActive: true },
      emailVerificationRequired: false,
    });
    expect(await admins.isAdmin({ email: 'OTHER@example.co.za', emailVerified: true })).toBe(true);
  });

  it('accepts the session token as a bearer token', async () => {
    expect(tokens[boss.email]).toMatch(/\S/);
    const res = await check(undefined, { authorization: `Bearer ${tokens[boss.email]}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isAdmin: true });
    expect((await check(undefined, { authorization: 'Bearer not-a-session' })).statusCode).toBe(401);
  });

  it('grants admin to a verified shopper, then revokes it', async () => {
    await markVerified(shopper.email);
    expect((await check(cookies[shopper.email])).json()).toEqual({ isAdmin: false, adminUser: null, emailVerificationRequired: false });

    // A granted email waits for verification like one in ADMIN_EMAILS.
    expect((await admins.check({ email: shopper.email, emailVerified: false })).emailVerificationRequired).toBe(false);
    expect(await admins.grantAdmin(' SIPHO@example.co.za ')).toEqual({ email: shopper.email, outcome: 'granted', account: 'verified' });
    expect(await admins.check({ email: 'Sipho@Example.co.za', emailVerified: false })).toEqual({ isAdmin: false, adminUser: null, emailVerificationRequired: true });
    const [row] = await shop.db.select().from(adminUsers).where(eq(adminUsers.email, shopper.email));
    expect(row).toMatchObject({ email: shopper.email, role: 'admin', isActive: true });
    expect((await check(cookies[shopper.email])).json()).toEqual({
      isAdmin: true,
      adminUser: { email: shopper.email, role: 'admin', isActive: true },
      emailVerificationRequired: false,
    });
    expect((await admins.grantAdmin(shopper.email)).outcome).toBe('unchanged');

    expect(await admins.revokeAdmin(shopper.email)).toEqual({
      email: shopper.email,
      outcome: 'revoked',
      stillAdminThroughAdminEmails: false,
    });
    expect((await check(cookies[shopper.email])).json()).toEqual({ isAdmin: false, adminUser: null, emailVerificationRequired: false });
    const [after] = await shop.db.select().from(adminUsers).where(eq(adminUsers.email, shopper.email));
    expect(after?.isActive).toBe(false);
    expect((await admins.revokeAdmin(shopper.email)).outcome).toBe('unchanged');
    expect((await admins.grantAdmin(shopper.email)).outcome).toBe('reactivated');
    expect(await admins.isAdmin({ email: shopper.email, emailVerified: true })).toBe(true);
    await admins.revokeAdmin(shopper.email);
  });

  it('says when a revoked email is still an admin through ADMIN_EMAILS', async () => {
    expect(await admins.revokeAdmin(boss.email)).toEqual({ email: boss.email, outcome: 'not-found', stillAdminThroughAdminEmails: true });
    expect((await check(cookies[boss.email])).json()).toMatchObject({ isAdmin: true });
    expect(await admins.grantAdmin('nobody@example.co.za')).toMatchObject({ outcome: 'granted', account: 'none' });
    await expect(admins.grantAdmin('not-an-email')).rejects.toThrow('Please enter a valid email address.');
  });

  it('guards admin routes with requireAdmin: 401 signed out, 403 for a shopper, through for an admin', async () => {
    const signedOut = await guarded.inject({ method: 'GET', url: '/admin-only' });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ message: 'Not authenticated', code: 'not_signed_in' });

    const denied = await guarded.inject({ method: 'GET', url: '/admin-only', headers: { cookie: cookies[shopper.email]! } });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ message: "You don't have admin privileges", code: 'forbidden' });

    const allowed = await guarded.inject({ method: 'GET', url: '/admin-only', headers: { cookie: cookies[boss.email]! } });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json()).toEqual({ ok: true, email: boss.email });
  });
});
