import { generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { users } from '../db/schema';
import { firebaseTarget, outboxEmails, startTestApp, testDatabases, TEST_PUBLIC_URL, type TestApp } from '../testing/test-support';
import { signUpShopper } from '../testing/test-shoppers';
import { EMULATOR_PROJECT_ID } from '../testing/firebase-emulator';
import { freePort } from '../testing/free-port';
import { backdateFirebaseAccount, firebaseGoogleSignIn, firebaseShopper, firebaseSignIn, tamperedToken } from '../testing/firebase-users';
import type { FastifyRequest } from 'fastify';
import { createFirebaseAccounts, firebaseMessages } from './firebase-identity';
import type { FirebaseSettings } from './firebase-settings';
import { emailContextOf } from '../email-context';

const origin = { origin: TEST_PUBLIC_URL };
const PASSWORD = 'firebase-1';

describe('AUTH_PROVIDER=firebase settings', () => {
  it('names every missing setting of a real project, and needs only the project id on the emulator', () => {
    expect(() => loadConfig({ AUTH_PROVIDER: 'firebase' })).toThrow(
      /FIREBASE_PROJECT_ID is required[\s\S]*FIREBASE_API_KEY is required[\s\S]*FIREBASE_AUTH_DOMAIN is required[\s\S]*FIREBASE_APP_ID is required[\s\S]*GOOGLE_APPLICATION_CREDENTIALS/,
    );
    expect(() => loadConfig({ AUTH_PROVIDER: 'Firebase' })).toThrow("AUTH_PROVIDER must be 'accounts'");
    expect(() => loadConfig({ AUTH_PROVIDER: 'firebase', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toThrow('FIREBASE_PROJECT_ID is required');
    expect(() => loadConfig({ AUTH_PROVIDER: 'firebase', FIREBASE_PROJECT_ID: 'demo-x', FIREBASE_AUTH_EMULATOR_HOST: 'http://127.0.0.1:9099' })).toThrow(
      'FIREBASE_AUTH_EMULATOR_HOST must be host:port',
    );
    const onEmulator = loadConfig({ AUTH_PROVIDER: 'firebase', FIREBASE_PROJECT_ID: 'demo-x', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' });
    expect(onEmulator.signIn).toMatchObject({ provider: 'firebase', web: { projectId: 'demo-x', authDomain: 'demo-x.firebaseapp.com' }, emulatorHost: '127.0.0.1:9099' });
    expect(loadConfig({}).signIn).toEqual({ provider: 'accounts' });
  });

  it('reads a service account key, and refuses one that is not JSON or belongs to another project', () => {
    const web = { AUTH_PROVIDER: 'firebase', FIREBASE_PROJECT_ID: 'flags-za', FIREBASE_API_KEY: 'AIza-key', FIREBASE_AUTH_DOMAIN: 'flags-za.firebaseapp.com', FIREBASE_APP_ID: '1:2:web:3' };
    const key = { project_id: 'flags-za', client_email: 'shop@flags-za.iam.gserviceaccount.com', private_key: 'key' };
    expect(loadConfig({ ...web, FIREBASE_SERVICE_ACCOUNT: JSON.stringify(key) }).signIn).toMatchObject({ serviceAccount: { projectId: 'flags-za' } });
    expect(loadConfig({ ...web, GOOGLE_APPLICATION_CREDENTIALS: '/etc/shop/key.json' }).signIn).toMatchObject({ serviceAccount: undefined });
    expect(() => loadConfig({ ...web, FIREBASE_SERVICE_ACCOUNT: '{not json' })).toThrow('FIREBASE_SERVICE_ACCOUNT must be');
    expect(() => loadConfig({ ...web, FIREBASE_SERVICE_ACCOUNT: JSON.stringify({ ...key, project_id: 'other' }) })).toThrow('belongs to project other');
    expect(() => loadConfig({ ...web, FIREBASE_SERVICE_ACCOUNT: JSON.stringify(key), FIREBASE_GOOGLE_SIGN_IN: 'yes' })).toThrow('FIREBASE_GOOGLE_SIGN_IN');
  });
});

describe('signing in with Firebase Authentication (the emulator)', () => {
  const target = firebaseTarget();
  let t: TestApp;
  let host: string;
  const ADMIN = 'owner@capeflag.co.za';

  const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { ...origin, ...headers } });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const sync = (token: string, body: object = {}) => call('POST', '/api/user/sync', bearer(token), body);
  const firebaseSettings = () => t.config.signIn as FirebaseSettings;
  const fresh = (label: string) => `${label}-${Math.random().toString(36).slice(2, 8)}@example.co.za`;

  beforeAll(async () => {
    t = await startTestApp(target, { env: { ADMIN_EMAILS: ADMIN } });
    host = t.config.signIn.provider === 'firebase' ? t.config.signIn.emulatorHost! : '';
  });
  afterAll(async () => {
    await t?.close();
  });

  it('hands the browser its Firebase web config, the same on both paths', async () => {
    for (const url of ['/api/config/firebase', '/api/config/auth']) {
      const res = await call('GET', url);
      expect(res.json()).toEqual({
        provider: 'firebase',
        googleEnabled: true,
        firebase: { apiKey: 'emulator-api-key', authDomain: `${EMULATOR_PROJECT_ID}.firebaseapp.com`, projectId: EMULATOR_PROJECT_ID },
        authEmulatorUrl: `http://${host}`,
      });
    }
  });

  it('sync creates the shop row once, with a welcome email and a session cookie, and keeps it up to date', async () => {
    const email = fresh('naledi');
    const firebase = await firebaseShopper(host, email, PASSWORD, false);
    const first = await sync(firebase.idToken, { displayName: 'Naledi Khumalo' });
    expect(first.statusCode).toBe(200);
    const { user } = first.json<{ user: { id: string; email: string; emailVerified: boolean; name: string } }>();
    expect(user).toMatchObject({ email, emailVerified: false, name: 'Naledi Khumalo' });
    expect(String(first.headers['set-cookie'])).toMatch(/^firebase-session=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=432000$/);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ firebaseUid: firebase.uid, email, name: 'Naledi Khumalo' });

    const again = await sync(firebase.idToken, { displayName: 'Naledi K.' });
    expect(again.json().user).toMatchObject({ id: user.id, name: 'Naledi K.' });
    const welcomes = (await outboxEmails(t.database.db)).filter((e) => e.payload.to === email && e.payload.subject.startsWith('Welcome'));
    expect(welcomes).toHaveLength(1);
  });

  it('the session cookie and the bearer ID token both say who is signed in; sign-out ends the cookie', async () => {
    const shopper = await signUpShopper(t, { name: 'Ayanda Zulu', email: fresh('ayanda'), password: PASSWORD });
    const byCookie = await call('GET', '/api/auth/get-session', { cookie: shopper.cookie });
    expect(byCookie.json()).toMatchObject({ user: { id: shopper.id, emailVerified: true, name: 'Ayanda Zulu' } });
    expect(byCookie.headers['cache-control']).toBe('no-store');
    expect((await call('GET', '/api/profile', bearer(shopper.token))).json()).toMatchObject({ user: { id: shopper.id, hasPassword: false } });

    const out = await call('POST', '/api/auth/sign-out', { cookie: shopper.cookie }, {});
    expect(String(out.headers['set-cookie'])).toMatch(/^firebase-session=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0$/);
    expect((await call('GET', '/api/auth/get-session')).json()).toBeNull();
  });

  it('sign-out revokes the account’s sessions: cookies made before it fail at once in this process, and in another at its check with Firebase', async () => {
    const email = fresh('leaver');
    const shopper = await signUpShopper(t, { name: 'Thabo Mokoena', email, password: PASSWORD });
    const sessionOf = async (cookie: string) => (await call('GET', '/api/auth/get-session', { cookie })).json();
    // Cookies of this browser and of another device, signed in half a minute and a minute ago (the
    // emulator signs nothing): Firebase counts sign-ins in whole seconds, and one made in the very
    // second of the sign-out would be as good as one made just after it.
    await backdateFirebaseAccount(host, (await firebaseSignIn(host, email, PASSWORD)).uid, 120);
    const value = shopper.cookie.slice('firebase-session='.length);
    const claims = JSON.parse(Buffer.from(value.split('.')[1]!, 'base64url').toString()) as { auth_time: number; iat: number };
    const signedInAgo = (seconds: number) => `firebase-session=${tamperedToken(value, { auth_time: claims.auth_time - seconds, iat: claims.iat - seconds })}`;
    const [thisDevice, otherDevice] = [signedInAgo(30), signedInAgo(60)];
    for (const cookie of [thisDevice, otherDevice]) expect(await sessionOf(cookie)).toMatchObject({ user: { id: shopper.id } });

    const out = await call('POST', '/api/auth/sign-out', { cookie: thisDevice }, {});
    expect(out.statusCode).toBe(200);
    for (const cookie of [thisDevice, otherDevice]) {
      expect(await sessionOf(cookie)).toBeNull();
      expect((await call('GET', '/api/profile', { cookie })).statusCode).toBe(401);
    }

    // Another process of the shop asks Firebase at its first sight of a cookie, and at least every five minutes after.
    const otherProcess = createFirebaseAccounts({ db: t.database.db, settings: firebaseSettings(), servedOverHttps: false, email: emailContextOf(t.config) });
    try {
      expect(await otherProcess.identity.userOf({ headers: { cookie: otherDevice } } as unknown as FastifyRequest)).toBeNull();
    } finally {
      await otherProcess.close();
    }

    // Signing in again afterwards works as usual.
    const again = await sync((await firebaseSignIn(host, email, PASSWORD)).idToken);
    expect(again.statusCode).toBe(200);
    const cookie = String(again.headers['set-cookie']).split(';')[0]!;
    expect(await sessionOf(cookie)).toMatchObject({ user: { id: shopper.id } });
    expect(await sessionOf(otherDevice)).toBeNull();
  });

  it('an admin by ADMIN_EMAILS is an admin through a bearer token once verified', async () => {
    const unverified = await firebaseShopper(host, ADMIN, PASSWORD, false);
    await sync(unverified.idToken);
    expect((await call('GET', '/api/admin/check', bearer(unverified.idToken))).json()).toMatchObject({ isAdmin: false });
    const { verifyFirebaseEmail } = await import('../testing/firebase-users');
    await verifyFirebaseEmail(host, unverified, ADMIN);
    const verified = await firebaseSignIn(host, ADMIN, PASSWORD);
    const check = await call('GET', '/api/admin/check', bearer(verified.idToken));
    expect(check.statusCode).toBe(200);
    expect(check.json()).toMatchObject({ isAdmin: true });
  });

  it('refuses tampered, expired and other projects’ tokens with 401, in words', async () => {
    const shopper = await firebaseShopper(host, fresh('forger'), PASSWORD);
    expect((await sync(shopper.idToken)).statusCode).toBe(200);
    const [header, payload] = shopper.idToken.split('.');
    const refused = [
      `${header}.${payload!.slice(0, -6)}AAAAAA.`, // payload no longer JSON
      tamperedToken(shopper.idToken, { exp: Math.floor(Date.now() / 1000) - 60 }),
      tamperedToken(shopper.idToken, { aud: 'another-shop', iss: 'https://securetoken.google.com/another-shop' }),
      tamperedToken(shopper.idToken, { sub: '' }),
    ];
    for (const token of refused) {
      const res = await sync(token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: firebaseMessages.tokenRefused, code: 'not_signed_in' });
      expect((await call('GET', '/api/profile', bearer(token))).statusCode).toBe(401);
    }
    expect((await call('GET', '/api/profile', { cookie: 'firebase-session=forged.cookie.value' })).statusCode).toBe(401);
    expect((await call('POST', '/api/user/sync', {}, {})).statusCode).toBe(401);
  });

  it('refuses bad sync bodies with 400 in words, and better-auth’s own calls are not served', async () => {
    const shopper = await firebaseShopper(host, fresh('bodies'), PASSWORD);
    // The profile's rule for names, as at the shop's own sign-up.
    for (const [displayName, message] of [
      ['x'.repeat(60_000), 'Name must be at most 50 characters'],
      ['x'.repeat(51), 'Name must be at most 50 characters'],
      ['X', 'Name must be at least 2 characters'],
      [42, 'Name must be at least 2 characters'],
    ] as const) {
      const bad = await sync(shopper.idToken, { displayName });
      expect({ status: bad.statusCode, body: bad.json() }).toEqual({ status: 400, body: { message, code: 'invalid_input' } });
    }
    expect(await t.database.db.select().from(users).where(eq(users.firebaseUid, shopper.uid))).toEqual([]);
    expect((await sync(shopper.idToken, { displayName: 'Nul\u0000l' })).statusCode).toBe(400);
    expect((await sync(shopper.idToken, { photoURL: 'javascript:alert(1)' })).json().message).toBe('Photo must be an http(s) address');
    const array = await call('POST', '/api/user/sync', bearer(shopper.idToken), [1] as unknown as object);
    expect(array.statusCode).toBe(400);
    for (const url of ['/api/auth/sign-up/email', '/api/auth/sign-in/email', '/api/auth/request-password-reset', '/api/auth/send-verification']) {
      expect((await call('POST', url, {}, { email: 'a@example.co.za', password: PASSWORD, name: 'A' })).statusCode).toBe(404);
    }
  });

  it('joins a shop account of the same email only when Firebase says the address is verified', async () => {
    const email = fresh('imported');
    await t.database.db.insert(users).values({ id: `imported-${email}`, email, name: 'Imported Customer', emailVerified: true });
    const unverified = await firebaseShopper(host, email, PASSWORD, false);
    const refused = await sync(unverified.idToken);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: firebaseMessages.emailTaken, code: 'conflict' });
    const { verifyFirebaseEmail } = await import('../testing/firebase-users');
    await verifyFirebaseEmail(host, unverified, email);
    const joined = await sync((await firebaseSignIn(host, email, PASSWORD)).idToken);
    expect(joined.json().user).toMatchObject({ id: `imported-${email}`, name: 'Imported Customer', emailVerified: true });
  });

  it('Google accounts sign in through Firebase too, with the name Google gives, made to fit the rule', async () => {
    const google = await firebaseGoogleSignIn(host, fresh('google'), 'Lerato Molefe');
    const res = await sync(google.idToken);
    expect(res.json().user).toMatchObject({ name: 'Lerato Molefe', emailVerified: true });
    const long = await firebaseGoogleSignIn(host, fresh('google-long'), `Nomvula ${'Dlamini-'.repeat(8)}`);
    expect((await sync(long.idToken)).json().user).toMatchObject({ name: `Nomvula ${'Dlamini-'.repeat(8)}`.slice(0, 50) });
  });

  it('deleting the account (POPIA) needs a recent sign-in, then deletes the Firebase account too; its tokens stop working', async () => {
    const email = fresh('leaving');
    const shopper = await firebaseShopper(host, email, PASSWORD);
    expect((await sync(shopper.idToken)).statusCode).toBe(200);
    // Ten minutes on, the same sign-in is too old to delete with.
    const later = createFirebaseAccounts({ db: t.database.db, settings: firebaseSettings(), servedOverHttps: false, email: emailContextOf(t.config), now: () => Date.now() + 10 * 60_000 });
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    await expect(later.identity.beforeDeletion({ headers: bearer(shopper.idToken) } as unknown as FastifyRequest, row!.id)).rejects.toThrow(firebaseMessages.signInAgain);
    await later.close();
    expect(await firebaseSignIn(host, email, PASSWORD)).toMatchObject({ uid: shopper.uid });

    const wrongEmail = await call('POST', '/api/profile/delete', bearer(shopper.idToken), { confirmEmail: 'someone@example.co.za' });
    expect(wrongEmail.statusCode).toBe(400);

    const deleted = await call('POST', '/api/profile/delete', bearer(shopper.idToken), { confirmEmail: email });
    expect(deleted.statusCode).toBe(200);
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    await expect(firebaseSignIn(host, email, PASSWORD)).rejects.toThrow('EMAIL_NOT_FOUND');
    // The token it still holds neither signs in again nor brings the account back.
    expect((await sync(shopper.idToken)).statusCode).toBe(401);
    expect((await call('GET', '/api/profile', bearer(shopper.idToken))).statusCode).toBe(401);
  });
});

describe('a shop on a real Firebase project', () => {
  it('refuses the emulator’s unsigned tokens without asking anyone', async () => {
    const [pglite] = testDatabases();
    const emulator = firebaseTarget();
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const key = { project_id: EMULATOR_PROJECT_ID, client_email: `shop@${EMULATOR_PROJECT_ID}.iam.gserviceaccount.com`, private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }) };
    const emulatorEnv = await emulator.env!();
    const real = await startTestApp(pglite!, {
      env: { AUTH_PROVIDER: 'firebase', FIREBASE_PROJECT_ID: EMULATOR_PROJECT_ID, FIREBASE_API_KEY: 'AIza-key', FIREBASE_AUTH_DOMAIN: 'x.firebaseapp.com', FIREBASE_APP_ID: '1:2:web:3', FIREBASE_SERVICE_ACCOUNT: JSON.stringify(key) },
    });
    try {
      const unsigned = (await firebaseShopper(emulatorEnv.FIREBASE_AUTH_EMULATOR_HOST!, `unsigned-${Date.now()}@example.co.za`, PASSWORD)).idToken;
      const res = await real.app.inject({ method: 'GET', url: '/api/profile', headers: { authorization: `Bearer ${unsigned}` } });
      expect(res.statusCode).toBe(401);
    } finally {
      await real.close();
    }
  });

  it('answers 503 in words when Firebase cannot be reached, and the sign-in is not counted against the shopper', async () => {
    const [pglite] = testDatabases();
    const emulatorEnv = await firebaseTarget().env!();
    const token = (await firebaseShopper(emulatorEnv.FIREBASE_AUTH_EMULATOR_HOST!, `offline-${Date.now()}@example.co.za`, PASSWORD)).idToken;
    const closedPort = `127.0.0.1:${await freePort()}`;
    const offline = await startTestApp(pglite!, { env: { ...emulatorEnv, FIREBASE_AUTH_EMULATOR_HOST: closedPort } });
    try {
      for (let attempt = 0; attempt < 35; attempt += 1) {
        const res = await offline.app.inject({ method: 'POST', url: '/api/user/sync', payload: {}, headers: { origin: TEST_PUBLIC_URL, authorization: `Bearer ${token}` } });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ message: firebaseMessages.unavailable, code: 'sign_in_unavailable' });
      }
    } finally {
      await offline.close();
    }
  });
});
