import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import { buildApp } from '../app';
import { describeShop } from '../testing/describe-shop';
import { TEST_PUBLIC_URL } from '../testing/test-support';

const TOO_MANY = { message: 'Too many failed attempts. Please try again later.', code: 'too_many_attempts' };
/** The spec's sentence, then when to try again and what else to do. */
const SIGN_IN_TOO_MANY = {
  message: expect.stringMatching(/^Too many failed attempts\. Please try again later\. You can try again in \d+ minutes?, or choose a new password now with "Forgot your password\?"\.$/),
  code: 'too_many_attempts',
};
const SIGN_UP_TOO_MANY = {
  message: expect.stringMatching(/^Too many failed attempts\. Please try again later\. You can try again in \d+ minutes?\. If you already have an account, sign in or use "Forgot your password\?"\.$/),
  code: 'too_many_attempts',
};
const EMAILS_TOO_MANY = {
  message: expect.stringMatching(/^Several emails were already asked for this address in the last hour\. Please look for them in your inbox and spam folder, or ask again in \d+ minutes?\.$/),
  code: 'too_many_attempts',
};
const headers = { origin: TEST_PUBLIC_URL };

describeShop('rate limits', {}, (shop) => {
  /** A second app on the same database: another process behind the load balancer. */
  let other: FastifyInstance;

  beforeAll(async () => {
    other = await buildApp({ config: shop.config, database: shop.database, logger: false });
    await other.ready();
  });
  afterAll(async () => {
    await other?.close();
  });

  const post = (url: string, payload: object, from = '203.0.113.10', app: FastifyInstance = shop.app) =>
    app.inject({ method: 'POST', url, payload, headers, remoteAddress: from });

  it('refuses sign-in after 5 failed attempts for one email, from any address and any process, even with the right password', async () => {
    const account = { name: 'Ayanda', email: 'ayanda@example.co.za', password: 'right-password' };
    expect((await post('/api/auth/sign-up/email', account)).statusCode).toBe(200);

    for (let i = 0; i < 5; i++) {
      const wrong = await post('/api/auth/sign-in/email', { email: account.email, password: 'wrong' }, `198.51.100.${i}`, i % 2 ? other : shop.app);
      expect(wrong.statusCode).toBe(401);
    }
    for (const app of [shop.app, other]) {
      const res = await post('/api/auth/sign-in/email', { email: account.email, password: account.password }, '192.0.2.77', app);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual(SIGN_IN_TOO_MANY);
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    }
    // Another shopper is not locked out by someone else's guesses.
    expect((await post('/api/auth/sign-in/email', { email: 'someone@example.co.za', password: 'x' }, '192.0.2.77')).statusCode).toBe(401);
  });

  it('does not count successful sign-ins, and a success clears the failures of that email', async () => {
    const account = { name: 'Bongani', email: 'bongani@example.co.za', password: 'right-password' };
    expect((await post('/api/auth/sign-up/email', account, '203.0.113.20')).statusCode).toBe(200);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) {
        expect((await post('/api/auth/sign-in/email', { ...account, password: 'nope' }, '203.0.113.21')).statusCode).toBe(401);
      }
      expect((await post('/api/auth/sign-in/email', account, '203.0.113.21')).statusCode).toBe(200);
    }
  });

  it('refuses sign-in from one address after 30 failures across many emails', async () => {
    const from = '203.0.113.30';
    for (let i = 0; i < 30; i++) {
      expect((await post('/api/auth/sign-in/email', { email: `guess${i}@example.co.za`, password: 'x' }, from)).statusCode).toBe(401);
    }
    const res = await post('/api/auth/sign-in/email', { email: 'guess-last@example.co.za', password: 'x' }, from);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(SIGN_IN_TOO_MANY);
    expect((await post('/api/auth/sign-in/email', { email: 'guess-last@example.co.za', password: 'x' }, '203.0.113.31')).statusCode).toBe(401);
  });

  it('limits sign-ups of one email to 3 an hour', async () => {
    const email = 'repeat@example.co.za';
    for (let i = 0; i < 3; i++) await post('/api/auth/sign-up/email', { name: 'Repeat', email, password: 'password-1' }, `203.0.113.${40 + i}`);
    const res = await post('/api/auth/sign-up/email', { name: 'Repeat', email, password: 'password-1' }, '203.0.113.49');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(SIGN_UP_TOO_MANY);
  });

  it('limits verification and password-reset emails to 5 an hour per email address', async () => {
    const email = 'inbox@example.co.za';
    for (let i = 0; i < 3; i++) {
      expect((await post('/api/auth/send-verification', { email }, '203.0.113.50')).statusCode).toBe(200);
    }
    for (let i = 0; i < 2; i++) {
      expect((await post('/api/auth/request-password-reset', { email, redirectTo: '/password-reset' }, '203.0.113.51')).statusCode).toBe(200);
    }
    for (const url of ['/api/auth/send-verification', '/api/auth/request-password-reset', '/api/auth/request-password-reset/']) {
      const res = await post(url, { email, redirectTo: '/password-reset' }, '203.0.113.52', other);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual(EMAILS_TOO_MANY);
    }
  });

  it('limits contact messages to 5 an hour per sender; a refused form costs nothing', async () => {
    const message = { name: 'Zanele', email: 'zanele@example.co.za', message: 'Do you sell the old South African flag?' };
    expect((await post('/api/contact', { ...message, email: 'not-an-email' }, '203.0.113.60')).statusCode).toBe(400);
    for (let i = 0; i < 5; i++) expect((await post('/api/contact', message, '203.0.113.60')).statusCode).toBe(201);
    const res = await post('/api/contact', message, '203.0.113.61');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(TOO_MANY);
    expect((await post('/api/contact', { ...message, email: 'sibling@example.co.za' }, '203.0.113.61')).statusCode).toBe(201);
  });

  it('limits quote requests like contact messages: 5 an hour per sender, a refused form costing nothing', async () => {
    const request = { name: 'Zanele', email: 'zanele@school.example.co.za', deliveryArea: 'Polokwane, Limpopo', lines: [{ flag: 'School crest', size: '2 m × 1 m', quantity: 40 }] };
    expect((await post('/api/quotes', { ...request, lines: [] }, '203.0.113.62')).statusCode).toBe(400);
    for (let i = 0; i < 5; i++) expect((await post('/api/quotes', request, '203.0.113.62')).statusCode).toBe(201);
    const res = await post('/api/quotes', request, '203.0.113.63');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(TOO_MANY);
    expect((await post('/api/quotes', { ...request, email: 'office@school.example.co.za' }, '203.0.113.63')).statusCode).toBe(201);
  });

  it('counts wrong current passwords when changing the password or deleting the account like failed sign-ins', async () => {
    const account = { name: 'Cebo', email: 'cebo@example.co.za', password: 'cebo-pass-1' };
    expect((await post('/api/auth/sign-up/email', account, '203.0.113.70')).statusCode).toBe(200);
    const signIn = await post('/api/auth/sign-in/email', account, '203.0.113.70');
    const cookie = [signIn.headers['set-cookie']].flat().find((c) => c?.startsWith('better-auth.session_token='))!.split(';')[0]!;
    const withCookie = (url: string, payload: object) =>
      shop.app.inject({ method: 'POST', url, payload, headers: { ...headers, cookie }, remoteAddress: '203.0.113.71' });

    for (let i = 0; i < 3; i++) {
      const res = await withCookie('/api/auth/change-password', { currentPassword: 'guess', newPassword: 'new-pass-2' });
      expect(res.statusCode).toBe(400);
    }
    // A too-short new password is a typo, not a guess.
    expect((await withCookie('/api/auth/change-password', { currentPassword: account.password, newPassword: 'x' })).statusCode).toBe(400);
    for (let i = 0; i < 2; i++) {
      expect((await withCookie('/api/profile/delete', { password: 'guess' })).statusCode).toBe(400);
    }
    for (const [url, payload] of [
      ['/api/auth/change-password', { currentPassword: account.password, newPassword: 'new-pass-2' }],
      ['/api/profile/delete', { password: account.password }],
    ] as const) {
      const res = await withCookie(url, payload);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual(SIGN_IN_TOO_MANY);
    }
    expect((await post('/api/auth/sign-in/email', account, '203.0.113.72')).statusCode).toBe(429);
  });

  it('checks at most 5 passwords of one email when 40 guesses arrive at once', async () => {
    const account = { name: 'Dumisani', email: 'dumisani@example.co.za', password: 'right-password' };
    expect((await post('/api/auth/sign-up/email', account, '203.0.113.80')).statusCode).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        post('/api/auth/sign-in/email', { email: account.email, password: `guess-${i}` }, `198.51.100.${100 + i}`, i % 2 ? other : shop.app),
      ),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(35);
  });

  it('reads the email of a sign-in the way better-auth does: forms and JSON behind a byte-order mark are refused, not uncounted', async () => {
    const account = { name: 'Esethu', email: 'esethu@example.co.za', password: 'right-password' };
    expect((await post('/api/auth/sign-up/email', account, '203.0.113.90')).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) {
      expect((await post('/api/auth/sign-in/email', { email: account.email, password: 'wrong' }, '203.0.113.91')).statusCode).toBe(401);
    }
    const send = (payload: string, contentType: string) =>
      shop.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload,
        headers: { ...headers, 'content-type': contentType },
        remoteAddress: '203.0.113.92',
      });
    const form = await send(new URLSearchParams(account).toString(), 'application/x-www-form-urlencoded');
    expect(form.statusCode).toBe(415);
    expect(form.json()).toEqual({ message: 'Send the request body as application/json', code: 'unsupported_media_type' });
    expect((await send(JSON.stringify(account), 'text/plain')).statusCode).toBe(415);
    const withMark = await send(`\uFEFF${JSON.stringify(account)}`, 'application/json');
    expect(withMark.statusCode).toBe(400);
    expect(withMark.json()).toEqual({ message: 'The request body is not valid JSON', code: 'invalid_input' });
    // The same email in another case or with spaces is the same account to better-auth, and to the limit.
    const shouted = await post('/api/auth/sign-in/email', { email: ` ${account.email.toUpperCase()}`, password: account.password }, '203.0.113.93');
    expect(shouted.statusCode).toBe(429);
    expect((await send(JSON.stringify(account), 'application/json; charset=utf-8')).statusCode).toBe(429);
  });

  it('limits sign-up and reset emails for an email however the body is sent', async () => {
    const email = 'formfill@example.co.za';
    const form = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: new URLSearchParams({ email, redirectTo: '/password-reset' }).toString(),
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: '203.0.113.95',
    });
    expect(form.statusCode).toBe(415);
    const signUp = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: new URLSearchParams({ name: 'F', email, password: 'password-1' }).toString(),
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: '203.0.113.95',
    });
    expect(signUp.statusCode).toBe(415);
    expect(await shop.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });
});
