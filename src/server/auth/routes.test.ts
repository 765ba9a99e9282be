import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { users } from '../db/schema';
import { outboxEmails, TEST_PUBLIC_URL, type TestApp } from '../testing/test-support';
import { describeShop } from '../testing/describe-shop';

const account = { name: 'Thandi Nkosi', email: 'thandi@example.co.za', password: 'vlag-2026' };
// Browsers send Origin on POST; better-auth checks it against the trusted origins.
const headers = { origin: TEST_PUBLIC_URL };
/** What every sign-up answers, whether or not the address already has an account. */
const signUpAnswer = { success: true, message: 'Please check your email: we have sent you a link to continue.' };

/** The name=value part of the session cookie in a response, and the whole header for its attributes. */
function sessionCookie(setCookie: string | string[] | undefined): { pair: string; header: string } | undefined {
  const header = [setCookie ?? []].flat().find((c) => c.startsWith('better-auth.session_token='));
  return header ? { pair: header.split(';')[0]!, header } : undefined;
}

/** token and email of the verification link in the newest email to `to`. */
async function latestLink(t: TestApp, to: string): Promise<URL> {
  const rows = await outboxEmails(t.database.db);
  const mine = rows.filter((r) => r.payload.to === to && r.payload.text.includes('/verify-email?')).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const text = mine.at(-1)!.payload.text;
  const match = /https?:\/\/\S+\/verify-email\?\S+/.exec(text);
  return new URL(match![0]);
}

describeShop('accounts API', {}, (shop) => {
  let cookie: string;

  const post = (url: string, payload: object, cookieHeader?: string) =>
    shop.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...(cookieHeader ? { cookie: cookieHeader } : {}) } });
  const getSession = (cookieHeader: string) =>
    shop.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: cookieHeader } });
  const verify = (query: string) => shop.app.inject({ method: 'GET', url: `/api/auth/verify-email${query}` });
  const emailsTo = async (to: string) => (await outboxEmails(shop.db)).filter((r) => r.payload.to === to);

  it('signs up without signing in, queues the verification and welcome emails, and the password signs in at once with an httpOnly SameSite=Lax cookie', async () => {
    const res = await post('/api/auth/sign-up/email', account);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(signUpAnswer);
    expect(sessionCookie(res.headers['set-cookie'])).toBeUndefined();
    expect(res.headers['set-auth-token']).toBeUndefined();

    // The spec lets an unverified shopper sign in; only paying needs the verified address.
    const signIn = await post('/api/auth/sign-in/email', { email: account.email, password: account.password });
    const session = sessionCookie(signIn.headers['set-cookie']);
    expect(session).toBeDefined();
    expect(session!.header).toMatch(/HttpOnly/i);
    expect(session!.header).toMatch(/SameSite=Lax/i);
    expect(session!.header).not.toMatch(/Secure/i); // http PUBLIC_URL
    cookie = session!.pair;

    const emails = await emailsTo(account.email);
    expect(emails.map((e) => e.payload.subject).sort()).toEqual([
      'Please verify your email address - Cape Flag Co.',
      'Welcome to Cape Flag Co.',
    ]);
    expect(emails[0]).toMatchObject({ kind: 'email', status: 'pending' });
    const welcome = emails.find((e) => e.payload.subject.startsWith('Welcome'))!.payload;
    expect(welcome.text).toContain(`Hi ${account.name},`);
    expect(welcome.text).toContain(`${TEST_PUBLIC_URL}/shop`);
    expect(welcome.text).toContain('collect it at a PAXI point near you');
    expect(welcome.text).toContain('bringing your ID');
    expect(welcome.text).toContain('have a courier bring it to your door: Economy (3-5 business days) R99.00 or Overnight (next business day) R149.00.');
    const link = await latestLink(shop.testApp, account.email);
    expect(`${link.origin}${link.pathname}`).toBe(`${TEST_PUBLIC_URL}/verify-email`);
    expect(link.searchParams.get('token')).toBeTruthy();
    expect(link.searchParams.get('email')).toBe(account.email);
    expect(emails.some((e) => e.payload.html.includes('/verify-email?token='))).toBe(true);
  });

  it('knows the signed-in user, not yet verified', async () => {
    const res = await getSession(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { email: account.email, name: account.name, emailVerified: false } });
  });

  it('refuses a bogus token and a link without token or email with the spec texts', async () => {
    const bogus = await verify(`?token=not-a-token&email=${encodeURIComponent(account.email)}`);
    expect(bogus.statusCode).toBe(400);
    expect(bogus.json()).toEqual({ success: false, message: 'Failed to verify email. The link may be expired or invalid.' });

    for (const query of ['', '?token=abc', `?email=${encodeURIComponent(account.email)}`, '?token=&email=']) {
      const res = await verify(query);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Invalid verification link. Please check your email and try again.' });
    }
  });

  it('verifies the email with the emailed link, once', async () => {
    const link = await latestLink(shop.testApp, account.email);
    const res = await verify(link.search);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Email verified successfully' });
    expect((await getSession(cookie)).json()).toMatchObject({ user: { emailVerified: true } });

    const again = await verify(link.search);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ success: false, message: 'Failed to verify email. The link may be expired or invalid.' });
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('signs in the browser whose shop page opens the link, and not a browser sent to it by another site', async () => {
    const fromShop = { name: 'Link Opener', email: 'link-opener@example.co.za', password: 'link-opener-1' };
    const fromElsewhere = { name: 'Led Astray', email: 'led-astray@example.co.za', password: 'led-astray-1' };
    for (const who of [fromShop, fromElsewhere]) expect((await post('/api/auth/sign-up/email', who)).statusCode).toBe(200);

    const opened = await shop.app.inject({ url: `/api/auth/verify-email${(await latestLink(shop.testApp, fromShop.email)).search}`, headers: { 'sec-fetch-site': 'same-origin' } });
    expect(opened.statusCode).toBe(200);
    const session = sessionCookie(opened.headers['set-cookie']);
    expect(session?.header).toMatch(/HttpOnly/i);
    expect((await getSession(session!.pair)).json()).toMatchObject({ user: { email: fromShop.email, name: fromShop.name, emailVerified: true } });

    // A link another site made this browser open verifies the address but signs nobody in here (login forgery).
    const forged = await shop.app.inject({ url: `/api/auth/verify-email${(await latestLink(shop.testApp, fromElsewhere.email)).search}`, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(forged.json()).toEqual({ success: true, message: 'Email verified successfully' });
    expect(forged.headers['set-cookie']).toBeUndefined();
    const [row] = await shop.db.select({ emailVerified: users.emailVerified }).from(users).where(eq(users.email, fromElsewhere.email));
    expect(row).toEqual({ emailVerified: true });
  });

  it('takes a name of 2 to 50 characters at sign-up, refuses the rest in words with no account, and escapes it in the emails', async () => {
    for (const [name, message] of [
      ['x'.repeat(60_000), 'Name must be at most 50 characters'],
      ['x'.repeat(51), 'Name must be at most 50 characters'],
      ['', 'Name must be at least 2 characters'],
      ['   ', 'Name must be at least 2 characters'],
      ['T', 'Name must be at least 2 characters'],
      [42, 'Name must be at least 2 characters'],
      [null, 'Name must be at least 2 characters'],
      [['Thandi'], 'Name must be at least 2 characters'],
      [undefined, 'Name must be at least 2 characters'],
    ] as const) {
      const res = await post('/api/auth/sign-up/email', { name, email: 'named@example.co.za', password: 'named-pass-1' });
      expect({ name: String(name).slice(0, 20), status: res.statusCode, body: res.json() }).toEqual({ name: String(name).slice(0, 20), status: 400, body: { message, code: 'invalid_input' } });
    }
    expect(await shop.db.select().from(users).where(eq(users.email, 'named@example.co.za'))).toEqual([]);

    const marked = { name: ' <b>Zanele</b> & "Co" ', email: 'marked-up@example.co.za', password: 'marked-pass-1' };
    expect((await post('/api/auth/sign-up/email', marked)).statusCode).toBe(200);
    const [row] = await shop.db.select({ name: users.name }).from(users).where(eq(users.email, marked.email));
    expect(row).toEqual({ name: '<b>Zanele</b> & "Co"' });
    const emails = await emailsTo(marked.email);
    expect(emails).toHaveLength(2);
    for (const { payload } of emails) {
      expect(payload.html).toContain('Hi &#60;b&#62;Zanele&#60;/b&#62; &#38; &#34;Co&#34;,');
      expect(payload.html).not.toContain('<b>Zanele');
      expect(payload.text).toContain('Hi <b>Zanele</b> & "Co",');
    }
  });

  it('answers a sign-up with a taken email exactly as a new one, tells the owner by email and changes nothing', async () => {
    const [before] = await shop.db.select().from(users).where(eq(users.email, account.email));
    const emailsBefore = await emailsTo(account.email);
    const taken = await post('/api/auth/sign-up/email', { name: 'Someone Else', email: account.email.toUpperCase(), password: 'another-pass-1', callbackURL: '/checkout' });
    const fresh = await post('/api/auth/sign-up/email', { name: 'Someone Else', email: 'someone-new@example.co.za', password: 'another-pass-1', callbackURL: '/checkout' });
    for (const res of [taken, fresh]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(JSON.stringify(signUpAnswer));
      expect(res.headers['set-cookie']).toBeUndefined();
    }

    const [after] = await shop.db.select().from(users).where(eq(users.email, account.email));
    expect(after).toEqual(before);
    expect((await post('/api/auth/sign-in/email', { email: account.email, password: 'another-pass-1' })).statusCode).toBe(401);
    expect((await post('/api/auth/sign-in/email', { email: account.email, password: account.password })).statusCode).toBe(200);

    const told = (await emailsTo(account.email)).filter((e) => !emailsBefore.some((b) => b.id === e.id));
    expect(told.map((e) => e.payload.subject)).toEqual(['Someone tried to create an account with your email - Cape Flag Co.']);
    const { text } = told[0]!.payload;
    expect(text).toContain(`Hi ${account.name},`);
    expect(text).toContain('Someone tried to create a new account with this email address');
    expect(text).toContain(`Sign in: ${TEST_PUBLIC_URL}/profile`);
    expect(text).toContain(`Reset your password: ${TEST_PUBLIC_URL}/password-reset`);
  });

  it('refuses a short password and an invalid email in the spec words', async () => {
    const short = await post('/api/auth/sign-up/email', { name: 'Sipho', email: 'sipho@example.co.za', password: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ message: 'Password should be at least 6 characters long.' });

    const bad = await post('/api/auth/sign-up/email', { name: 'Sipho', email: 'not-an-email', password: 'long-enough' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'Please enter a valid email address.' });
    expect(await shop.db.select().from(users).where(eq(users.email, 'sipho@example.co.za'))).toEqual([]);
  });

  it('signs in with the right password and refuses a wrong one or an unknown email alike', async () => {
    const ok = await post('/api/auth/sign-in/email', { email: account.email, password: account.password });
    expect(ok.statusCode).toBe(200);
    const session = sessionCookie(ok.headers['set-cookie']);
    expect(session).toBeDefined();
    expect((await getSession(session!.pair)).json()).toMatchObject({ user: { email: account.email } });

    const wrong = await post('/api/auth/sign-in/email', { email: account.email, password: 'wrong-password' });
    const unknown = await post('/api/auth/sign-in/email', { email: 'nobody@example.co.za', password: 'wrong-password' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ message: 'Invalid email or password' });
      expect(sessionCookie(res.headers['set-cookie'])).toBeUndefined();
    }
  });

  it('syncs the display name and photo of the signed-in user, never the verified flag', async () => {
    const sync = (payload: object, cookieHeader?: string) => post('/api/user/sync', payload, cookieHeader);
    expect((await sync({ displayName: 'X' })).statusCode).toBe(401);

    // The address was verified by its link above; a client cannot undo (or fake) that.
    const res = await sync({ displayName: 'Thandi N.', photoURL: 'https://example.co.za/thandi.png', emailVerified: false }, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { name: 'Thandi N.', image: 'https://example.co.za/thandi.png', emailVerified: true } });
    expect((await getSession(cookie)).json()).toMatchObject({ user: { name: 'Thandi N.', image: 'https://example.co.za/thandi.png' } });

    // A blank name keeps the old one; null removes the photo.
    expect((await sync({ displayName: '  ', photoURL: null }, cookie)).json()).toMatchObject({ user: { name: 'Thandi N.', image: null } });
    const bad = await sync({ photoURL: 'javascript:alert(1)' }, cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Photo must be an http(s) address', code: 'invalid_input' });
    for (const [displayName, message] of [
      ['n'.repeat(101), 'Name must be at most 50 characters'],
      ['n'.repeat(51), 'Name must be at most 50 characters'],
      ['N', 'Name must be at least 2 characters'],
      [42, 'Name must be at least 2 characters'],
    ] as const) {
      expect((await sync({ displayName }, cookie)).json()).toEqual({ message, code: 'invalid_input' });
    }
    expect((await getSession(cookie)).json()).toMatchObject({ user: { name: 'Thandi N.' } });
    await sync({ displayName: account.name }, cookie);
  });

  it('signs out: the cookie is cleared and the session ends', async () => {
    const res = await post('/api/auth/sign-out', {}, cookie);
    expect(res.statusCode).toBe(200);
    expect(sessionCookie(res.headers['set-cookie'])?.header).toMatch(/Max-Age=0/);
    expect((await getSession(cookie)).json()).toBeNull();
  });

  it('sends another verification email on request, and answers the same for an unknown email', async () => {
    const other = { name: 'Lerato', email: 'lerato@example.co.za', password: 'lerato-pass' };
    expect((await post('/api/auth/sign-up/email', other)).statusCode).toBe(200);
    expect(await emailsTo(other.email)).toHaveLength(2); // verification and welcome

    const expected = { success: true, message: 'Verification email sent! Please check your inbox and click the verification link.' };
    const res = await post('/api/auth/send-verification', { email: other.email, displayName: 'lerato' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(expected);
    expect(await emailsTo(other.email)).toHaveLength(3);
    // The newest link works.
    expect((await verify((await latestLink(shop.testApp, other.email)).search)).statusCode).toBe(200);

    const before = (await outboxEmails(shop.db)).length;
    const unknown = await post('/api/auth/send-verification', { email: 'ghost@example.co.za', displayName: 'ghost' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(expected);
    expect(await outboxEmails(shop.db)).toHaveLength(before);
  });

  it('brings the shopper back to where sign-up or the resend started: the link carries that path on this shop', async () => {
    const shopper = { name: 'Ayanda Zulu', email: 'ayanda@example.co.za', password: 'ayanda-pass' };
    expect((await post('/api/auth/sign-up/email', { ...shopper, callbackURL: '/checkout' })).statusCode).toBe(200);
    expect((await latestLink(shop.testApp, shopper.email)).searchParams.get('callbackURL')).toBe('/checkout');

    expect((await post('/api/auth/send-verification', { email: shopper.email, callbackURL: '/shop?region=africa' })).statusCode).toBe(200);
    expect((await latestLink(shop.testApp, shopper.email)).searchParams.get('callbackURL')).toBe('/shop?region=africa');
    expect((await post('/api/auth/send-verification-email', { email: shopper.email, callbackURL: '/checkout' })).statusCode).toBe(200);
    expect((await latestLink(shop.testApp, shopper.email)).searchParams.get('callbackURL')).toBe('/checkout');

    // Without one, the link leads home as before.
    expect((await post('/api/auth/send-verification', { email: shopper.email })).statusCode).toBe(200);
    expect((await latestLink(shop.testApp, shopper.email)).searchParams.has('callbackURL')).toBe(false);
    // The link still verifies.
    expect((await verify((await latestLink(shop.testApp, shopper.email)).search)).statusCode).toBe(200);
  });

  it('refuses a return address that could lead to another site, or is not text, with a 400 in words and no account or email', async () => {
    const before = (await outboxEmails(shop.db)).length;
    const refusal = { message: 'callbackURL must be a path on this shop, such as /checkout', code: 'invalid_input' };
    const shopper = { name: 'Evil Link', email: 'evil-link@example.co.za', password: 'evil-pass' };
    for (const callbackURL of ['https://evil.example', '//evil.example', '/\\evil.example', '/%2f%2fevil.example', 'javascript:alert(1)', 42, -1, null, ['/checkout'], `/${'a'.repeat(1_000)}`]) {
      for (const [url, payload] of [
        ['/api/auth/sign-up/email', { ...shopper, callbackURL }],
        ['/api/auth/send-verification', { email: account.email, callbackURL }],
        ['/api/auth/send-verification-email', { email: account.email, callbackURL }],
      ] as const) {
        const res = await post(url, payload);
        const sent = JSON.stringify(callbackURL).slice(0, 40);
        expect({ url, sent, status: res.statusCode, body: res.json() }).toEqual({ url, sent, status: 400, body: refusal });
      }
    }
    const nul = await post('/api/auth/sign-up/email', { ...shopper, callbackURL: '/checkout\u0000' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ message: 'callbackURL contains a NUL character, which is not allowed' });
    const google = await post('/api/auth/sign-in/social', { provider: 'google', callbackURL: '/profile', errorCallbackURL: 'https://evil.example' });
    expect(google.json()).toEqual({ message: 'errorCallbackURL must be a path on this shop, such as /checkout', code: 'invalid_input' });

    expect(await shop.db.select().from(users).where(eq(users.email, shopper.email))).toEqual([]);
    expect(await outboxEmails(shop.db)).toHaveLength(before);
  });

  it('refuses paths that tidy into another site (//host) on sign-up, both resends and the password reset, and sends nothing', async () => {
    const before = (await outboxEmails(shop.db)).length;
    const shopper = { name: 'Dot Slash', email: 'dot-slash@example.co.za', password: 'dot-slash-pass' };
    const disguised = [
      '/.//evil.example/x',
      '/..//evil.example/x',
      '/a/..//evil.example/x',
      '/%2e//evil.example/x',
      '/%2E%2e//evil.example/x',
      '/.\\/evil.example/x',
      '/.%2f/evil.example/x',
      '/.%2F%2Fevil.example/x',
      '/.%5c/evil.example/x',
    ];
    for (const path of disguised) {
      for (const [url, field, payload] of [
        ['/api/auth/sign-up/email', 'callbackURL', { ...shopper, callbackURL: path }],
        ['/api/auth/send-verification', 'callbackURL', { email: account.email, callbackURL: path }],
        ['/api/auth/send-verification-email', 'callbackURL', { email: account.email, callbackURL: path }],
        ['/api/auth/request-password-reset', 'redirectTo', { email: account.email, redirectTo: path }],
      ] as const) {
        const res = await post(url, payload);
        expect({ url, path, status: res.statusCode, body: res.json() }).toEqual({
          url,
          path,
          status: 400,
          body: { message: `${field} must be a path on this shop, such as /checkout`, code: 'invalid_input' },
        });
      }
    }
    expect(await shop.db.select().from(users).where(eq(users.email, shopper.email))).toEqual([]);
    expect(await outboxEmails(shop.db)).toHaveLength(before);
  });

  it('refuses send-verification without a valid email', async () => {
    const res = await post('/api/auth/send-verification', { email: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Please enter a valid email address.', code: 'invalid_input' });
  });

  it("closes better-auth's endpoints that the shop does not use, so a signed-in shopper cannot change the email or name around the shop's rules", async () => {
    const shopper = { name: 'Nomsa', email: 'nomsa@example.co.za', password: 'nomsa-pass' };
    expect((await post('/api/auth/sign-up/email', shopper)).statusCode).toBe(200);
    const session = sessionCookie((await post('/api/auth/sign-in/email', shopper)).headers['set-cookie'])!.pair;
    const closed: [method: 'GET' | 'POST', url: string, payload?: object][] = [
      ['POST', '/api/auth/update-user', { name: 'Someone else', image: 'javascript:alert(1)' }],
      ['POST', '/api/auth/change-email', { newEmail: 'taken-over@example.co.za' }],
      ['POST', '/api/auth/delete-user', {}],
      ['POST', '/api/auth/revoke-sessions', {}],
      ['POST', '/api/auth/link-social', { provider: 'google' }],
      ['POST', '/api/auth/verify-password', { password: shopper.password }],
      ['GET', '/api/auth/list-sessions'],
      ['GET', '/api/auth/list-accounts'],
      ['GET', '/api/auth/account-info'],
      ['GET', '/api/auth/reset-password/some-token'],
      ['GET', '/api/auth/ok'],
      ['POST', '/api/auth/get-session', {}],
      ['GET', '/api/auth/sign-in/email'],
    ];
    for (const [method, url, payload] of closed) {
      const res = await shop.app.inject({ method, url, payload, headers: { ...headers, cookie: session } });
      expect({ url, status: res.statusCode, body: res.json() }).toEqual({ url, status: 404, body: { message: 'Not found', code: 'not_found' } });
    }
    const [row] = await shop.db.select({ name: users.name, email: users.email }).from(users).where(eq(users.email, shopper.email));
    expect(row).toEqual({ name: shopper.name, email: shopper.email });
    expect((await getSession(session)).json()).toMatchObject({ user: { email: shopper.email } });
  });

  it('refuses NUL bytes and broken characters in sign-up and sign-in bodies with a 400 in words', async () => {
    for (const payload of [
      { name: 'Bad\u0000Name', email: 'nul@example.co.za', password: 'password-1' },
      { name: 'Bad', email: 'nul\u0000@example.co.za', password: 'password-1' },
      { name: 'Bad \ud800', email: 'half@example.co.za', password: 'password-1' },
    ]) {
      const res = await post('/api/auth/sign-up/email', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/^(name|email) contains (a NUL character|a broken character)/);
    }
    const res = await post('/api/auth/sign-in/email', { email: 'nomsa@example.co.za', password: 'x\u0000' });
    expect(res.json()).toEqual({ message: 'password contains a NUL character, which is not allowed', code: 'invalid_input' });
  });
});
