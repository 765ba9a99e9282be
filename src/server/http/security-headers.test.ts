import Fastify, { type LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { signInPolicySources, type FirebaseSettings } from '../auth/firebase-settings';
import { registerSecurityHeaders } from './security-headers';
import { signedIn } from '../testing/test-admin';
import { createSandboxProvider, sandboxWebhookSecret } from '../payments/sandbox';
import { describeShop } from '../testing/describe-shop';
import { startTestApp, testDatabases, TEST_PUBLIC_URL, TEST_SESSION_SECRET } from '../testing/test-support';

/** A Content-Security-Policy header as directive name → sources. */
function directives(response: LightMyRequestResponse): Record<string, string[]> {
  const policy = String(response.headers['content-security-policy'] ?? '');
  return Object.fromEntries(
    policy
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

/**
 * The headers every answer of the shop carries, whatever it is. Pages name their own nonces in the
 * policy; API answers, files and the router's own refusals have no inline script or style to allow.
 */
function expectShopHeaders(response: LightMyRequestResponse, { nonce = true } = {}): void {
  const csp = directives(response);
  const nonces = nonce ? [expect.stringMatching(/^'nonce-[0-9a-f]{32}'$/)] : [];
  expect(csp['default-src']).toEqual(["'self'"]);
  expect(csp['script-src']?.[0]).toBe("'self'");
  expect(csp['script-src']?.slice(1)).toEqual(nonces);
  expect(csp['style-src']?.[0]).toBe("'self'");
  expect(csp['style-src']?.slice(1)).toEqual(nonces);
  expect(csp).toMatchObject({
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  });
  expect(Object.values(csp).flat()).not.toContain("'unsafe-inline'");
  expect(Object.values(csp).flat()).not.toContain("'unsafe-eval'");
  expect(csp).not.toHaveProperty('upgrade-insecure-requests');
  expect(response.headers).toMatchObject({
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin-allow-popups',
    'permissions-policy':
      'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=(), clipboard-write=(self)',
  });
  expect(response.headers).not.toHaveProperty('cross-origin-embedder-policy');
  // Plain http: browsers must not be told to insist on https.
  expect(response.headers).not.toHaveProperty('strict-transport-security');
}

/** A real 1 x 1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const ADMIN = { name: 'Stock Room', email: 'stock-room@example.co.za', password: 'flags-for-all-1' };

describeShop('security headers', { env: { ADMIN_EMAILS: ADMIN.email } }, (shop) => {
  const get = (url: string) => shop.app.inject({ method: 'GET', url });

  it('are on API answers, pages, static files, 404s and errors', async () => {
    const answers = {
      api: await get('/api/products'),
      home: await get('/'),
      orderDesk: await get('/admin'),
      product: await get('/product/south-africa'),
      flag: await get('/flags/4x3/za.svg'),
      unknownApi: await get('/api/no-such-call'),
      unknownPage: await get('/no-such-page'),
      unknownProduct: await get('/api/products/no-such-flag'),
      badJson: await shop.app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: { 'content-type': 'application/json', origin: TEST_PUBLIC_URL },
        payload: '{"name":',
      }),
      refusedCrossSite: await shop.app.inject({
        method: 'POST',
        url: '/api/cart/claim',
        headers: { cookie: 'better-auth.session_token=x', origin: 'https://evil.example' },
        payload: {},
      }),
      signedOutUpload: await shop.app.inject({ method: 'POST', url: '/api/admin/products/x/images', headers: { 'content-type': 'image/png' }, payload: PNG }),
    };
    expect(Object.fromEntries(Object.entries(answers).map(([name, res]) => [name, res.statusCode]))).toEqual({
      api: 200,
      home: 200,
      orderDesk: 200,
      product: 200,
      flag: 200,
      unknownApi: 404,
      unknownPage: 404,
      unknownProduct: 404,
      badJson: 400,
      refusedCrossSite: 403,
      signedOutUpload: 401,
    });
    const pages = ['home', 'orderDesk', 'product', 'unknownPage'];
    for (const [name, res] of Object.entries(answers)) expectShopHeaders(res, { nonce: pages.includes(name) });
  });

  it("are on the router's own refusals of an address", async () => {
    const refusals = {
      badApiAddress: await get('/api/products/%E0%A4%A'),
      badPageAddress: await get('/product/%E0%A4%A'),
      tooLongAddress: await get(`/api/products/${'a'.repeat(1001)}`),
    };
    expect(Object.fromEntries(Object.entries(refusals).map(([name, res]) => [name, [res.statusCode, res.headers['content-type']]]))).toEqual({
      badApiAddress: [400, 'application/json; charset=utf-8'],
      badPageAddress: [400, 'text/html; charset=utf-8'],
      tooLongAddress: [414, 'application/json; charset=utf-8'],
    });
    for (const res of Object.values(refusals)) expectShopHeaders(res, { nonce: false });
  });

  it('give every page a fresh nonce, which the page carries for the styles the app injects', async () => {
    const first = await get('/shop');
    const second = await get('/shop');
    const nonceOf = (res: LightMyRequestResponse) => directives(res)['style-src']![1]!.slice("'nonce-".length, -1);
    expect(nonceOf(first)).not.toBe(nonceOf(second));
    expect(first.body).toContain(`<meta property="csp-nonce" nonce="${nonceOf(first)}" />`);
    // The data in the page is JSON, not script: no inline script needs allowing.
    expect(first.body).toContain('<script id="initial-data" type="application/json">');
  });

  it('never give two pages the same nonce, over many more pages than one read of random bytes covers', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 300; i++) {
      const policy = directives(await get('/about'));
      for (const name of ['script-src', 'style-src']) {
        const nonce = policy[name]!.find((source) => source.startsWith("'nonce-"))!;
        expect(nonce).toMatch(/^'nonce-[0-9a-f]{32}'$/);
        seen.add(nonce);
      }
    }
    expect(seen.size).toBe(600);
  });

  it("leave no opener policy on the page Google's sign-in popup returns to", async () => {
    const res = await get('/auth/callback');
    expect(res.statusCode).toBe(200);
    expect(res.headers).not.toHaveProperty('cross-origin-opener-policy');
    expect(directives(res)['frame-ancestors']).toEqual(["'none'"]);
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('let the sandbox payment page keep its own policy, whose forms post to the page itself', async () => {
    const sandbox = createSandboxProvider({
      db: shop.db,
      publicUrl: TEST_PUBLIC_URL,
      webhookSecret: sandboxWebhookSecret(TEST_SESSION_SECRET),
      deliver: async () => 200,
    });
    const { id } = await sandbox.createCheckout({
      amountCents: 13_000,
      currency: 'ZAR',
      successUrl: `${TEST_PUBLIC_URL}/payment/success`,
      cancelUrl: `${TEST_PUBLIC_URL}/payment/cancel`,
      failureUrl: `${TEST_PUBLIC_URL}/payment/success?failed=1`,
      metadata: { shopCheckoutId: 'security-headers' },
      externalId: 'CF-security-headers',
      idempotencyKey: 'security-headers',
      lineItems: [{ displayName: 'SOUTH AFRICA flag', quantity: 1, priceCents: 13_000 }],
    });
    const res = await get(`/sandbox-pay/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<form method="post" action="/sandbox-pay/${id}/pay">`);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'");
    expect(res.headers).toMatchObject({ 'x-frame-options': 'DENY', 'x-content-type-options': 'nosniff' });
  });

  it('let uploaded pictures keep their own sandboxed policy', async () => {
    const cookie = await signedIn(shop.testApp, ADMIN);
    const headers = { origin: TEST_PUBLIC_URL, cookie };
    const product = (await shop.app.inject({ method: 'POST', url: '/api/admin/products', headers, payload: { name: 'Lesotho', description: 'A mokorotlo hat.', priceCents: 13_000 } })).json<{ id: string }>();
    const uploaded = await shop.app.inject({
      method: 'POST',
      url: `/api/admin/products/${product.id}/images`,
      headers: { ...headers, 'content-type': 'image/png' },
      payload: PNG,
    });
    expect(uploaded.statusCode).toBe(201);
    const { url } = uploaded.json<{ images: { url: string }[] }>().images[0]!;
    // The picture as uploaded, and its smaller copies (a 1 x 1 picture's are 1 pixel wide).
    for (const path of [url, `${url}/1.avif`, `${url}/1.webp`]) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['content-security-policy'], path).toBe("default-src 'none'; sandbox");
      expect(res.headers, path).toMatchObject({ 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY' });
    }
  });

  it('let the dev mailbox keep its own policy: inline styles for the emails, framed previews, no script', async () => {
    const contact = await shop.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { origin: TEST_PUBLIC_URL },
      payload: { name: 'Thandi', email: 'thandi@example.co.za', message: 'Do you sell the Lesotho flag?' },
    });
    expect(contact.statusCode).toBe(201);
    await shop.worker.runOnce();
    const { messages } = (await get('/dev/mailbox.json')).json<{ messages: { id: string; kind: string }[] }>();
    const email = messages.find((m) => m.kind === 'email')!;
    for (const url of ['/dev/mailbox', `/dev/mailbox/${email.id}`]) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(directives(res)).toEqual({
        'default-src': ["'none'"],
        'style-src': ["'unsafe-inline'"],
        'img-src': ["'self'"],
        'frame-src': ["'self'"],
        'base-uri': ["'none'"],
        'form-action': ["'none'"],
        'frame-ancestors': ["'none'"],
      });
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
  });
});

describeShop('security headers of a shop served over https', { env: { PUBLIC_URL: 'https://flags.example.co.za', SHOP_DEMO: 'true' } }, (shop) => {
  it('tell browsers to keep to https for a year, subdomains too, and upgrade any http address', async () => {
    for (const url of ['/', '/api/products', '/flags/4x3/za.svg']) {
      const res = await shop.app.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(directives(res)).toHaveProperty('upgrade-insecure-requests', []);
    }
  });

  it('are the same, with secure cookies, when PUBLIC_URL writes https in capitals', async () => {
    const capitals = await startTestApp(shop.target, { env: { PUBLIC_URL: 'HTTPS://FLAGS.example.co.za', SHOP_DEMO: 'true' } });
    try {
      const page = await capitals.app.inject({ method: 'GET', url: '/' });
      expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(directives(page)).toHaveProperty('upgrade-insecure-requests', []);
      const account = { name: 'Thandi Secure', email: 'thandi.secure@example.co.za', password: 'a-good-password' };
      const post = (url: string, payload: object) => capitals.app.inject({ method: 'POST', url, headers: { origin: 'https://flags.example.co.za' }, payload });
      expect((await post('/api/auth/sign-up/email', account)).statusCode).toBe(200);
      const signIn = await post('/api/auth/sign-in/email', { email: account.email, password: account.password });
      expect(signIn.statusCode, signIn.body).toBe(200);
      const session = [signIn.headers['set-cookie'] ?? []].flat().find((cookie) => cookie.includes('session_token='));
      expect(session).toMatch(/^__Secure-/);
      expect(session).toMatch(/; Secure/i);
    } finally {
      await capitals.close();
    }
  });
});

describe.each(testDatabases())('security headers of an error answer on $name', (target) => {
  it('are on the 503 answer too', async () => {
    const t = await startTestApp(target);
    try {
      // The database goes away under the app: the catalogue query fails.
      await t.database.close();
      const res = await t.app.inject({ method: 'GET', url: '/api/products' });
      expect(res.statusCode).toBe(503);
      expectShopHeaders(res, { nonce: false });
    } finally {
      await t.app.close();
    }
  });
});

describe('security headers of a shop that signs in with Firebase', () => {
  const firebase = (change: Partial<FirebaseSettings>): FirebaseSettings => ({
    provider: 'firebase',
    web: { projectId: 'cape-flags', apiKey: 'web-api-key', authDomain: 'cape-flags.firebaseapp.com', appId: '1:42:web:abc' },
    emulatorHost: undefined,
    serviceAccount: undefined,
    googleSignIn: true,
    ...change,
  });

  /** A page (which asks for its nonces) and an API answer of a bare app with the shop's headers. */
  async function answers(signIn: FirebaseSettings) {
    const app = Fastify();
    registerSecurityHeaders(app, false, signInPolicySources(signIn));
    app.get('/', async (_request, reply) => `<meta nonce="${reply.cspNonce.style}">`);
    app.get('/api/products', async () => []);
    try {
      return { page: await app.inject({ method: 'GET', url: '/' }), api: await app.inject({ method: 'GET', url: '/api/products' }) };
    } finally {
      await app.close();
    }
  }

  it("let pages call Firebase's sign-in APIs and run Google's popup: its helper iframe on the authDomain and Google's script that opens it", async () => {
    const { page, api } = await answers(firebase({}));
    for (const res of [page, api]) {
      expect(directives(res)).toMatchObject({
        'default-src': ["'self'"],
        'connect-src': ["'self'", 'https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'],
        'frame-src': ["'self'", 'https://cape-flags.firebaseapp.com'],
        'frame-ancestors': ["'none'"],
        'object-src': ["'none'"],
      });
      // The shop window keeps its handle on the popup, which Firebase's SDK watches.
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    }
    expect(directives(api)['script-src']).toEqual(["'self'", 'https://apis.google.com']);
    // A page's nonces come after, as with the shop's own accounts.
    expect(directives(page)['script-src']).toEqual(["'self'", 'https://apis.google.com', expect.stringMatching(/^'nonce-[0-9a-f]{32}'$/)]);
    expect(directives(page)['style-src']).toEqual(["'self'", expect.stringMatching(/^'nonce-[0-9a-f]{32}'$/)]);
    expect(Object.values(directives(page)).flat()).not.toContain("'unsafe-inline'");
  });

  it('allow no Google script or frame when Google sign-in is off', async () => {
    const { api } = await answers(firebase({ googleSignIn: false }));
    const csp = directives(api);
    expect(csp['connect-src']).toEqual(["'self'", 'https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com']);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp).not.toHaveProperty('frame-src');
  });

  it("let pages reach the Firebase Auth emulator, and frame its popup helper, when the shop runs on it", async () => {
    const { api } = await answers(firebase({ web: { projectId: 'demo-flag-shop', apiKey: 'emulator-api-key', authDomain: 'demo-flag-shop.firebaseapp.com', appId: undefined }, emulatorHost: '127.0.0.1:9099' }));
    const csp = directives(api);
    expect(csp['connect-src']).toEqual(["'self'", 'https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com', 'http://127.0.0.1:9099']);
    expect(csp['frame-src']).toEqual(["'self'", 'https://demo-flag-shop.firebaseapp.com', 'http://127.0.0.1:9099']);
  });

  it("add nothing of Firebase's for the shop's own accounts", async () => {
    const app = Fastify();
    registerSecurityHeaders(app, false, signInPolicySources({ provider: 'accounts' }));
    app.get('/api/products', async () => []);
    const csp = directives(await app.inject({ method: 'GET', url: '/api/products' }));
    await app.close();
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp).not.toHaveProperty('frame-src');
  });
});
