/**
 * The orders of a shop that ran before fulfilments and refunds were records of their own read the
 * same after the migrations: on the order desk, in its CSVs and tax exports, in My Profile, and
 * on the payment pages of their checkouts.
 * made-before-records/ holds that shop's data and what it read (see its README).
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_PUBLIC_URL, type TestApp } from '../testing/test-support';
import { databasesMadeAt } from '../testing/made-before';
import { startYocoFake, yocoSettings, type YocoFake } from '../testing/yoco-fake';
import { startShiplogicFake, type ShiplogicFake } from '../testing/shiplogic-fake';
import { ORDER_DESK_ADMIN } from '../testing/test-orders';

const FIXTURE = path.join(import.meta.dirname, 'made-before-records');
/** The last migration of the shop that made the fixture. */
const MADE_AT = '0021_refund_asks';
const PERIOD = 'from=2026-11-01&to=2026-11-30';
const SHOPPERS = ['thandi.fixture@example.co.za', 'sipho.fixture@example.co.za'];

interface Reads {
  list: { id: string }[];
  details: { order: { paymentMethod: string } }[];
  csv: string;
  unfulfilled: object[];
  overview: Record<string, unknown>;
  documents: Record<string, unknown>;
  profiles: Record<string, { orders: { orders: { orderNumber: string }[] }; each: unknown[] }>;
}

const before = JSON.parse(fs.readFileSync(path.join(FIXTURE, 'reads.json'), 'utf8')) as Reads;
/**
 * What the answers gained since the fixture was made, as every order made then reads it: no day to
 * pay a bank transfer by on the desk, paid by card at once for its buyer, and no proof of payment.
 * Those paid on the sandbox are read by a shop taking Yoco: their refunds are made where they were
 * paid and recorded by hand; Yoco's still go through Yoco.
 */
const addedToDeskOrders = { paymentDueOn: null, placedAsGuest: false };
const addedToDeskDetails = (paymentMethod: string) => ({
  proofs: [],
  refundsByHand: paymentMethod === 'yoco' ? null : 'where it was paid (Card (sandbox), no longer offered here)',
});
const addedToCustomerOrders = { pays: 'by card', payLater: false, bankTransfer: null, proofsOfPayment: [] };
/** The payment page's answer for each shopper's checkout, oldest first. */
const checkoutsBefore = JSON.parse(fs.readFileSync(path.join(FIXTURE, 'checkout-reads.json'), 'utf8')) as { metadata: { checkoutId: string; customerInfo: { email: string } } }[];
/** Foreign keys are not checked while the data goes in: pg_dump writes tables in name order. */
const data = `SET session_replication_role = replica;\n${fs.readFileSync(path.join(FIXTURE, 'before.sql'), 'utf8')}\nSET session_replication_role = DEFAULT;`;

describe.each(databasesMadeAt(MADE_AT, data))('orders made before fulfilments and refunds were records, migrated, on $name', (target) => {
  let shop: TestApp;
  let yoco: YocoFake;
  let courier: ShiplogicFake;
  let admin: string;

  beforeAll(async () => {
    yoco = await startYocoFake();
    courier = await startShiplogicFake();
    const env = { ...yocoSettings(yoco, `whsec_${randomBytes(24).toString('base64')}`), ...courier.settings, ADMIN_EMAILS: ORDER_DESK_ADMIN };
    shop = await startTestApp(target, { env });
    admin = await signIn(ORDER_DESK_ADMIN);
  });
  afterAll(async () => {
    await shop?.close();
    await yoco?.close();
    await courier?.close();
  });

  /** Everyone in the fixture signed up with this password. */
  async function signIn(email: string): Promise<string> {
    const answer = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_PUBLIC_URL },
      payload: { email, password: 'checkout-1' },
    });
    expect(answer.statusCode).toBe(200);
    return String(answer.headers['set-cookie']).split(';')[0]!;
  }

  const get = (url: string, cookie = admin) => shop.app.inject({ method: 'GET', url, headers: { origin: TEST_PUBLIC_URL, cookie } });

  it('the order desk lists and shows every order as before, with the same moves offered', async () => {
    const list = (await get('/api/admin/orders?limit=100')).json<{ id: string }[]>();
    expect(list).toEqual(before.list.map((order) => ({ ...order, ...addedToDeskOrders })));
    const details = [];
    for (const order of list) details.push((await get(`/api/admin/orders/${order.id}`)).json());
    expect(details).toEqual(
      before.details.map((detail) => ({ ...detail, ...addedToDeskDetails(detail.order.paymentMethod), order: { ...detail.order, ...addedToDeskOrders } })),
    );
    expect((await get('/api/admin/orders/unfulfilled')).json()).toEqual(before.unfulfilled.map((order) => ({ ...order, ...addedToDeskOrders })));
    const { revenueByDay: _days, ...totals } = (await get('/api/admin/overview')).json<Record<string, unknown>>();
    const { revenueByDay: _then, ...totalsBefore } = before.overview;
    expect(totals).toEqual(totalsBefore);
  });

  it('the CSV of orders, the register of tax documents, the Xero files and the VAT report read the same', async () => {
    // The CSV has gained a last column, the payment method; every other cell reads as before.
    const rows = (await get('/api/admin/orders/export.csv')).body.split('\r\n');
    const lastCell = /,("[^"]*"|[^,]*)$/;
    expect(rows.map((row) => row.replace(lastCell, '')).join('\r\n')).toBe(before.csv);
    expect(rows[0]!.match(lastCell)![1]).toBe('Payment method');
    expect(new Set(rows.slice(1, -1).map((row) => row.match(lastCell)![1]))).toEqual(new Set(['Card (Yoco)', 'Card (sandbox)']));
    expect((await get(`/api/admin/documents?${PERIOD}`)).json()).toEqual(before.documents.list);
    expect((await get(`/api/admin/documents/export.csv?${PERIOD}`)).body).toBe(before.documents.register);
    expect((await get(`/api/admin/documents/export.csv?${PERIOD}&format=xero-invoices`)).body).toBe(before.documents.xeroInvoices);
    expect((await get(`/api/admin/documents/export.csv?${PERIOD}&format=xero-credit-notes`)).body).toBe(before.documents.xeroCreditNotes);
    expect((await get(`/api/admin/vat-report?${PERIOD}`)).json()).toEqual(before.documents.vatReport);
  });

  it('the payment pages show each checkout as before: its delivery, customer, lines and order', async () => {
    const cookies = new Map<string, string>();
    for (const email of SHOPPERS) cookies.set(email, await signIn(email));
    for (const checkout of checkoutsBefore) {
      const cookie = cookies.get(checkout.metadata.customerInfo.email)!;
      // Answers now also carry the link a guest's order opens with: none for an account's.
      expect((await get(`/api/payments/yoco/verify/${checkout.metadata.checkoutId}`, cookie)).json()).toEqual({ ...checkout, orderLink: null });
    }
  });

  it.each(SHOPPERS)('My Profile shows %s the same orders, timelines and documents', async (email) => {
    const cookie = await signIn(email);
    const orders = (await get('/api/profile/orders', cookie)).json<{ orders: { orderNumber: string }[] }>();
    expect(orders).toEqual(before.profiles[email]!.orders);
    const each = [];
    for (const order of orders.orders) each.push((await get(`/api/profile/orders/${order.orderNumber}`, cookie)).json());
    expect(each).toEqual(before.profiles[email]!.each.map((order) => ({ ...(order as object), ...addedToCustomerOrders })));
  });
});
