import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, expect, it, vi } from 'vitest';
import { checkouts, paymentWebhooks, placedOrders } from '../db/schema';
import { describeShop, type ShopUnderTest } from '../testing/describe-shop';
import { outboxEmails } from '../testing/test-support';
import type { Shopper } from '../testing/test-orders';
import { PAXI_STANDARD_FEE_CENTS } from '../../shared/shop-facts';
import { OZOW_NOTIFY_PATH } from '../payments/ozow';
import { notificationHash } from '../payments/ozow-hashes';
import { OZOW_FAKE_LABEL, OZOW_FAKE_TEST_SETTINGS } from '../payments/ozow-fake';

const { siteCode, privateKey, apiKey } = OZOW_FAKE_TEST_SETTINGS;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** Notifications are handled just after they are acknowledged; a busy machine may take a while. */
const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 10_000, interval: 50 });

/** The hidden fields of a page's form, as the browser would post them. */
function hiddenFields(html: string): Record<string, string> {
  const unescape = (text: string) => text.replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)));
  return Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [unescape(m[1]!), unescape(m[2]!)]));
}

/** A notification as Ozow posts it, hashed with the stand-in's private key unless `hash` says otherwise. */
function notification(fields: Record<string, string>, hash?: string): string {
  const full: Record<string, string> = { CurrencyCode: 'ZAR', IsTest: 'false', StatusMessage: '', ...fields };
  return new URLSearchParams({ ...full, Hash: hash ?? notificationHash(full, privateKey) }).toString();
}

/** The order-making steps every Ozow suite shares, on the shop it runs against. */
function ozowSteps(shop: ShopUnderTest) {
  /** A shopper's checkout of one South African flag (R190.00 with collection), opened to pay with Ozow. */
  async function openCheckout(label: string): Promise<{ shopper: Shopper; id: string; redirectUrl: string; totalCents: number }> {
    const shopper = await shop.shoppers.signUp(label);
    await shop.shoppers.addToCart(shopper, 'south-africa', 1);
    const point = await shop.shoppers.nearestPoint();
    const cart = (await shop.shoppers.inject('GET', `/api/cart/${shopper.cartId}`, shopper.cookie)).json<{ subtotalCents: number }>();
    const totalCents = cart.subtotalCents + PAXI_STANDARD_FEE_CENTS;
    const res = await shop.shoppers.createCheckout(shopper, { ...shop.shoppers.checkoutBody(totalCents, point.id), paymentMethod: 'ozow' });
    expect(res.statusCode).toBe(200);
    const { id, redirectUrl } = res.json<{ id: string; redirectUrl: string }>();
    return { shopper, id, redirectUrl, totalCents };
  }

  const notify = (body: string) => shop.app.inject({ method: 'POST', url: OZOW_NOTIFY_PATH, headers: FORM, payload: body });
  const ordersOf = (checkoutId: string) => shop.db.select().from(placedOrders).where(eq(placedOrders.checkoutId, checkoutId));
  const checkoutOf = async (checkoutId: string) => (await shop.db.select().from(checkouts).where(eq(checkouts.id, checkoutId)))[0]!;
  return { openCheckout, notify, ordersOf, checkoutOf };
}

describeShop("paying with Ozow's stand-in", { pickupPoints: true, env: { PAYMENT_PROVIDERS: 'ozow', OZOW_URL: 'fake' } }, (shop) => {
  const { openCheckout, notify, ordersOf, checkoutOf } = ozowSteps(shop);
  const path = (url: string) => {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  };

  /** The shop's hand-over page, then the stand-in's page: the fields its Pay and Cancel buttons post. */
  async function reachOzow(redirectUrl: string): Promise<Record<string, string>> {
    const handOver = await shop.app.inject({ method: 'GET', url: path(redirectUrl) });
    expect(handOver.statusCode).toBe(200);
    expect(handOver.headers['content-security-policy']).toContain(`form-action ${shop.config.publicUrl}`);
    expect(handOver.body).toContain(`action="${shop.config.publicUrl}/fake/ozow"`);
    const page = await shop.app.inject({ method: 'POST', url: '/fake/ozow', headers: FORM, payload: new URLSearchParams(hiddenFields(handOver.body)).toString() });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(OZOW_FAKE_LABEL);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    return hiddenFields(page.body);
  }

  const press = (button: 'pay' | 'cancel', fields: Record<string, string>) =>
    shop.app.inject({ method: 'POST', url: `/fake/ozow/${button}`, headers: FORM, payload: new URLSearchParams({ ...fields, bank: 'Capitec' }).toString() });

  /** The notifications the stand-in delivered for a checkout, as the shop stored them. */
  const storedFor = async (checkoutId: string) =>
    (await shop.db.select().from(paymentWebhooks).where(eq(paymentWebhooks.provider, 'ozow'))).filter(
      (row) => (row.payload as { payload: { metadata: { checkoutId: string } } }).payload.metadata.checkoutId === checkoutId,
    );

  it('takes a whole checkout through the hand-over page, Ozow, its notification and the status API to one order and its confirmation', async () => {
    const { shopper, id, redirectUrl, totalCents } = await openCheckout('ozow-buyer');
    expect(redirectUrl.startsWith(`${shop.config.publicUrl}/pay/ozow?`)).toBe(true);
    expect((await checkoutOf(id)).providerCheckoutId).toBe(id);

    const fields = await reachOzow(redirectUrl);
    expect(fields).toMatchObject({ SiteCode: siteCode, Amount: '190.00', TransactionReference: id, BankReference: id.slice(0, 8).toUpperCase() });
    const paid = await press('pay', fields);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${shop.config.publicUrl}/payment/success?checkoutId=${id}`);

    await eventually(async () => expect(await ordersOf(id)).toHaveLength(1));
    const [order] = await ordersOf(id);
    const [stored] = await storedFor(id);
    expect(stored).toMatchObject({ type: 'payment.succeeded', lastError: null });
    expect(stored!.id).toMatch(/^ozow_[0-9a-f-]{36}_Complete$/);
    expect(order).toMatchObject({ paymentMethod: 'ozow', totalAmount: totalCents, paymentId: stored!.id.split('_')[1] });
    expect((await checkoutOf(id)).status).toBe('paid');

    // The shopper's return finds the order, and a second press of Pay pays nothing more.
    const back = await shop.shoppers.complete(shopper, id);
    expect(back.json()).toMatchObject({ success: true, alreadyExisted: true });
    expect((await press('pay', fields)).statusCode).toBe(303);
    expect(await ordersOf(id)).toHaveLength(1);
    const mails = (await outboxEmails(shop.db)).filter((m) => m.payload.subject.includes(order!.orderNumber));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.payload.to).toBe(shopper.email);

    // The stand-in's API: every attempt for the reference, only with the API key.
    const query = `/fake/ozow-api/GetTransactionByReference?siteCode=${siteCode}&transactionReference=${id}`;
    expect((await shop.app.inject({ method: 'GET', url: query })).statusCode).toBe(401);
    const listed = await shop.app.inject({ method: 'GET', url: query, headers: { ApiKey: apiKey } });
    expect(listed.json()).toEqual([expect.objectContaining({ transactionReference: id, status: 'Complete', amount: 190, currencyCode: 'ZAR' })]);
  });

  it('answers a replayed notification 200 as a duplicate, and refuses forged or altered ones in words: never a second order', async () => {
    const { id, redirectUrl } = await openCheckout('ozow-replay');
    await press('pay', await reachOzow(redirectUrl));
    await eventually(async () => expect(await ordersOf(id)).toHaveLength(1));
    const [stored] = await storedFor(id);
    const sent = (stored!.payload as { notification: Record<string, string> }).notification;

    const replayed = await notify(notification(sent));
    expect(replayed.statusCode).toBe(200);
    expect(replayed.json()).toEqual({ received: true, duplicate: true });

    const refusals: [string, string, string][] = [
      ['a forged hash', notification(sent, 'a'.repeat(128)), 'The Ozow notification hash does not match'],
      ['an altered amount', notification(sent).replace('Amount=190.00', 'Amount=1.00'), 'The Ozow notification hash does not match'],
      ['another amount than the API says, hashed with the key', notification({ ...sent, Amount: '1.00' }), 'for R190.00, not R1.00'],
      ['another site code', notification({ ...sent, SiteCode: 'OTHER-SITE' }), 'another Ozow site (OTHER-SITE)'],
      ['an unknown reference', notification({ ...sent, TransactionReference: randomUUID() }), 'Ozow does not know transaction'],
      ['a NUL byte in a field', notification({ ...sent, StatusMessage: 'paid\u0000' }), "The notification's StatusMessage contains a NUL character"],
      ['a body that is not a form', JSON.stringify(sent), 'An Ozow notification is a form post'],
    ];
    for (const [what, body, message] of refusals) {
      const res = await shop.app.inject({
        method: 'POST',
        url: OZOW_NOTIFY_PATH,
        headers: what === 'a body that is not a form' ? { 'content-type': 'application/json' } : FORM,
        payload: body,
      });
      expect(res.statusCode, what).toBe(400);
      expect(res.json<{ message: string }>().message, what).toContain(message);
    }
    expect(await ordersOf(id)).toHaveLength(1);
    expect(await storedFor(id)).toHaveLength(1);
  });

  it('places the order when a cancelled attempt is followed by a paid one for the same checkout', async () => {
    const { id, redirectUrl } = await openCheckout('ozow-second-try');
    const fields = await reachOzow(redirectUrl);
    const cancelled = await press('cancel', fields);
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe(`${shop.config.publicUrl}/payment/cancel?checkoutId=${id}`);
    // Every attempt so far failed: the checkout ends and gives its flag back.
    await eventually(async () => expect((await checkoutOf(id)).status).toBe('failed'));
    expect(await ordersOf(id)).toHaveLength(0);

    // The link kept from the ended checkout no longer hands it to Ozow.
    const closed = await shop.app.inject({ method: 'GET', url: path(redirectUrl) });
    expect(closed.statusCode).toBe(409);
    expect(closed.body).toContain('This payment page is closed');
    expect(closed.body).not.toContain('<form');

    // Still on Ozow's page, the shopper pays after all.
    await press('pay', fields);
    await eventually(async () => expect(await ordersOf(id)).toHaveLength(1));
    expect((await checkoutOf(id)).status).toBe('paid');
    expect((await storedFor(id)).map((row) => row.type).sort()).toEqual(['payment.failed', 'payment.succeeded']);
  });

  it('keeps the order when a cancelled attempt is notified after the paid one', async () => {
    const { id, redirectUrl } = await openCheckout('ozow-late-cancel');
    const fields = await reachOzow(redirectUrl);
    await press('pay', fields);
    await eventually(async () => expect(await ordersOf(id)).toHaveLength(1));
    await press('cancel', fields);
    await eventually(async () => expect((await storedFor(id)).every((row) => row.processedAt !== null)).toBe(true));
    expect(await storedFor(id)).toHaveLength(2);
    const [order] = await ordersOf(id);
    expect(order).toMatchObject({ paymentStatus: 'paid' });
    expect((await checkoutOf(id)).status).toBe('paid');
    expect(await ordersOf(id)).toHaveLength(1);
  });

  it('refuses a hand-over page whose fields were changed, in words', async () => {
    const { redirectUrl } = await openCheckout('ozow-tamper');
    const tampered = path(redirectUrl).replace('Amount=190.00', 'Amount=2.00');
    const res = await shop.app.inject({ method: 'GET', url: tampered });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('The payment link is damaged or was changed: its signature does not match.');
    // The stand-in refuses a form that was changed on the way, too.
    const handOver = await shop.app.inject({ method: 'GET', url: path(redirectUrl) });
    const changed = new URLSearchParams({ ...hiddenFields(handOver.body), Amount: '2.00' }).toString();
    const page = await shop.app.inject({ method: 'POST', url: '/fake/ozow', headers: FORM, payload: changed });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('The HashCheck does not match the fields');
  });
});

/**
 * Ozow's status API as a test sets it: the transactions it lists for each reference, or a fault.
 * Started once for the file; the shops of both databases ask it.
 */
interface StatusApiStub {
  url: string;
  transactions: Map<string, object[]>;
  failing: boolean;
  calls: number;
  server: Server;
}
let stub: Promise<StatusApiStub> | undefined;
function statusApiStub(): Promise<StatusApiStub> {
  stub ??= new Promise((resolve) => {
    const state = { transactions: new Map<string, object[]>(), failing: false, calls: 0 } as StatusApiStub;
    state.server = createServer((request, response) => {
      state.calls += 1;
      const url = new URL(request.url ?? '/', 'http://stub.invalid');
      if (state.failing) {
        response.writeHead(500, { 'content-type': 'application/json' }).end('{"message":"An error has occurred."}');
        return;
      }
      if (request.headers.apikey !== apiKey) {
        response.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"Authorization has been denied for this request."}');
        return;
      }
      const listed = state.transactions.get(url.searchParams.get('transactionReference') ?? '') ?? [];
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(listed));
    });
    state.server.listen(0, '127.0.0.1', () => {
      state.url = `http://127.0.0.1:${(state.server.address() as AddressInfo).port}`;
      resolve(state);
    });
  });
  return stub;
}
afterAll(async () => {
  if (stub) (await stub).server.close();
});

describeShop(
  "Ozow notifications checked against Ozow's status API",
  async () => ({ pickupPoints: true, env: { PAYMENT_PROVIDERS: 'ozow', OZOW_URL: 'fake', OZOW_API_URL: (await statusApiStub()).url } }),
  (shop) => {
    const { openCheckout, notify, ordersOf } = ozowSteps(shop);
    const paidAttempt = (reference: string, transactionId: string) => ({
      transactionId,
      siteCode,
      transactionReference: reference,
      currencyCode: 'ZAR',
      amount: 190,
      status: 'Complete',
    });

    it('refuses a notification while the status API answers 500, and takes it once Ozow sends it again', async () => {
      const api = await statusApiStub();
      const { id } = await openCheckout('ozow-api-down');
      const transactionId = randomUUID();
      const body = notification({ SiteCode: siteCode, TransactionId: transactionId, TransactionReference: id, Amount: '190.00', Status: 'Complete' });

      api.failing = true;
      const before = api.calls;
      try {
        const refused = await notify(body);
        expect(refused.statusCode).toBe(400);
        expect(refused.json<{ message: string }>().message).toContain("The notification could not be confirmed: Ozow's transaction status API refused the request (HTTP 500)");
        // Asked three times before giving up.
        expect(api.calls - before).toBe(3);
      } finally {
        api.failing = false;
      }
      expect(await ordersOf(id)).toHaveLength(0);
      expect(await shop.db.$count(paymentWebhooks, eq(paymentWebhooks.id, `ozow_${transactionId}_Complete`))).toBe(0);

      api.transactions.set(id, [paidAttempt(id, transactionId)]);
      const retried = await notify(body);
      expect(retried.statusCode).toBe(200);
      expect(retried.json()).toEqual({ received: true });
      await eventually(async () => expect(await ordersOf(id)).toHaveLength(1));
      expect((await ordersOf(id))[0]).toMatchObject({ paymentMethod: 'ozow', paymentId: transactionId });
    });

    it('has the reconciliation place the order of a paid checkout whose shopper never came back and whose notification was lost', async () => {
      const api = await statusApiStub();
      const { shopper, id } = await openCheckout('ozow-lost');
      const transactionId = randomUUID();
      api.transactions.set(id, [paidAttempt(id, transactionId)]);
      // The reconciliation leaves alone checkouts younger than two minutes: their shoppers may still be paying.
      await shop.db.update(checkouts).set({ createdAt: new Date(Date.now() - 3 * 60_000) }).where(eq(checkouts.id, id));

      const result = await shop.app.reconcileCheckouts();
      expect(result.completed).toBeGreaterThanOrEqual(1);
      const [order] = await ordersOf(id);
      expect(order).toMatchObject({ paymentMethod: 'ozow', paymentId: transactionId, paymentStatus: 'paid' });
      const mails = (await outboxEmails(shop.db)).filter((m) => m.payload.subject.includes(order!.orderNumber));
      expect(mails.map((m) => m.payload.to)).toEqual([shopper.email]);

      // The notification, should it arrive after all, finds the order made.
      const late = await notify(notification({ SiteCode: siteCode, TransactionId: transactionId, TransactionReference: id, Amount: '190.00', Status: 'Complete' }));
      expect(late.statusCode).toBe(200);
      await eventually(async () => expect((await shop.db.select().from(paymentWebhooks).where(eq(paymentWebhooks.id, `ozow_${transactionId}_Complete`)))[0]?.processedAt).not.toBeNull());
      expect(await ordersOf(id)).toHaveLength(1);
      expect(await shop.app.reconcileCheckouts()).toMatchObject({ completed: 0 });
    });
  },
);
