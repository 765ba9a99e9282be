import { afterEach, expect, it, vi } from 'vitest';
import { outboxEmails, TEST_PUBLIC_URL } from '../testing/test-support';
import { describeShop } from '../testing/describe-shop';

const headers = { origin: TEST_PUBLIC_URL };
const HOUR = 60 * 60 * 1000;

describeShop('emailed links expire and work once', {}, (shop) => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const post = (url: string, payload: object, cookie?: string) =>
    shop.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
  const cookieOf = (res: { headers: Record<string, unknown> }) =>
    [res.headers['set-cookie'] as string[] | string].flat().find((c) => c.startsWith('better-auth.session_token='))!.split(';')[0]!;
  /** The newest link to `path` emailed to `to`. */
  async function emailedLink(to: string, path: string): Promise<URL> {
    const rows = (await outboxEmails(shop.db))
      .filter((r) => r.payload.to === to && r.payload.text.includes(path))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    return new URL(new RegExp(`https?://\\S+${path.replace('?', '\\?')}\\S+`).exec(rows.at(-1)!.payload.text)![0]);
  }
  const signIn = (email: string, password: string) => post('/api/auth/sign-in/email', { email, password });
  /** A new account, signed in with its password (sign-up itself signs nobody in). */
  const signUp = async (email: string, password = 'first-pass-1') => {
    expect((await post('/api/auth/sign-up/email', { name: 'Link Tester', email, password })).statusCode).toBe(200);
    return cookieOf(await signIn(email, password));
  };
  const session = async (cookie: string) => (await shop.app.inject({ url: '/api/auth/get-session', headers: { cookie } })).json();

  it('refuses a verification link after one hour', async () => {
    const email = 'late-verifier@example.co.za';
    await signUp(email);
    const link = await emailedLink(email, '/verify-email?');
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + HOUR + 60_000 });
    const res = await shop.app.inject({ url: `/api/auth/verify-email${link.search}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'Failed to verify email. The link may be expired or invalid.' });
  });

  it("refuses a verification link made for another address", async () => {
    const first = 'first-address@example.co.za';
    const second = 'second-address@example.co.za';
    await signUp(first);
    await signUp(second);
    const link = await emailedLink(first, '/verify-email?');
    const res = await shop.app.inject({ url: `/api/auth/verify-email?token=${link.searchParams.get('token')}&email=${second}` });
    expect(res.statusCode).toBe(400);
  });

  it('a reset link sets a new password once, ends the other sessions, and the old password stops working', async () => {
    const email = 'resetter@example.co.za';
    const otherDevice = await signUp(email);
    expect((await post('/api/auth/request-password-reset', { email, redirectTo: '/password-reset' })).statusCode).toBe(200);
    const token = (await emailedLink(email, '/password-reset?')).searchParams.get('token')!;

    const reset = await post('/api/auth/reset-password', { token, newPassword: 'second-pass-2' });
    expect(reset.statusCode).toBe(200);
    expect(await session(otherDevice)).toBeNull();
    expect((await signIn(email, 'first-pass-1')).statusCode).toBe(401);
    expect((await signIn(email, 'second-pass-2')).statusCode).toBe(200);

    const again = await post('/api/auth/reset-password', { token, newPassword: 'third-pass-3' });
    expect(again.statusCode).toBe(400);
    expect((await signIn(email, 'third-pass-3')).statusCode).toBe(401);
  });

  it('refuses a reset link after one hour', async () => {
    const email = 'slow-resetter@example.co.za';
    await signUp(email);
    await post('/api/auth/request-password-reset', { email, redirectTo: '/password-reset' });
    const token = (await emailedLink(email, '/password-reset?')).searchParams.get('token')!;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + HOUR + 60_000 });
    const res = await post('/api/auth/reset-password', { token, newPassword: 'never-used-4' });
    expect(res.statusCode).toBe(400);
    vi.useRealTimers();
    expect((await signIn(email, 'first-pass-1')).statusCode).toBe(200);
  });
});
