/**
 * Every route the app registers, found in its own route tree, is sent random path parameters,
 * queries and bodies, as a signed-out visitor, a shopper and an admin. Whatever comes in, the
 * answer is a 4xx or 2xx in words: never a 5xx, never a stack trace, never an HTML page where the
 * API answers JSON. The seed and the number of runs are fixed, so a failure repeats.
 */
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeShop } from '../testing/describe-shop';
import { signedIn } from '../testing/test-admin';
import { insertOrder } from '../testing/test-orders';
import { appRoutes, startTestApp, testDatabases, TEST_PUBLIC_URL, type AppRoute } from '../testing/test-support';

const SEED = 20_261_124;
/** Requests per route and role: about 1,900 requests per database in all. */
const RUNS_PER_ROUTE = 8;
const ADMIN = { name: 'Fuzz Admin', email: 'fuzz-admin@capeflag.co.za', password: 'fuzz-admin-1' };
const SHOPPER = { name: 'Fuzz Shopper', email: 'fuzz-shopper@example.co.za', password: 'fuzz-shopper-1' };

/** Built files and flag artwork are files on disk, not code that reads input. */
const isFileRoute = (route: AppRoute) => /^\/(assets|flags)\//.test(route.url) || /\.(js|css|svg|png|ico|gz|br|webmanifest)$/.test(route.url);

/** Field names the shop's calls read, so that random bodies reach past the first "missing field" check. */
const fieldNames = [
  'email', 'password', 'name', 'displayName', 'photoURL', 'quantity', 'productId', 'productName', 'sessionId', 'amount', 'amountCents',
  'currency', 'metadata', 'customerInfo', 'firstName', 'lastName', 'phone', 'deliverySpeed', 'paxiPoint', 'id', 'address', 'radiusKm',
  'message', 'trackingNumber', 'note', 'refund', 'reason', 'checkoutId', 'paymentId', 'priceCents', 'salePriceCents', 'stockQuantity',
  'slug', 'description', 'featured', 'isActive', 'order', 'altTexts', 'street', 'city', 'province', 'postalCode', 'isDefault',
  'dateOfBirth', 'currentPassword', 'newPassword', 'token', 'provider', 'callbackURL', 'q', 'status', 'from', 'to', 'limit',
];

/** Text an attacker would try: NUL bytes, lone surrogates, markup, SQL, huge and odd numbers as text. */
const nastyText = fc.constantFrom(
  '\u0000', 'a\u0000b', '\ud800', 'x\udfff', '<script>alert(1)</script>', "' OR 1=1 --", '../../etc/passwd', '%00', '-1', '1e309',
  '9999999999999999999999', 'NaN', '', ' ', 'x'.repeat(2000), '🇿🇦', 'javascript:alert(1)', '{"$gt":""}', '__proto__',
);
const text = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 20 }), nastyText);
const number = fc.oneof(
  fc.integer(),
  fc.constantFrom(0, -1, -5000, 1.5, 2 ** 31, 2 ** 53, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1e308),
);
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  leaf: fc.oneof(text, number, fc.boolean(), fc.constant(null)),
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    tie('leaf'),
    fc.array(tie('node'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...fieldNames), text), tie('node'), { maxKeys: 6 }),
  ),
})).node;
const body = fc.dictionary(fc.oneof(fc.constantFrom(...fieldNames), text), value, { maxKeys: 8 });

/** A path segment as it appears in an address: percent-encoded text, or raw escapes a browser would never send. */
const segment = (known: string[]) =>
  fc.oneof(
    fc.constantFrom(...known),
    fc.uuid().map(String),
    fc.string({ minLength: 1, maxLength: 30 }).map(encodeURIComponent),
    fc.constantFrom('%00', 'a%00b', '%ED%A0%80', '%FF', '%', '%2F', '..', '%2e%2e', 'x'.repeat(2000), '-1', '0', '99999999999999999999'),
  );
const query = fc.dictionary(fc.oneof(fc.constantFrom(...fieldNames), fc.string({ maxLength: 10 })), fc.oneof(text, number.map(String)), {
  maxKeys: 4,
});

type Encoding = 'json' | 'raw-json' | 'form' | 'text' | 'none';
const encoding = fc.constantFrom<Encoding>('json', 'json', 'json', 'raw-json', 'form', 'text', 'none');

function queryString(values: Record<string, unknown>): string {
  const pairs = Object.entries(values).flatMap(([key, v]) => {
    try {
      return [`${encodeURIComponent(key)}=${encodeURIComponent(String(v))}`];
    } catch {
      // A lone surrogate has no percent-encoding: send it as the raw escape a broken client would.
      return [`${encodeURIComponent(key.replace(/[\ud800-\udfff]/g, ''))}=%ED%A0%80`];
    }
  });
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

function payloadFor(kind: Encoding, fields: Record<string, unknown>): { payload?: string; contentType?: string } {
  switch (kind) {
    case 'json':
      return { payload: JSON.stringify(fields), contentType: 'application/json' };
    case 'raw-json':
      return { payload: `\uFEFF${JSON.stringify(fields).slice(0, -1)}`, contentType: 'application/json' };
    case 'form':
      return { payload: queryString(fields).slice(1), contentType: 'application/x-www-form-urlencoded' };
    case 'text':
      return { payload: JSON.stringify(fields), contentType: 'text/plain' };
    case 'none':
      return {};
  }
}

const STACK_TRACE = /\bat \S+ \(|\bat [\w./-]+:\d+:\d+|node_modules|DrizzleQueryError|PGlite|TypeError|ReferenceError/;

function problemWith(route: AppRoute, url: string, res: LightMyRequestResponse): string | undefined {
  if (res.statusCode >= 500) return `${res.statusCode}: ${res.body.slice(0, 300)}`;
  if (STACK_TRACE.test(res.body)) return `internals in the answer: ${res.body.slice(0, 300)}`;
  const type = String(res.headers['content-type'] ?? '');
  const csv = route.url.endsWith('.csv') && res.statusCode === 200;
  if (url.startsWith('/api/') && res.body.length > 0 && !csv && !type.startsWith('application/json')) {
    return `${res.statusCode} ${type} where JSON was expected: ${res.body.slice(0, 200)}`;
  }
  return undefined;
}

// The app's routes as registered today, so that a new route is fuzzed without anyone listing it.
const probe = await startTestApp(testDatabases()[0]!);
const routes = appRoutes(probe.app).filter((route) => !isFileRoute(route));
await probe.close();

describeShop('random input to every route', { env: { ADMIN_EMAILS: ADMIN.email }, pickupPoints: true }, (shop) => {
  const roles: Record<'visitor' | 'shopper' | 'admin', string | undefined> = { visitor: undefined, shopper: undefined, admin: undefined };
  let known: string[];
  let requests = 0;

  beforeAll(async () => {
    roles.admin = await signedIn(shop.testApp, ADMIN);
    roles.shopper = await signedIn(shop.testApp, SHOPPER);
    const product = (await shop.app.inject({ url: '/api/products/south-africa' })).json<{ id: string }>();
    const order = await insertOrder(shop.db);
    known = [product.id, 'south-africa', order.id, order.orderNumber, 'SAMPLE-01', 'ch_sandbox_unknown'];
  });
  afterAll(async () => {
    console.info(`fuzz on ${shop.target.name}: ${requests} requests to ${routes.length} routes`);
  });

  it('finds the routes of every part of the shop', () => {
    const names = new Set(routes.map((r) => `${r.method} ${r.url}`));
    for (const name of ['POST /api/cart', 'POST /api/payments/yoco/create-checkout', 'POST /api/admin/orders/:id/fulfill', 'PUT /api/profile', 'POST /api/contact']) {
      expect(names.has(name), name).toBe(true);
    }
  });

  it.each(routes.map((route) => [`${route.method} ${route.url}`, route] as const))('%s answers random input in words', async (_name, route) => {
    for (const [role, cookie] of Object.entries(roles)) {
      // Signing out would end the session the other routes are fuzzed with; the visitor covers it.
      if (cookie && route.url.endsWith('/sign-out')) continue;
      const request = fc.record({
        params: fc.array(segment(known), { minLength: 4, maxLength: 4 }),
        wildcard: fc.array(segment(['sign-in/email', 'get-session', 'update-user']), { minLength: 1, maxLength: 3 }).map((parts) => parts.join('/')),
        query,
        body,
        encoding,
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ params, wildcard, query: values, body: fields, encoding: kind }) => {
          let index = 0;
          const path = route.url.replace(/:[A-Za-z]+(\|:[A-Za-z]+)*/g, () => params[index++ % params.length]!).replace('*', wildcard);
          const url = `${path}${queryString(values)}`;
          const { payload, contentType } = route.method === 'GET' ? {} : payloadFor(kind, fields);
          const res = await shop.app.inject({
            method: route.method,
            url,
            payload,
            headers: { origin: TEST_PUBLIC_URL, ...(cookie ? { cookie } : {}), ...(contentType ? { 'content-type': contentType } : {}) },
          });
          requests += 1;
          const problem = problemWith(route, url, res);
          if (problem) throw new Error(`${role} ${route.method} ${url}: ${problem}`);
        }),
        { seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    }
  });
});
