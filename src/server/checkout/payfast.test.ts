import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { checkouts, paymentWebhooks, placedOrders } from '../db/schema';
import { describeShop, type ShopUnderTest } from '../testing/describe-shop';
import type { Shopper } from '../testing/test-orders';
import { itnParamString, PAYFAST_NOTIFY_PATH, PAYFAST_TEST_MERCHANT } from '../payments/payfast';
import { refundReferenceMessages } from '../../shared/order-desk';
import { payfastItn, signedItn } from '../testing/payfast-itn';
import { PAYFAST_FAKE_LABEL, PAYFAST_FAKE_PATH } from '../payments/payfast-fake';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** A shopper's checkout of one South African flag (R190.00 with PAXI collection), to be paid with PayFast. */
async function openPayfastCheckout(shop: ShopUnderTest, label: string): Promise<{ shopper: Shopper; id: string; redirectUrl: string }> {
  const shopper = await shop.shoppers.signUp(label);
  await shop.shoppers.addToCart(shopper, 'south-africa', 1);
  const point = await shop.shoppers.nearestPoint();
  const res = await shop.shoppers.createCheckout(shopper, { ...shop.shoppers.checkoutBody(19_000, point.id), paymentMethod: 'payfast' });
  expect(res.statusCode).toBe(200);
  return { shopper, ...res.json<{ id: string; redirectUrl: string }>() };
}

const ordersOf = (shop: ShopUnderTest, checkoutId: string) => shop.db.select().from(placedOrders).where(eq(placedOrders.checkoutId, checkoutId));
const checkoutStatus = async (shop: ShopUnderTest, checkoutId: string) => (await shop.db.select().from(checkouts).where(eq(checkouts.id, checkoutId)))[0]!.status;
const storedItns = (shop: ShopUnderTest, checkoutId: string) =>
  shop.db.select().from(paymentWebhooks).where(sql`${paymentWebhooks.payload} -> 'payload' -> 'metadata' ->> 'checkoutId' = ${checkoutId}`);

/** Waits until every ITN stored for the checkout was handled. */
async function handled(shop: ShopUnderTest, checkoutId: string): Promise<void> {
  await vi.waitFor(async () => {
    const rows = await storedItns(shop, checkoutId);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.processedAt !== null)).toBe(true);
  });
}

/** The hidden fields of the forms on a page, form by form. */
function formsOf(html: string): { action: string; fields: [string, string][] }[] {
  const unescape = (text: string) => text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
  return [...html.matchAll(/<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/g)].map(([, action, inner]) => ({
    action: unescape(action!),
    fields: [...inner!.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map(([, name, value]) => [unescape(name!), unescape(value!)] as [string, string]),
  }));
}

describeShop('paying with PayFast’s stand-in', { admin: true, pickupPoints: true, env: { PAYMENT_PROVIDERS: 'sandbox,payfast', PAYFAST_URL: 'fake', PAYFAST_REFUNDS: 'api' } }, (shop) => {
  /** The hand-over page, then the stand-in's process page: the Pay and Cancel forms it shows. */
  async function payfastPage(redirectUrl: string) {
    const url = new URL(redirectUrl);
    const handOver = await shop.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(handOver.statusCode).toBe(200);
    const [form] = formsOf(handOver.body);
    expect(form!.action).toBe(`${shop.config.publicUrl}${PAYFAST_FAKE_PATH}/eng/process`);
    expect(handOver.headers['content-security-policy']).toContain(`form-action ${shop.config.publicUrl}`);
    const page = await shop.app.inject({ method: 'POST', url: new URL(form!.action).pathname, headers: FORM, payload: new URLSearchParams(form!.fields).toString() });
    expect(page.statusCode).toBe(200);
    const [pay, cancel] = formsOf(page.body);
    return { page, fields: form!.fields, press: (button: typeof pay) => shop.app.inject({ method: 'POST', url: button!.action, headers: FORM, payload: new URLSearchParams(button!.fields).toString() }), pay, cancel };
  }

  it('takes a shopper from the checkout through PayFast’s page to exactly one order paid with PayFast, and its confirmation', async () => {
    const { shopper, id, redirectUrl } = await openPayfastCheckout(shop, 'payfast-buyer');
    expect(redirectUrl.startsWith(`${shop.config.publicUrl}/pay/payfast?`)).toBe(true);
    const [row] = await shop.db.select().from(checkouts).where(eq(checkouts.id, id));
    expect(row).toMatchObject({ provider: 'payfast', providerCheckoutId: id, status: 'open' });

    const { page, fields, press, pay } = await payfastPage(redirectUrl);
    expect(Object.fromEntries(fields)).toMatchObject({
      merchant_id: PAYFAST_TEST_MERCHANT.merchantId,
      m_payment_id: id,
      amount: '190.00',
      cell_number: '0821234567',
      notify_url: `${shop.config.publicUrl}${PAYFAST_NOTIFY_PATH}`,
      return_url: `${shop.config.publicUrl}/payment/success?checkoutId=${id}`,
      signature: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(page.body).toContain(PAYFAST_FAKE_LABEL);
    expect(page.body).toContain('R190.00');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");

    const paid = await press(pay);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${shop.config.publicUrl}/payment/success?checkoutId=${id}`);
    await handled(shop, id);
    const orders = await ordersOf(shop, id);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ paymentMethod: 'payfast', paymentStatus: 'paid', totalAmount: 19_000, paymentId: expect.stringMatching(/^\d{7}$/) });
    const [itn] = await storedItns(shop, id);
    expect(itn).toMatchObject({ provider: 'payfast', id: `payfast_${orders[0]!.paymentId}_COMPLETE`, type: 'payment.succeeded', lastError: null });

    // The shopper's return finds the order the ITN made.
    const back = await shop.shoppers.complete(shopper, id);
    expect(back.json()).toMatchObject({ success: true, alreadyExisted: true });
    expect(await ordersOf(shop, id)).toHaveLength(1);
    const mails = await shop.shoppers.confirmations(orders[0]!.orderNumber);
    expect(mails.map((m) => m.payload.subject)).toContain(`Order ${orders[0]!.orderNumber} confirmed - Cape Flag Co.`);
    expect(mails[0]!.payload.to).toBe(shopper.email);
  });

  it('refuses a hand-over link whose amount was changed, in words', async () => {
    const { id, redirectUrl } = await openPayfastCheckout(shop, 'payfast-tamper');
    const url = new URL(redirectUrl);
    url.searchParams.set('amount', '1.00');
    const res = await shop.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('This payment link is not valid');
    expect(res.body).not.toContain('<form');
    // The stand-in refuses a form whose signature does not match, as PayFast does.
    const form = new URLSearchParams(new URL(redirectUrl).search);
    form.set('amount', '1.00');
    const posted = await shop.app.inject({ method: 'POST', url: `${PAYFAST_FAKE_PATH}/eng/process`, headers: FORM, payload: form.toString() });
    expect(posted.statusCode).toBe(400);
    expect(posted.body).toContain('signature does not match');
    expect(await ordersOf(shop, id)).toHaveLength(0);
  });

  it('ends the checkout on Cancel (a CANCELLED ITN), and still makes the order when it is paid after', async () => {
    const { id, redirectUrl } = await openPayfastCheckout(shop, 'payfast-late');
    const { press, pay, cancel } = await payfastPage(redirectUrl);
    const cancelled = await press(cancel);
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe(`${shop.config.publicUrl}/payment/cancel?checkoutId=${id}`);
    await handled(shop, id);
    expect(await checkoutStatus(shop, id)).toBe('failed');
    expect(await ordersOf(shop, id)).toHaveLength(0);
    // The link kept from the ended checkout no longer hands it to PayFast.
    const link = new URL(redirectUrl);
    const closed = await shop.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(closed.statusCode).toBe(409);
    expect(closed.body).toContain('This payment page is closed');
    expect(closed.body).not.toContain('<form');

    expect((await press(pay)).statusCode).toBe(303);
    await handled(shop, id);
    expect(await ordersOf(shop, id)).toHaveLength(1);
    expect(await checkoutStatus(shop, id)).toBe('paid');
  });

  it('keeps the order once paid when a CANCELLED ITN comes after the COMPLETE one', async () => {
    const { id, redirectUrl } = await openPayfastCheckout(shop, 'payfast-reordered');
    const { press, pay, cancel } = await payfastPage(redirectUrl);
    expect((await press(pay)).statusCode).toBe(303);
    await handled(shop, id);
    expect((await press(cancel)).statusCode).toBe(303);
    await handled(shop, id);
    expect(await storedItns(shop, id)).toHaveLength(2);
    const orders = await ordersOf(shop, id);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ paymentStatus: 'paid' });
    expect(await checkoutStatus(shop, id)).toBe('paid');
  });

  it("refunds through PayFast's refund API from the desk: requested at once, counted with its credit note at the next reconciliation, once", async () => {
    const { id, redirectUrl } = await openPayfastCheckout(shop, 'payfast-refund-api');
    const { press, pay } = await payfastPage(redirectUrl);
    expect((await press(pay)).statusCode).toBe(303);
    await handled(shop, id);
    const [order] = await ordersOf(shop, id);
    const detail = await shop.call('GET', `/api/admin/orders/${order!.id}`, shop.admin);
    expect(detail.json()).toMatchObject({ refundsByHand: null, actions: expect.arrayContaining(['refund']) });

    const asked = await shop.call('POST', `/api/admin/orders/${order!.id}/refund`, shop.admin, { amountCents: 5_000, reason: 'One flag came torn' });
    expect(asked.statusCode).toBe(202);
    expect(asked.json<{ message: string }>().message).toContain('Refund of R50.00 requested');
    expect((await shop.app.reconcileCheckouts()).replayedWebhooks).toBe(1);
    const [refunded] = await ordersOf(shop, id);
    expect(refunded).toMatchObject({ refundedCents: 5_000, paymentStatus: 'partially_refunded' });
    const after = (await shop.call('GET', `/api/admin/orders/${order!.id}`, shop.admin)).json<{ documents: { kind: string; totalCents: number }[]; events: { note: string | null }[] }>();
    expect(after.documents.map((d) => [d.kind, d.totalCents])).toEqual([
      ['invoice', 19_000],
      ['credit_note', 5_000],
    ]);
    expect(after.events.map((e) => e.note)).toEqual(['Paid R190.00 with PayFast', 'Refund of R50.00 requested: One flag came torn', 'Refunded R50.00 on PayFast']);
    expect((await shop.app.reconcileCheckouts()).replayedWebhooks).toBe(0);

    // More than is left is refused before PayFast is asked; PayFast refuses a payment it does not know.
    expect((await shop.call('POST', `/api/admin/orders/${order!.id}/refund`, shop.admin, { amountCents: 15_000 })).statusCode).toBe(400);
    const [later] = await ordersOf(shop, id);
    expect(later).toMatchObject({ refundedCents: 5_000 });
  });

  it('confirms only the ITNs the stand-in sent', async () => {
    const validate = (payload: string) => shop.app.inject({ method: 'POST', url: `${PAYFAST_FAKE_PATH}/eng/query/validate`, headers: FORM, payload });
    const res = await validate('m_payment_id=x&payment_status=COMPLETE');
    expect(res.body).toBe('INVALID');
  });
});

/** PayFast's validate call as a test runs it: what it answers next, and what it was asked. */
const payfast = { answer: 'VALID' as 'VALID' | 'INVALID' | 500, asked: [] as string[] };
let payfastServer: Server | undefined;

async function payfastStandIn(): Promise<string> {
  if (!payfastServer) {
    payfastServer = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        if (request.url !== '/eng/query/validate') return response.writeHead(404).end();
        payfast.asked.push(body);
        if (payfast.answer === 500) return response.writeHead(500).end('Internal Server Error');
        response.writeHead(200, { 'content-type': 'text/plain' }).end(payfast.answer);
      });
    });
    await new Promise<void>((resolve) => payfastServer!.listen(0, '127.0.0.1', resolve));
  }
  return `http://127.0.0.1:${(payfastServer.address() as AddressInfo).port}`;
}
afterAll(async () => {
  await new Promise((resolve) => payfastServer?.close(resolve) ?? resolve(undefined));
});

const MERCHANT = { id: '10012345', key: 'abc123def456g', passphrase: 'Flags of the World 2026' };

describeShop(
  'PayFast ITNs, checked four ways',
  async () => ({
    admin: true,
    pickupPoints: true,
    env: {
      PAYMENT_PROVIDERS: 'payfast',
      PAYFAST_URL: await payfastStandIn(),
      PAYFAST_MERCHANT_ID: MERCHANT.id,
      PAYFAST_MERCHANT_KEY: MERCHANT.key,
      PAYFAST_PASSPHRASE: MERCHANT.passphrase,
      PAYFAST_ITN_SOURCES: '127.0.0.1',
    },
  }),
  (shop) => {
    let nextPayment = 2_000_000;
    const itn = (checkoutId: string, overrides: Record<string, string> = {}) =>
      payfastItn({ checkoutId, paymentId: String(nextPayment++), merchantId: MERCHANT.id }, overrides);
    const signed = (fields: [string, string][], passphrase = MERCHANT.passphrase) => signedItn(fields, passphrase);
    const notify = (payload: string, options: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
      shop.app.inject({ method: 'POST', url: PAYFAST_NOTIFY_PATH, headers: options.headers ?? FORM, payload, remoteAddress: options.remoteAddress });

    /** Refused with a 400 in these words: nothing stored, no order. */
    async function refused(checkoutId: string, payload: string, message: string, options?: Parameters<typeof notify>[1]) {
      const res = await notify(payload, options);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message, code: 'webhook_refused' });
      expect(await storedItns(shop, checkoutId)).toHaveLength(0);
      expect(await ordersOf(shop, checkoutId)).toHaveLength(0);
    }

    it('places one order for an ITN PayFast confirms, and answers a repeat 200 as a duplicate without a second', async () => {
      payfast.answer = 'VALID';
      const { id } = await openPayfastCheckout(shop, 'itn-valid');
      const fields = itn(id);
      const first = await notify(signed(fields));
      expect([first.statusCode, first.json()]).toEqual([200, { received: true }]);
      expect(payfast.asked.at(-1)).toBe(itnParamString(fields));
      await handled(shop, id);
      const again = await notify(signed(fields));
      expect([again.statusCode, again.json()]).toEqual([200, { received: true, duplicate: true }]);
      await handled(shop, id);
      const orders = await ordersOf(shop, id);
      expect(orders).toHaveLength(1);
      expect(orders[0]).toMatchObject({ paymentMethod: 'payfast', paymentId: fields[1]![1] });
      expect(await storedItns(shop, id)).toHaveLength(1);
    });

    it('refuses forged, tampered and misdirected ITNs in words, placing nothing', async () => {
      payfast.answer = 'VALID';
      const { id } = await openPayfastCheckout(shop, 'itn-forged');
      const asked = payfast.asked.length;
      await refused(id, `${itnParamString(itn(id))}&signature=${'f'.repeat(32)}`, 'The notification signature does not match (PAYFAST_PASSPHRASE)');
      // The merchant key is in every payment form; without the passphrase a signature proves nothing.
      await refused(id, signed(itn(id, { amount_gross: '1.00' }), ''), 'The notification signature does not match (PAYFAST_PASSPHRASE)');
      await refused(id, signed(itn(id, { amount_gross: '1.00' })), "The notification is for R1.00, but the checkout's total is R190.00");
      await refused(id, signed(itn(id, { merchant_id: '10000100' })), "The notification is for merchant 10000100, not this shop's (PAYFAST_MERCHANT_ID)");
      const unknown = randomUUID();
      await refused(id, signed(itn(unknown)), `The notification names checkout "${unknown}", which this shop did not open with PayFast`);
      await refused(id, signed(itn(id)), "The notification came from 203.0.113.7, which is not one of PayFast's addresses (PAYFAST_ITN_SOURCES)", { remoteAddress: '203.0.113.7' });
      await refused(id, signed(itn(id, { name_first: 'Tha\u0000bo' })), 'The notification field name_first contains a NUL character');
      await refused(id, JSON.stringify(Object.fromEntries(itn(id))), 'A PayFast notification is a form post (application/x-www-form-urlencoded)', {
        headers: { 'content-type': 'application/json' },
      });
      // None of them got as far as asking PayFast.
      expect(payfast.asked.length).toBe(asked);
    });

    it('refuses an ITN PayFast does not confirm (INVALID, or a 500), so that PayFast sends it again, and takes it then', async () => {
      const { id } = await openPayfastCheckout(shop, 'itn-unconfirmed');
      const fields = itn(id);
      payfast.answer = 'INVALID';
      await refused(id, signed(fields), 'PayFast did not confirm the notification: its validation answered "INVALID"');
      payfast.answer = 500;
      await refused(id, signed(fields), "PayFast's validation answered HTTP 500, not a confirmation; PayFast will send the notification again");
      payfast.answer = 'VALID';
      expect((await notify(signed(fields))).statusCode).toBe(200);
      await handled(shop, id);
      expect(await ordersOf(shop, id)).toHaveLength(1);
    });

    it('orders a checkout once whichever way round CANCELLED and COMPLETE arrive', async () => {
      payfast.answer = 'VALID';
      const late = await openPayfastCheckout(shop, 'itn-cancel-first');
      expect((await notify(signed(itn(late.id, { payment_status: 'CANCELLED' })))).statusCode).toBe(200);
      await handled(shop, late.id);
      expect(await checkoutStatus(shop, late.id)).toBe('failed');
      expect((await notify(signed(itn(late.id)))).statusCode).toBe(200);
      await handled(shop, late.id);
      expect(await ordersOf(shop, late.id)).toHaveLength(1);

      const early = await openPayfastCheckout(shop, 'itn-complete-first');
      const payment = String(nextPayment++);
      expect((await notify(signed(itn(early.id, { pf_payment_id: payment })))).statusCode).toBe(200);
      await handled(shop, early.id);
      expect((await notify(signed(itn(early.id, { pf_payment_id: payment, payment_status: 'CANCELLED' })))).statusCode).toBe(200);
      await handled(shop, early.id);
      expect(await ordersOf(shop, early.id)).toEqual([expect.objectContaining({ paymentStatus: 'paid', paymentId: payment })]);
      expect(await checkoutStatus(shop, early.id)).toBe('paid');
    });

    it('tells the shopper who returns before the ITN that the payment is not complete yet', async () => {
      const { shopper, id } = await openPayfastCheckout(shop, 'itn-early-return');
      const res = await shop.shoppers.complete(shopper, id);
      expect(res.statusCode).toBe(409);
      expect(await ordersOf(shop, id)).toHaveLength(0);
    });

    it('asks for the reference of the refund made on PayFast’s dashboard, in words', async () => {
      payfast.answer = 'VALID';
      const { id } = await openPayfastCheckout(shop, 'itn-refund');
      await notify(signed(itn(id)));
      await handled(shop, id);
      const [order] = await ordersOf(shop, id);
      const res = await shop.call('POST', `/api/admin/orders/${order!.id}/refund`, shop.admin, { amountCents: 5_000 });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: refundReferenceMessages.required, code: 'invalid_input' });
    });
  },
);
