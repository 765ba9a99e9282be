import { beforeAll, expect, it } from 'vitest';
import { describeShop } from '../testing/describe-shop';
import { TEST_PUBLIC_URL } from '../testing/test-support';

const refused = { message: 'This request came from another website and was refused.' };

describeShop('writes with a session cookie from other websites', {}, (shop) => {
  let cookie: string;
  let token: string;

  beforeAll(async () => {
    const account = { name: 'Lindiwe', email: 'lindiwe@example.co.za', password: 'lindiwe-pass' };
    await shop.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', headers: { origin: TEST_PUBLIC_URL }, payload: account });
    const res = await shop.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: TEST_PUBLIC_URL }, payload: account });
    cookie = [res.headers['set-cookie']].flat().find((c) => c?.startsWith('better-auth.session_token='))!.split(';')[0]!;
    token = String(res.headers['set-auth-token']);
  });

  const claim = (headers: Record<string, string>) =>
    shop.app.inject({ method: 'POST', url: '/api/cart/claim', headers, payload: {} });

  it('refuses another origin, a sandboxed page and a cross-site request without Origin', async () => {
    const crossSite: Record<string, string>[] = [
      { cookie, origin: 'https://evil.example' },
      { cookie, origin: 'null' },
      { cookie, 'sec-fetch-site': 'cross-site' },
      { cookie, 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of crossSite) {
      const res = await claim(headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(refused);
    }
    const signOut = await shop.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie, origin: 'https://evil.example' } });
    expect(signOut.statusCode).toBe(403);
  });

  it('refuses a cross-site write whatever the spelling of its path', async () => {
    for (const [method, url] of [
      ['PUT', '/%61pi/profile'],
      ['POST', '/%61%70%69/cart/claim'],
      ['POST', '/api%2Fcart/claim'],
      ['DELETE', '/%61pi/profile/addresses/00000000-0000-4000-8000-000000000000'],
      ['POST', '/sandbox-pay/ch_x/pay'],
    ] as const) {
      const res = await shop.app.inject({ method, url, headers: { cookie, origin: 'https://evil.example' }, payload: {} });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 403 });
    }
  });

  it("lets the shop's own pages through, by PUBLIC_URL or by the address the browser used", async () => {
    expect((await claim({ cookie, origin: TEST_PUBLIC_URL })).statusCode).toBe(200);
    expect((await claim({ cookie, origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' })).statusCode).toBe(200);
    expect((await claim({ cookie, 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
  });

  it('lets a bearer token through without a cookie, and leaves reads and cookie-less writes alone', async () => {
    expect((await claim({ authorization: `Bearer ${token}`, origin: 'https://app.example' })).statusCode).toBe(200);
    expect((await shop.app.inject({ url: '/api/auth/get-session', headers: { cookie, origin: 'https://evil.example' } })).statusCode).toBe(200);
    const contact = await shop.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { origin: 'https://evil.example' },
      payload: { name: 'A', email: 'a@example.co.za', message: 'Hello' },
    });
    expect(contact.statusCode).toBe(201);
  });
});
