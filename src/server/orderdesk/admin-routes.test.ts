import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { taxDocuments } from '../db/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { appRoutes, startTestApp, testDatabases, type AppRoute as Route, type TestApp } from '../testing/test-support';
import { describeShop } from '../testing/describe-shop';
import { NOT_ADMIN_MESSAGE } from '../admin/routes';
import { insertOrder, placePaidOrder, type shopHelpers, type Shopper } from '../testing/test-orders';

// The app's routes as they are today, whoever added them: a new admin route is covered here without
// anyone writing a test line for it.
const probe = await startTestApp(testDatabases()[0]!);
const allRoutes = appRoutes(probe.app);
await probe.close();

/** The one admin route that answers any signed-in user by design (the admin page asks it before showing 'Access Denied'). */
const openToShoppers = new Set(['GET /api/admin/check']);
const adminRoutes = allRoutes.filter((r) => r.url.startsWith('/api/admin/') && !openToShoppers.has(`${r.method} ${r.url}`));

interface Fixture {
  url: string;
  body?: object;
  status: number;
}

/** How an admin succeeds on each order-desk route: the order it needs, the body, the answer. */
function successTable(get: () => TestApp, shop: ReturnType<typeof shopHelpers>, shopper: () => Shopper): Record<string, () => Promise<Fixture>> {
  const order = (fixture?: Parameters<typeof insertOrder>[1]) => insertOrder(get().database.db, fixture);
  return {
    'GET /api/admin/orders': async () => ({ url: '/api/admin/orders?q=mokoena&status=unfulfilled', status: 200 }),
    'GET /api/admin/orders/unfulfilled': async () => ({ url: '/api/admin/orders/unfulfilled', status: 200 }),
    'GET /api/admin/orders/export.csv': async () => ({ url: '/api/admin/orders/export.csv?from=2025-01-01', status: 200 }),
    'GET /api/admin/orders/:id': async () => ({ url: `/api/admin/orders/${(await order()).id}`, status: 200 }),
    'POST /api/admin/orders/:id/fulfill': async () => ({ url: `/api/admin/orders/${(await order()).id}/fulfill`, body: { trackingNumber: 'PX-T1' }, status: 200 }),
    'POST /api/admin/orders/:id/ready-for-collection': async () => ({
      url: `/api/admin/orders/${(await order({ status: 'fulfilled', fulfilled: true, trackingNumber: 'PX-T2' })).id}/ready-for-collection`,
      status: 200,
    }),
    'POST /api/admin/orders/:id/collected': async () => ({
      url: `/api/admin/orders/${(await order({ status: 'ready_for_collection', fulfilled: true, trackingNumber: 'PX-T3' })).id}/collected`,
      status: 200,
    }),
    'POST /api/admin/orders/:id/notes': async () => ({ url: `/api/admin/orders/${(await order()).id}/notes`, body: { note: 'Checked' }, status: 200 }),
    'POST /api/admin/orders/:id/cancel': async () => ({ url: `/api/admin/orders/${(await order()).id}/cancel`, body: { refund: 'none' }, status: 200 }),
    // A refund needs a payment the provider knows: a real sandbox payment.
    'POST /api/admin/orders/:id/refund': async () => ({
      url: `/api/admin/orders/${(await placePaidOrder(shop, shopper())).id}/refund`,
      body: { amountCents: 1_000 },
      status: 202,
    }),
    'GET /api/admin/overview': async () => ({ url: '/api/admin/overview', status: 200 }),
    'GET /api/admin/documents': async () => ({ url: '/api/admin/documents?from=2025-01-01', status: 200 }),
    'GET /api/admin/documents/export.csv': async () => ({ url: '/api/admin/documents/export.csv?format=xero-invoices', status: 200 }),
    // A document needs a paid order: its tax invoice.
    'GET /api/admin/documents/:serial': async () => {
      const order = await placePaidOrder(shop, shopper());
      const [invoice] = await get().database.db.select({ serial: taxDocuments.serial }).from(taxDocuments).where(eq(taxDocuments.orderId, order.id));
      return { url: `/api/admin/documents/${invoice!.serial}`, status: 200 };
    },
    'GET /api/admin/vat-report': async () => ({ url: '/api/admin/vat-report?from=2025-01-01&to=2025-12-31', status: 200 }),
    'GET /api/admin/vat-report.csv': async () => ({ url: '/api/admin/vat-report.csv', status: 200 }),
    'GET /api/admin/web-vitals': async () => ({ url: '/api/admin/web-vitals?days=28', status: 200 }),
  };
}

/** A route nobody described here: a random id for each parameter and an empty JSON body. */
const placeholder = (route: Route): Fixture => ({
  url: route.url.replace(/:[^/]+/g, randomUUID()).replace(/\*/g, 'x'),
  body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
  status: 0,
});

describe('the admin routes found in the app', () => {
  it('include the order desk, so that the table below is not empty by mistake', () => {
    const names = adminRoutes.map((r) => `${r.method} ${r.url}`);
    expect(names).toEqual(expect.arrayContaining(['GET /api/admin/orders', 'GET /api/admin/orders/:id', 'POST /api/admin/orders/:id/fulfill', 'GET /api/admin/overview']));
    expect(allRoutes.some((r) => r.method === 'GET' && r.url === '/api/admin/check')).toBe(true);
  });
});

describeShop('every admin route', { admin: true, pickupPoints: true }, (shop) => {
  const { call } = shop;
  let shopper: Shopper;
  const table = successTable(() => shop.testApp, shop.shoppers, () => shopper);

  beforeAll(async () => {
    shopper = await shop.shoppers.signUp('not-an-admin');
  });

  it('has a success case for each order-desk route, and each of them exists', () => {
    const found = new Set(adminRoutes.map((r) => `${r.method} ${r.url}`));
    for (const name of Object.keys(table)) expect(found.has(name), name).toBe(true);
  });

  it.each(adminRoutes.map((r) => [`${r.method} ${r.url}`, r] as const))(
    '%s: 401 signed out, 403 for a shopper, let in for an admin',
    async (name, route) => {
      const known = table[name];
      const fixture = known ? await known() : placeholder(route);

      const signedOut = await call(route.method, fixture.url, undefined, fixture.body);
      expect(signedOut.statusCode).toBe(401);
      expect(signedOut.json()).toEqual({ message: 'Not authenticated', code: 'not_signed_in' });

      const asShopper = await call(route.method, fixture.url, shopper, fixture.body);
      expect(asShopper.statusCode).toBe(403);
      expect(asShopper.json()).toEqual({ message: NOT_ADMIN_MESSAGE, code: 'forbidden' });

      const asAdmin = await call(route.method, fixture.url, shop.admin, fixture.body);
      if (known) expect(asAdmin.statusCode, asAdmin.body).toBe(fixture.status);
      // Unknown routes get made-up ids and bodies, so only this is sure: the admin was let in.
      else expect([401, 403], asAdmin.body).not.toContain(asAdmin.statusCode);
    },
  );
});
