import { eq } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, users } from '../db/schema';
import { startTestApp, testDatabases, TEST_PUBLIC_URL } from '../testing/test-support';
import { describeShop } from '../testing/describe-shop';
import { SAMPLE_PARAMETERS } from '../testing/firebase-sample';
import { importFirebaseUsers } from './firebase-import';

const CLIENT_ID = 'flag-shop.apps.googleusercontent.com';
const CLIENT_SECRET = 'google-client-secret';
// Browsers send Origin on POST; better-auth checks it against the trusted origins.
const origin = { origin: TEST_PUBLIC_URL };

interface GoogleIdentity {
  sub: string;
  email: string;
  name: string;
  email_verified: boolean;
}

/** A local OpenID Connect server standing in for Google; it approves every request at once. */
const google = new OAuth2Server();
/** Who the next sign-in at the local server is. */
let identity: GoogleIdentity;

beforeAll(async () => {
  await google.issuer.keys.generate('RS256');
  await google.start(0, '127.0.0.1');
  google.issuer.url = `http://127.0.0.1:${google.address().port}`;
  // The claims Google puts in its ID token (and, harmlessly here, in the access token).
  google.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, identity);
  });
});

afterAll(async () => {
  await google.stop();
});

function googleEnv(): Record<string, string> {
  return {
    GOOGLE_CLIENT_ID: CLIENT_ID,
    GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
    GOOGLE_DISCOVERY_URL: `${google.issuer.url}/.well-known/openid-configuration`,
  };
}

/** name=value of every cookie a response sets, ready for a Cookie header. */
function cookiePairs(setCookie: string | string[] | undefined): string[] {
  return [setCookie ?? []].flat().map((c) => c.split(';')[0]!);
}

function sessionCookie(setCookie: string | string[] | undefined): string | undefined {
  return cookiePairs(setCookie).find((c) => c.startsWith('better-auth.session_token=') && !c.endsWith('='));
}

let counter = 0;
function newIdentity(overrides: Partial<GoogleIdentity> = {}): GoogleIdentity {
  counter += 1;
  return {
    sub: `google-subject-${Date.now()}-${counter}`,
    email: `lerato.${counter}@example.co.za`,
    name: `Lerato Molefe ${counter}`,
    email_verified: true,
    ...overrides,
  };
}

// Options made when the suite starts: the local server has an address only once it has started.
describeShop('Google sign-in', () => ({ env: googleEnv() }), (shop) => {
  /** What the browser's Google button does: ask for the authorization URL, keeping the state cookie. */
  async function startSignIn(): Promise<{ url: URL; cookies: string[] }> {
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: origin,
      payload: { provider: 'google', disableRedirect: true, callbackURL: '/profile', errorCallbackURL: '/?auth=error' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ url: string; redirect: boolean }>();
    expect(body.redirect).toBe(false);
    return { url: new URL(body.url), cookies: cookiePairs(res.headers['set-cookie']) };
  }

  /** The popup at the provider: it signs in as `identity` and is sent back to /auth/callback. */
  async function approveAtGoogle(authorizationUrl: URL): Promise<URL> {
    const res = await fetch(authorizationUrl, { redirect: 'manual' });
    expect(res.status).toBe(302);
    return new URL(res.headers.get('location')!);
  }

  /** What the /auth/callback page does: hand code and state to better-auth with the browser's cookies. */
  function completeSignIn(query: URLSearchParams, cookies: string[]) {
    return shop.app.inject({ method: 'GET', url: `/api/auth/callback/google?${query.toString()}`, headers: { cookie: cookies.join('; ') } });
  }

  async function signInWithGoogle(who: GoogleIdentity) {
    identity = who;
    const { url, cookies } = await startSignIn();
    const back = await approveAtGoogle(url);
    return completeSignIn(back.searchParams, cookies);
  }

  const sessionOf = (cookie: string) => shop.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });

  it('sends the shopper to Google with PKCE, state, the account chooser and the /auth/callback page', async () => {
    const { url, cookies } = await startSignIn();
    expect(`${url.origin}${url.pathname}`).toBe(`${google.issuer.url}/authorize`);
    const q = url.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe(CLIENT_ID);
    expect(q.get('redirect_uri')).toBe(`${TEST_PUBLIC_URL}/auth/callback`);
    expect(q.get('scope')!.split(' ').sort()).toEqual(['email', 'openid', 'profile']);
    expect(q.get('prompt')).toBe('select_account');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('state')!.length).toBeGreaterThanOrEqual(32);
    expect(q.get('nonce')).toBeTruthy();
    // The state is also bound to this browser, so a link carrying someone else's state fails.
    expect(cookies.some((c) => /^better-auth\.state=./.test(c))).toBe(true);
  });

  it('signs in with the identity from the ID token, creating a verified account and a session', async () => {
    const who = newIdentity();
    const res = await signInWithGoogle(who);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/profile');
    const cookie = sessionCookie(res.headers['set-cookie']);
    expect(cookie).toBeDefined();

    const session = await sessionOf(cookie!);
    expect(session.json()).toMatchObject({ user: { email: who.email, name: who.name, emailVerified: true } });
    const [user] = await shop.db.select().from(users).where(eq(users.email, who.email));
    const linked = await shop.db.select().from(accounts).where(eq(accounts.userId, user!.id));
    expect(linked.map((a) => [a.providerId, a.accountId])).toEqual([['google', who.sub]]);

    // The next sign-in with the same Google account finds the same shopper.
    const again = await signInWithGoogle(who);
    const second = await sessionOf(sessionCookie(again.headers['set-cookie'])!);
    expect(second.json()).toMatchObject({ user: { id: user!.id } });
  });

  it('keeps an address Google has not verified unverified', async () => {
    const who = newIdentity({ email_verified: false });
    const res = await signInWithGoogle(who);
    expect(res.headers.location).toBe('/profile');
    const session = await sessionOf(sessionCookie(res.headers['set-cookie'])!);
    expect(session.json()).toMatchObject({ user: { email: who.email, emailVerified: false } });
  });

  it('refuses a wrong state, and a callback without the browser that started it', async () => {
    identity = newIdentity();
    const { url, cookies } = await startSignIn();
    const back = await approveAtGoogle(url);

    const forged = new URLSearchParams(back.searchParams);
    forged.set('state', 'a-state-this-shop-never-issued-0123456789');
    const wrong = await completeSignIn(forged, cookies);
    expect(wrong.statusCode).toBe(302);
    expect(wrong.headers.location).toMatch(/^\/\?auth=error&error=state_/);
    expect(sessionCookie(wrong.headers['set-cookie'])).toBeUndefined();

    const otherBrowser = await completeSignIn(back.searchParams, []);
    expect(otherBrowser.headers.location).toMatch(/^\/\?auth=error&error=state_/);
    expect(sessionCookie(otherBrowser.headers['set-cookie'])).toBeUndefined();

    // The genuine pair still works once; the code and state are then spent.
    const good = await completeSignIn(back.searchParams, cookies);
    expect(good.headers.location).toBe('/profile');
    expect(sessionCookie(good.headers['set-cookie'])).toBeDefined();
    const replay = await completeSignIn(back.searchParams, cookies);
    expect(replay.headers.location).toMatch(/^\/\?auth=error/);
    expect(sessionCookie(replay.headers['set-cookie'])).toBeUndefined();
  });

  it('refuses an ID token that was issued to another client', async () => {
    const who = newIdentity();
    const res = await signInWithGoogle({ ...who, aud: 'someone-else.apps.googleusercontent.com' } as GoogleIdentity);
    expect(res.headers.location).toBe('/?auth=error&error=unable_to_get_user_info');
    expect(sessionCookie(res.headers['set-cookie'])).toBeUndefined();
    expect(await shop.db.select().from(users).where(eq(users.email, who.email))).toEqual([]);
  });

  it('signs a customer moved off Firebase in with Google into the imported account', async () => {
    const who = newIdentity();
    const report = await importFirebaseUsers(
      shop.db,
      [{ localId: 'firebase-uid', email: who.email, emailVerified: true, displayName: who.name, providerUserInfo: [{ providerId: 'google.com', rawId: who.sub }] }],
      SAMPLE_PARAMETERS,
    );
    expect(report.created).toBe(1);
    const [imported] = await shop.db.select().from(users).where(eq(users.email, who.email));
    const res = await signInWithGoogle(who);
    expect(res.statusCode).toBe(302);
    const session = await sessionOf(sessionCookie(res.headers['set-cookie'])!);
    expect(session.json()).toMatchObject({ user: { id: imported!.id, email: who.email } });
    expect(await shop.db.select().from(accounts).where(eq(accounts.userId, imported!.id))).toHaveLength(1);
  });

  it('passes on a refusal at Google (the shopper cancelled) as an error', async () => {
    identity = newIdentity();
    const { url, cookies } = await startSignIn();
    const query = new URLSearchParams({ state: url.searchParams.get('state')!, error: 'access_denied' });
    const res = await completeSignIn(query, cookies);
    expect(res.headers.location).toBe('/?auth=error&error=access_denied');
    expect(sessionCookie(res.headers['set-cookie'])).toBeUndefined();
  });

  describe('an email that already has a password account', () => {
    async function passwordAccount(email: string, verified: boolean): Promise<string> {
      const res = await shop.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: origin,
        payload: { name: 'Password Owner', email, password: 'vlag-2026' },
      });
      expect(res.statusCode).toBe(200);
      const [user] = await shop.db.update(users).set({ emailVerified: verified }).where(eq(users.email, email)).returning();
      return user!.id;
    }

    it('is joined when both Google and the shop have verified the address', async () => {
      const who = newIdentity();
      const userId = await passwordAccount(who.email, true);
      const res = await signInWithGoogle(who);
      expect(res.headers.location).toBe('/profile');
      const session = await sessionOf(sessionCookie(res.headers['set-cookie'])!);
      expect(session.json()).toMatchObject({ user: { id: userId, email: who.email } });
      const providers = await shop.db.select({ providerId: accounts.providerId }).from(accounts).where(eq(accounts.userId, userId));
      expect(providers.map((p) => p.providerId).sort()).toEqual(['credential', 'google']);
    });

    it('is not joined when Google has not verified the address', async () => {
      const who = newIdentity({ email_verified: false });
      await passwordAccount(who.email, true);
      const res = await signInWithGoogle(who);
      expect(res.headers.location).toBe('/?auth=error&error=account_not_linked');
      expect(sessionCookie(res.headers['set-cookie'])).toBeUndefined();
    });

    it('is not joined while the shop account is unverified (whoever signed up may not own the address)', async () => {
      const who = newIdentity();
      const userId = await passwordAccount(who.email, false);
      const res = await signInWithGoogle(who);
      expect(res.headers.location).toBe('/?auth=error&error=account_not_linked');
      expect(sessionCookie(res.headers['set-cookie'])).toBeUndefined();
      const providers = await shop.db.select({ providerId: accounts.providerId }).from(accounts).where(eq(accounts.userId, userId));
      expect(providers.map((p) => p.providerId)).toEqual(['credential']);
    });
  });

  it('says Google is offered on both config paths', async () => {
    for (const url of ['/api/config/auth', '/api/config/firebase']) {
      expect((await shop.app.inject({ method: 'GET', url })).json()).toEqual({ provider: 'accounts', googleEnabled: true });
    }
  });
});

describe.each(testDatabases())('without Google settings on $name', (target) => {
  it('offers no Google sign-in', async () => {
    const t = await startTestApp(target);
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/config/auth' })).json()).toEqual({ provider: 'accounts', googleEnabled: false });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/social',
        headers: origin,
        payload: { provider: 'google', disableRedirect: true, callbackURL: '/profile' },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
