import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { adminAuditLog, cartItems, checkouts, orderEvents, taxDocuments } from '../db/schema';
import { signInTargets, startTestApp, TEST_PUBLIC_URL, type TestApp } from '../testing/test-support';
import { describeShop } from '../testing/describe-shop';
import { startYocoFake, type YocoFake } from '../testing/yoco-fake';
import { seedSamplePickupPoints } from '../pickup/sample-points';
import { buildApp } from '../app';
import { shopHelpers } from '../testing/test-orders';
import { mainSizeOf, setMainSize } from '../testing/main-size';
import { formatRand, parseRandToCents } from '../../shared/money';

const origin = { origin: TEST_PUBLIC_URL };
const WEBHOOK_SECRET = `whsec_${randomBytes(24).toString('base64')}`;

describe.each(signInTargets())('checkout with the sandbox provider on $name', (target) => {
  let t: TestApp;
  const shop = shopHelpers(() => t);

  beforeAll(async () => {
    t = await startTestApp(target);
    await seedSamplePickupPoints(t.database.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a signed-out shopper, an unverified email, an empty cart and a missing point in the spec words', async () => {
    const point = await shop.nearestPoint();
    const signedOut = await shop.createCheckout(undefined, shop.checkoutBody(19_000, point.id));
    expect(signedOut.statusCode).toBe(401);

    const unverified = await shop.signUp('unverified', false);
    await shop.addToCart(unverified, 'south-africa', 1);
    const refused = await shop.createCheckout(unverified, shop.checkoutBody(19_000, point.id));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'Email Verification Required: Please verify your email address before completing your purchase.',
      code: 'email_unverified',
    });

    const empty = await shop.signUp('empty');
    const emptyCart = await shop.createCheckout(empty, shop.checkoutBody(6_000, point.id));
    expect(emptyCart.statusCode).toBe(400);
    expect(emptyCart.json().message).toContain('Cart is empty');
    expect(emptyCart.json().code).toBe('cart_empty');

    await shop.addToCart(empty, 'kenya', 1);
    const noPoint = await shop.createCheckout(empty, shop.checkoutBody(19_000, 'P-NOWHERE'));
    expect(noPoint.statusCode).toBe(400);
    expect(noPoint.json()).toEqual({ message: 'PAXI Point Required: Please select a PAXI collection point to continue.', code: 'point_unavailable' });
    const badPhone = await shop.createCheckout(empty, {
      ...shop.checkoutBody(19_000, point.id),
      metadata: { ...shop.checkoutBody(19_000, point.id).metadata, customerInfo: { firstName: 'T', lastName: 'Mokoena', email: 'x@example.co.za', phone: '0821234567' } },
    });
    expect(badPhone.json()).toEqual({ message: 'First name must be at least 2 characters', code: 'invalid_input' });
  });

  it('refuses a way to pay the shop does not offer, in words, holding nothing; the one it offers pays', async () => {
    const shopper = await shop.signUp('paying-how');
    await shop.addToCart(shopper, 'south-africa', 1);
    const point = await shop.nearestPoint();
    const body = shop.checkoutBody(19_000, point.id);
    const before = await t.database.db.$count(checkouts);
    for (const [paymentMethod, message] of [
      ['payfast', '"payfast" is not a way to pay at this shop. Please choose Card.'],
      ['yoco', '"yoco" is not a way to pay at this shop. Please choose Card.'],
      ['', 'paymentMethod must be the name of a way to pay'],
      [12, 'paymentMethod must be the name of a way to pay'],
      ['x'.repeat(41), 'paymentMethod must be the name of a way to pay'],
    ] as const) {
      const res = await shop.createCheckout(shopper, { ...body, paymentMethod });
      expect(res.statusCode, String(paymentMethod)).toBe(400);
      expect(res.json()).toEqual({ message, code: 'invalid_input' });
    }
    expect(await t.database.db.$count(checkouts)).toBe(before);
    const paid = await shop.createCheckout(shopper, { ...body, paymentMethod: 'sandbox' });
    expect(paid.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(checkouts).where(eq(checkouts.id, paid.json<{ id: string }>().id));
    expect(row!.provider).toBe('sandbox');
  });

  it('refuses a browser total that differs with 409 and the right total', async () => {
    const shopper = await shop.signUp('tamper');
    await shop.addToCart(shopper, 'south-africa', 2); // 2 x R130
    const point = await shop.nearestPoint();
    const res = await shop.createCheckout(shopper, shop.checkoutBody(100, point.id, 'paxi-express'));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      expectedAmount: 37_000,
      message: 'Your order total is now R370.00. Please review your order and try again.',
      code: 'cart_changed',
    });
  });

  it('pays on the sandbox page: one order, one confirmation email, the cart emptied, whoever completes first', async () => {
    const shopper = await shop.signUp('payer');
    await shop.addToCart(shopper, 'south-africa', 2);
    await shop.addToCart(shopper, 'kenya', 1);
    const point = await shop.nearestPoint();
    const cartBefore = (await shop.inject('GET', `/api/cart/${shopper.cartId}`, shopper.cookie)).json<{ subtotalCents: number }>();
    const total = cartBefore.subtotalCents + 6_000;

    const created = await shop.createCheckout(shopper, shop.checkoutBody(total, point.id));
    expect(created.statusCode).toBe(200);
    const { id, redirectUrl } = created.json<{ id: string; redirectUrl: string }>();
    expect(redirectUrl).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/sandbox-pay/ch_`));

    const before = await shop.verify(shopper, id);
    expect(before.json()).toMatchObject({ status: 'pending', amount: total, currency: 'ZAR', paymentId: null, orderNumber: null });

    // Someone else cannot look at or complete this checkout.
    const stranger = await shop.signUp('stranger');
    expect((await shop.verify(stranger, id)).statusCode).toBe(404);
    expect((await shop.complete(stranger, id)).statusCode).toBe(404);
    expect((await shop.verify(undefined, id)).json()).toEqual({ message: 'Payment verification failed due to authentication issues.', code: 'not_signed_in' });

    const pay = await shop.inject('POST', `${new URL(redirectUrl).pathname}/pay`);
    expect(pay.statusCode).toBe(303);
    expect(pay.headers.location).toBe(`${TEST_PUBLIC_URL}/payment/success?checkoutId=${id}`);

    // The browser's return, and a few impatient repeats, race the webhook.
    const answers = await Promise.all([shop.complete(shopper, id), shop.complete(shopper, id), shop.verify(shopper, id), shop.complete(shopper, id)]);
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    const made = await shop.ordersOf(id);
    expect(made).toHaveLength(1);
    const order = made[0]!;
    expect(order).toMatchObject({
      orderNumber: expect.stringMatching(/^CF-\d{6}$/),
      totalAmount: total,
      deliveryFeeCents: 6_000,
      deliveryOption: 'paxi_standard',
      paxiLocationId: point.id,
      paxiLocationName: point.name,
      customerPhone: '+27821234567',
      paymentStatus: 'paid',
      status: 'paid',
      paymentId: expect.stringMatching(/^p_/),
    });
    expect(order.items.map((i) => [i.productName, i.quantity])).toEqual([
      ['SOUTH AFRICA', 2],
      ['KENYA', 1],
    ]);

    const verified = (await shop.verify(shopper, id)).json();
    expect(verified).toMatchObject({ status: 'completed', orderNumber: order.orderNumber, paymentId: order.paymentId });
    expect(verified.metadata.paxiPoint.name).toBe(point.name);
    // The success page lists what was bought and what it cost, from the checkout the shopper paid.
    expect(verified.metadata.items).toEqual(order.items);
    expect(verified.metadata.totals).toEqual({ subtotal: cartBefore.subtotalCents, shipping: 6_000, discount: 0, total });

    const again = (await shop.complete(shopper, id)).json();
    expect(again).toMatchObject({ success: true, alreadyExisted: true, message: `Order ${order.orderNumber} already exists` });

    // The form named thabo@example.co.za: the confirmation and the tax invoice go to the account's verified address instead.
    expect(shop.checkoutBody(total, point.id).metadata.customerInfo.email).not.toBe(shopper.email);
    expect(order.customerEmail).toBe(shopper.email);
    const emails = await shop.confirmations(order.orderNumber);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.payload.to).toBe(shopper.email);
    const [invoice] = await t.database.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, order.id));
    expect(JSON.stringify(invoice!.content)).toContain(shopper.email);
    expect(JSON.stringify(invoice!.content)).not.toContain('thabo@example.co.za');
    for (const text of [point.name, 'R370.00'.replace('370', String(total / 100)), 'VAT included', 'Bring your ID', '7-9 business days']) {
      expect(emails[0]!.payload.text).toContain(text);
    }
    expect(await t.database.db.select().from(cartItems).where(eq(cartItems.sessionId, shopper.cartId))).toEqual([]);

    const history = (await shop.inject('GET', '/api/profile/orders', shopper.cookie)).json();
    expect(history.orders).toEqual([expect.objectContaining({ orderNumber: order.orderNumber, totalCents: total, itemCount: 3 })]);
  });

  it("the sandbox payment page lists each flag and the collection fee, and its lines add up to the amount charged", async () => {
    const shopper = await shop.signUp('page-lines');
    await shop.addToCart(shopper, 'south-africa', 2);
    await shop.addToCart(shopper, 'kenya', 1);
    const point = await shop.nearestPoint();
    const subtotal = (await shop.inject('GET', `/api/cart/${shopper.cartId}`, shopper.cookie)).json<{ subtotalCents: number }>().subtotalCents;
    const total = subtotal + 11_000;
    const created = await shop.createCheckout(shopper, shop.checkoutBody(total, point.id, 'paxi-express'));
    expect(created.statusCode).toBe(200);
    const page = await shop.inject('GET', new URL(created.json<{ redirectUrl: string }>().redirectUrl).pathname);
    expect(page.statusCode).toBe(200);

    const cents = (text: string) => parseRandToCents(text)!;
    const rows = [...page.body.matchAll(/<tr><td>([^<]*)<\/td><td>([^<]*)<\/td><\/tr>/g)].map(([, line, amount]) => [line, cents(amount!)]);
    expect(rows).toEqual([
      ['South Africa (150 × 90 cm) × 2', 26_000],
      ['Kenya (150 × 90 cm) × 1', subtotal - 26_000],
      ['PAXI Express collection fee × 1', 11_000],
    ]);
    const shown = /<p class="amount">([^<]*)<\/p>/.exec(page.body)![1]!;
    expect(cents(shown)).toBe(total);
    expect(rows.reduce((sum, [, amount]) => sum + (amount as number), 0)).toBe(total);
    expect(page.body).toContain(`<tfoot><tr><th scope="row">Total</th><td>${formatRand(total)}</td></tr></tfoot>`);
  });

  it('a declined payment makes no order and verifies as failed; a cancelled one keeps the cart', async () => {
    const shopper = await shop.signUp('decliner');
    await shop.addToCart(shopper, 'japan', 1);
    const point = await shop.nearestPoint();
    const total = (await shop.inject('GET', `/api/cart/${shopper.cartId}`, shopper.cookie)).json<{ subtotalCents: number }>().subtotalCents + 6_000;

    const declined = (await shop.createCheckout(shopper, shop.checkoutBody(total, point.id))).json<{ id: string; redirectUrl: string }>();
    const decline = await shop.inject('POST', `${new URL(declined.redirectUrl).pathname}/decline`);
    expect(decline.headers.location).toBe(`${TEST_PUBLIC_URL}/payment/failed?checkoutId=${declined.id}`);
    expect((await shop.verify(shopper, declined.id)).json()).toMatchObject({ status: 'failed', orderNumber: null });
    expect((await shop.complete(shopper, declined.id)).statusCode).toBe(409);

    const cancelled = (await shop.createCheckout(shopper, shop.checkoutBody(total, point.id))).json<{ id: string; redirectUrl: string }>();
    const cancel = await shop.inject('POST', `${new URL(cancelled.redirectUrl).pathname}/cancel`);
    expect(cancel.headers.location).toBe(`${TEST_PUBLIC_URL}/payment/cancel?checkoutId=${cancelled.id}`);
    expect(await shop.ordersOf(cancelled.id)).toEqual([]);
    expect(await t.database.db.select().from(cartItems).where(eq(cartItems.sessionId, shopper.cartId))).toHaveLength(1);
  });
});

let yoco: YocoFake;
/** The shop's settings name the fake's address, so the fake starts first (once per database). */
const onYocoFake = async () => {
  yoco = await startYocoFake();
  return {
    pickupPoints: true,
    env: {
      PAYMENT_PROVIDER: 'yoco',
      YOCO_API_URL: yoco.apiUrl,
      YOCO_SECRET_KEY: yoco.secretKey,
      YOCO_WEBHOOK_SECRET: WEBHOOK_SECRET,
      ADMIN_EMAILS: 'owner-desk@example.co.za',
    },
  };
};

describeShop('checkout against the Yoco fake', onYocoFake, (shop) => {
  afterAll(async () => {
    await yoco?.close();
  });

  const postWebhook = (signed: { headers: Record<string, string>; body: Buffer }) =>
    shop.app.inject({ method: 'POST', url: '/api/payments/yoco/webhook', headers: signed.headers, payload: signed.body });

  it('creates the Yoco checkout with the shop total, an Idempotency-Key and the way back', async () => {
    const { id, yocoId } = await shop.shoppers.openCheckout('yoco-create');
    const request = yoco.requests.find((r) => r.method === 'POST' && r.path === '/api/checkouts' && (r.body as { externalId?: string }).externalId === id)!;
    expect(request.headers['idempotency-key']).toBe(id);
    expect(request.body).toMatchObject({
      amount: 19_000,
      currency: 'ZAR',
      successUrl: `${TEST_PUBLIC_URL}/payment/success?checkoutId=${id}`,
      cancelUrl: `${TEST_PUBLIC_URL}/payment/cancel?checkoutId=${id}`,
      failureUrl: `${TEST_PUBLIC_URL}/payment/failed?checkoutId=${id}`,
      metadata: { checkoutId: id },
      lineItems: [
        { displayName: 'South Africa (150 × 90 cm)', quantity: 1, pricingDetails: { price: 13_000 } },
        { displayName: 'PAXI Standard collection fee', quantity: 1, pricingDetails: { price: 6_000 } },
      ],
    });
    expect(yoco.checkouts.get(yocoId)?.amount).toBe(19_000);
  });

  it('acts on a signed webhook only after the provider confirms, and ignores tampered, foreign, stale and replayed ones', async () => {
    const { shopper, id, yocoId } = await shop.shoppers.openCheckout('yoco-webhook');
    yoco.markPaid(yocoId);
    const event = yoco.paymentSucceeded(yocoId);
    // A webhook can arrive while the checkout still reads as processing.
    yoco.setStatus(yocoId, 'processing');

    for (const options of [{ tamper: true }, { wrongSecret: true }, { timestampOffsetSeconds: -6 * 60 }, { omit: 'webhook-signature' as const }]) {
      const res = await postWebhook(yoco.signWebhook(WEBHOOK_SECRET, event, options));
      expect(res.statusCode).toBe(400);
    }
    // Signed, but Yoco does not (yet) say the checkout is paid: no order.
    const early = await postWebhook(yoco.signWebhook(WEBHOOK_SECRET, event, { webhookId: 'msg_early' }));
    expect(early.statusCode).toBe(200);
    expect((await shop.shoppers.verify(shopper, id)).json()).toMatchObject({ status: 'pending', orderNumber: null });
    expect(await shop.shoppers.ordersOf(id)).toEqual([]);

    yoco.setStatus(yocoId, 'completed');
    const signed = yoco.signWebhook(WEBHOOK_SECRET, event, { webhookId: 'msg_paid' });
    const [first, replay] = await Promise.all([postWebhook(signed), postWebhook(signed)]);
    expect([first.statusCode, replay.statusCode]).toEqual([200, 200]);
    expect([first.json(), replay.json()]).toContainEqual({ received: true, duplicate: true });
    // The work runs after the answer, so the order appears shortly after.
    await expect.poll(() => shop.shoppers.ordersOf(id).then((rows) => rows.length)).toBe(1);
    const [order] = await shop.shoppers.ordersOf(id);
    expect((await shop.shoppers.confirmations(order!.orderNumber)).length).toBe(1);
  });

  it('the reconciliation finds a payment whose shopper never came back and expires stale checkouts', async () => {
    const paid = await shop.shoppers.openCheckout('yoco-gone');
    const stale = await shop.shoppers.openCheckout('yoco-stale');
    yoco.markPaid(paid.yocoId);
    // Both are older than the reconciliation's grace period; the stale one is past its lifetime.
    await shop.db.update(checkouts).set({ createdAt: new Date(Date.now() - 10 * 60_000) }).where(eq(checkouts.id, paid.id));
    await shop.db
      .update(checkouts)
      .set({ createdAt: new Date(Date.now() - 2 * 60 * 60_000), expiresAt: new Date(Date.now() - 60 * 60_000) })
      .where(eq(checkouts.id, stale.id));

    const result = await shop.app.reconcileCheckouts();
    expect(result).toMatchObject({ completed: 1, expired: 1 });
    expect(await shop.shoppers.ordersOf(paid.id)).toHaveLength(1);
    const [staleRow] = await shop.db.select().from(checkouts).where(eq(checkouts.id, stale.id));
    expect(staleRow!.status).toBe('expired');
  });

  it('expires, when its time is up, a checkout of a payment provider the shop no longer offers, giving back its stock', async () => {
    await setMainSize(shop.db, 'south-africa', { stockQuantity: 5 });
    try {
      const { id } = await shop.shoppers.openCheckout('retired-provider');
      expect((await mainSizeOf(shop.db, 'south-africa')).stockQuantity).toBe(4);
      // As if opened before the owner took this provider off PAYMENT_PROVIDERS, and still within its hour.
      await shop.db.update(checkouts).set({ provider: 'retired', createdAt: new Date(Date.now() - 10 * 60_000) }).where(eq(checkouts.id, id));
      const statusOf = async () => (await shop.db.select().from(checkouts).where(eq(checkouts.id, id)))[0]!.status;
      expect(await shop.app.reconcileCheckouts()).toMatchObject({ expired: 0 });
      expect(await statusOf()).toBe('open');

      await shop.db.update(checkouts).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(checkouts.id, id));
      expect(await shop.app.reconcileCheckouts()).toMatchObject({ expired: 1 });
      expect(await statusOf()).toBe('expired');
      expect((await mainSizeOf(shop.db, 'south-africa')).stockQuantity).toBe(5);
    } finally {
      await setMainSize(shop.db, 'south-africa', { stockQuantity: null });
    }
  });

  it('the browser return and duplicate webhooks at once, on two processes, make one order and one email', async () => {
    const { shopper, id, yocoId } = await shop.shoppers.openCheckout('yoco-race');
    const secondProcess = await buildApp({ config: shop.config, database: shop.database, logger: false });
    await secondProcess.ready();
    try {
      yoco.markPaid(yocoId);
      const signed = yoco.signWebhook(WEBHOOK_SECRET, yoco.paymentSucceeded(yocoId), { webhookId: 'msg_race' });
      const again = yoco.signWebhook(WEBHOOK_SECRET, yoco.paymentSucceeded(yocoId), { webhookId: 'msg_race_retry' });
      const webhook = (app: typeof secondProcess, delivery: typeof signed) =>
        app.inject({ method: 'POST', url: '/api/payments/yoco/webhook', headers: delivery.headers, payload: delivery.body });
      const answers = await Promise.all([
        shop.shoppers.complete(shopper, id),
        webhook(secondProcess, signed),
        webhook(shop.app, again),
        secondProcess.inject({ method: 'POST', url: '/api/payments/complete', headers: { ...origin, cookie: shopper.cookie }, payload: { checkoutId: id } }),
      ]);
      for (const answer of answers) expect(answer.statusCode).toBe(200);
      await expect.poll(() => shop.shoppers.ordersOf(id).then((rows) => rows.length)).toBe(1);
      const [order] = await shop.shoppers.ordersOf(id);
      expect(await shop.shoppers.confirmations(order!.orderNumber)).toHaveLength(1);
    } finally {
      await secondProcess.close();
    }
  });

  it('refunds through Yoco for admins only; the payment status follows the refund webhooks', async () => {
    const { shopper, id, yocoId } = await shop.shoppers.openCheckout('yoco-refund');
    yoco.markPaid(yocoId);
    expect((await shop.shoppers.complete(shopper, id)).statusCode).toBe(200);
    const [order] = await shop.shoppers.ordersOf(id);
    const refund = (who: { cookie: string } | undefined, body: object) =>
      shop.shoppers.inject('POST', '/api/payments/yoco/refund', who?.cookie, body);

    expect((await refund(undefined, { paymentId: order!.paymentId, amount: 5_000 })).statusCode).toBe(401);
    expect((await refund(shopper, { paymentId: order!.paymentId, amount: 5_000 })).statusCode).toBe(403);

    const owner = await shop.shoppers.signUpAs('owner-desk@example.co.za');
    expect((await refund(owner, { paymentId: order!.paymentId, amount: 50_000 })).json()).toEqual({
      message: `A refund can be at most R190.00 for order ${order!.orderNumber}`,
      code: 'invalid_input',
    });
    const partial = await refund(owner, { paymentId: order!.paymentId, amount: 5_000 });
    expect(partial.statusCode).toBe(202);
    expect(yoco.requests.some((r) => r.path === `/api/checkouts/${yocoId}/refund` && (r.body as { amount?: number }).amount === 5_000)).toBe(true);
    // The same refund as the order desk's: on the order's timeline and in the audit log, by this admin.
    const events = await shop.db.select().from(orderEvents).where(eq(orderEvents.orderId, order!.id));
    expect(events.filter((e) => e.type === 'refund_requested')).toEqual([expect.objectContaining({ actorEmail: 'owner-desk@example.co.za' })]);
    const audit = await shop.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, order!.id));
    expect(audit).toEqual([expect.objectContaining({ actorEmail: 'owner-desk@example.co.za', summary: expect.stringContaining('R50.00') })]);

    const refunded = async (amount: number, webhookId: string) => {
      const signed = yoco.signWebhook(WEBHOOK_SECRET, yoco.refundEvent(yocoId, 'refund.succeeded', amount), { webhookId });
      const res = await shop.app.inject({ method: 'POST', url: '/api/payments/yoco/webhook', headers: signed.headers, payload: signed.body });
      expect(res.statusCode).toBe(200);
    };
    await refunded(5_000, 'msg_refund_1');
    await expect.poll(async () => (await shop.shoppers.ordersOf(id))[0]!.paymentStatus).toBe('partially_refunded');
    expect((await shop.shoppers.ordersOf(id))[0]!.refundedCents).toBe(5_000);
    await refunded(14_000, 'msg_refund_2');
    await expect.poll(async () => (await shop.shoppers.ordersOf(id))[0]!.paymentStatus).toBe('refunded');
  });
});
