import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { adminAuditLog, checkouts, orderEvents } from '../db/schema';
import { startYocoFake, type YocoFake } from '../testing/yoco-fake';
import { outboxEmails, quietLogger } from '../testing/test-support';
import { describeShop, type ShopOptions } from '../testing/describe-shop';
import type { AdminOrderDetail, OrderActionResult } from '../../shared/order-desk';
import { createOrderDeskService } from './service';
import { insertOrder, ORDER_DESK_ADMIN, outboxTexts, placePaidOrder, SEA_POINT, type Shopper } from '../testing/test-orders';
import { emailContextOf } from '../email-context';
import { setMainSize, mainSizeOf } from '../testing/main-size';

describeShop('order desk moves and money', { admin: true, pickupPoints: true }, (shop) => {
  const { call } = shop;
  let shopper: Shopper;

  beforeAll(async () => {
    shopper = await shop.shoppers.signUp('desk-customer');
  });

  const act = (id: string, action: string, body?: object) => call('POST', `/api/admin/orders/${id}/${action}`, shop.admin, body);
  const detail = async (id: string) => (await call('GET', `/api/admin/orders/${id}`, shop.admin)).json<AdminOrderDetail>();
  const emailsAbout = async (orderNumber: string) =>
    (await outboxEmails(shop.db)).filter((r) => r.payload.subject.includes(orderNumber) && !r.payload.subject.includes('confirmed')).map((r) => r.payload);
  const textsAbout = async (orderNumber: string) => (await outboxTexts(shop.db)).filter((m) => m.body.includes(orderNumber));

  it("refuses to fulfil without a tracking number: 'Please enter a tracking number', nothing sent", async () => {
    const order = await insertOrder(shop.db);
    for (const body of [{}, { trackingNumber: '' }, { trackingNumber: '   ' }, { trackingNumber: 42 }, undefined]) {
      const res = await act(order.id, 'fulfill', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ message: 'Please enter a tracking number', code: 'invalid_input' });
    }
    expect((await detail(order.id)).order).toMatchObject({ status: 'paid', fulfilled: false, trackingNumber: null });
    expect(await emailsAbout(order.orderNumber)).toEqual([]);
    expect(await textsAbout(order.orderNumber)).toEqual([]);
  });

  it('fulfils with the tracking number: the order, the timeline, the audit log, one email and one SMS with the number and the point', async () => {
    const order = await insertOrder(shop.db, { customerName: 'Thandi Nkosi', customerEmail: 'thandi@example.co.za', customerPhone: '+27831234567' });
    const res = await act(order.id, 'fulfill', { trackingNumber: '  PX-2024-0001  ' });
    expect(res.statusCode).toBe(200);
    const result = res.json<OrderActionResult>();
    expect(result.message).toBe('Order has been marked as fulfilled and customer notified');
    expect(result.order).toMatchObject({ status: 'fulfilled', fulfilled: true, trackingNumber: 'PX-2024-0001', fulfilledAt: expect.any(String) });
    expect(Date.now() - Date.parse(result.order.fulfilledAt!)).toBeLessThan(60_000);
    expect(result.events.at(-1)).toMatchObject({ type: 'fulfilled', note: 'Sent to PAXI with tracking number PX-2024-0001', actorEmail: ORDER_DESK_ADMIN });
    expect(result.actions).toEqual(['ready_for_collection', 'cancel', 'refund']);

    const [email, ...moreEmails] = await emailsAbout(order.orderNumber);
    expect(moreEmails).toEqual([]);
    expect(email!.to).toBe('thandi@example.co.za');
    expect(email!.subject).toContain(`Your order ${order.orderNumber} is on its way`);
    for (const text of [order.orderNumber, 'PX-2024-0001', SEA_POINT.name, SEA_POINT.address, 'PAXI Standard, 7-9 business days', 'SMS', 'Bring your ID']) {
      expect(email!.text).toContain(text);
      expect(email!.html).toContain(text);
    }
    const texts = await textsAbout(order.orderNumber);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.to).toBe('+27831234567');
    for (const text of [order.orderNumber, 'PX-2024-0001', SEA_POINT.name]) expect(texts[0]!.body).toContain(text);

    const audit = await shop.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, order.id));
    expect(audit).toEqual([
      expect.objectContaining({ actorEmail: ORDER_DESK_ADMIN, action: 'order.fulfil', targetType: 'order', summary: `Fulfilled ${order.orderNumber} with tracking PX-2024-0001` }),
    ]);
  });

  it('a second fulfil is refused and sends nothing more', async () => {
    const order = await insertOrder(shop.db);
    expect((await act(order.id, 'fulfill', { trackingNumber: 'PX-1' })).statusCode).toBe(200);
    const again = await act(order.id, 'fulfill', { trackingNumber: 'PX-2' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: `Order ${order.orderNumber} is sent and cannot be marked sent`, code: 'conflict' });
    expect((await detail(order.id)).order.trackingNumber).toBe('PX-1');
    expect(await emailsAbout(order.orderNumber)).toHaveLength(1);
    expect(await textsAbout(order.orderNumber)).toHaveLength(1);
  });

  it('two admins fulfilling at once make one fulfilment and one notice', async () => {
    const order = await insertOrder(shop.db);
    const answers = await Promise.all([act(order.id, 'fulfill', { trackingNumber: 'PX-A' }), act(order.id, 'fulfill', { trackingNumber: 'PX-B' })]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((r) => r.statusCode === 200)!.json<OrderActionResult>();
    const events = (await detail(order.id)).events.filter((e) => e.type === 'fulfilled');
    expect(events).toHaveLength(1);
    const emails = await emailsAbout(order.orderNumber);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.text).toContain(winner.order.trackingNumber!);
    expect(await textsAbout(order.orderNumber)).toHaveLength(1);
  });

  it('refuses moves the transition table forbids, in words', async () => {
    const paid = await insertOrder(shop.db);
    const collected = await insertOrder(shop.db, { status: 'collected', fulfilled: true, trackingNumber: 'PX-9' });
    const cancelled = await insertOrder(shop.db, { status: 'cancelled' });
    const refunded = await insertOrder(shop.db, { paymentStatus: 'refunded', refundedCents: 19_000 });
    const cases: [string, string, object | undefined, number, string][] = [
      [paid.id, 'ready-for-collection', undefined, 409, `Order ${paid.orderNumber} is paid and cannot be marked ready for collection`],
      [paid.id, 'collected', undefined, 409, `Order ${paid.orderNumber} is paid and cannot be marked collected`],
      [cancelled.id, 'fulfill', { trackingNumber: 'PX-3' }, 409, `Order ${cancelled.orderNumber} is cancelled and cannot be marked sent`],
      [cancelled.id, 'cancel', { refund: 'none' }, 409, `Order ${cancelled.orderNumber} is cancelled and cannot be marked cancelled`],
      [collected.id, 'cancel', { refund: 'full' }, 409, `Order ${collected.orderNumber} is collected and cannot be marked cancelled`],
      [collected.id, 'fulfill', { trackingNumber: 'PX-4' }, 409, `Order ${collected.orderNumber} is collected and cannot be marked sent`],
      [refunded.id, 'fulfill', { trackingNumber: 'PX-5' }, 409, `Order ${refunded.orderNumber} was refunded in full; cancel it instead of sending it`],
      [refunded.id, 'refund', { amountCents: 100 }, 409, `Order ${refunded.orderNumber} is already refunded in full`],
    ];
    for (const [id, action, body, status, message] of cases) {
      const res = await act(id, action, body);
      expect(res.statusCode, `${action} ${message}`).toBe(status);
      expect(res.json()).toEqual({ message, code: 'conflict' });
    }
    // Collected is the end of the road, but money can still go back (a damaged flag).
    expect((await detail(collected.id)).actions).toEqual(['refund']);
    expect((await detail(refunded.id)).actions).toEqual(['cancel']);
  });

  it('tells the customer when the parcel is ready, with the point, the ID and the holding period, then thanks them', async () => {
    const order = await insertOrder(shop.db, { customerPhone: '+27841112222', deliveryOption: 'paxi_express' });
    expect((await act(order.id, 'fulfill', { trackingNumber: 'PX-READY' })).statusCode).toBe(200);
    const ready = await act(order.id, 'ready-for-collection', {});
    expect(ready.statusCode).toBe(200);
    expect(ready.json<OrderActionResult>()).toMatchObject({
      message: `Order ${order.orderNumber} is ready for collection; the customer was notified`,
      order: { status: 'ready_for_collection' },
      actions: ['collected', 'cancel', 'refund'],
    });
    const readyEmail = (await emailsAbout(order.orderNumber)).find((e) => e.subject.includes('ready for collection'))!;
    for (const text of [`ready for collection at ${SEA_POINT.name}, ${SEA_POINT.address}`, 'Bring your ID', 'within 14 days', 'PX-READY']) {
      expect(readyEmail.text).toContain(text);
    }
    const readyText = (await textsAbout(order.orderNumber)).find((m) => m.body.includes('ready for collection'))!;
    expect(readyText.to).toBe('+27841112222');
    for (const text of [`ready for collection at ${SEA_POINT.name}, ${SEA_POINT.address}`, 'Bring your ID', '14 days']) expect(readyText.body).toContain(text);
    expect((await act(order.id, 'ready-for-collection')).statusCode).toBe(409);

    const collected = await act(order.id, 'collected');
    expect(collected.statusCode).toBe(200);
    expect(collected.json<OrderActionResult>()).toMatchObject({ message: `Order ${order.orderNumber} was collected`, order: { status: 'collected' } });
    expect((await emailsAbout(order.orderNumber)).map((e) => e.subject)).toEqual([
      expect.stringContaining('is on its way'),
      expect.stringContaining('is ready for collection'),
      expect.stringContaining(`Thank you for collecting order ${order.orderNumber}`),
    ]);
    expect(await textsAbout(order.orderNumber)).toHaveLength(2);
    expect((await detail(order.id)).events.map((e) => e.type)).toEqual(['fulfilled', 'ready_for_collection', 'collected']);
  });

  it('keeps notes on the timeline and refuses an empty one', async () => {
    const order = await insertOrder(shop.db);
    const empty = await act(order.id, 'notes', { note: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: 'Please write a note', code: 'invalid_input' });
    const res = await act(order.id, 'notes', { note: 'Customer will collect in Durban instead' });
    expect(res.statusCode).toBe(200);
    expect(res.json<OrderActionResult>().events).toEqual([
      expect.objectContaining({ type: 'note', note: 'Customer will collect in Durban instead', actorEmail: ORDER_DESK_ADMIN }),
    ]);
    expect(await emailsAbout(order.orderNumber)).toEqual([]);
  });

  it('cancels with a full refund through the payment provider; the payment status follows its confirmation', async () => {
    const order = await placePaidOrder(shop.shoppers, shopper);
    const res = await act(order.id, 'cancel', { refund: 'full', reason: 'Out of stock' });
    expect(res.statusCode).toBe(200);
    const result = res.json<OrderActionResult>();
    expect(result.message).toBe(`Order ${order.orderNumber} was cancelled; a refund of R190.00 was requested`);
    expect(result.order.status).toBe('cancelled');
    expect(result.refundableCents).toBe(0);
    expect(result.events.map((e) => [e.type, e.note])).toEqual(
      expect.arrayContaining([
        ['refund_requested', 'Refund of R190.00 requested: Out of stock'],
        ['cancelled', 'Out of stock'],
      ]),
    );
    const [email] = (await emailsAbout(order.orderNumber)).filter((e) => e.subject.includes('cancelled'));
    expect(email!.text).toContain('We are refunding the full R190.00 you paid to the card you paid with.');
    expect(email!.text).not.toContain('Out of stock');

    await expect.poll(async () => (await detail(order.id)).order.paymentStatus).toBe('refunded');
    const after = await detail(order.id);
    expect(after.order.refundedCents).toBe(19_000);
    // Asked of the provider before the cancel was written; its confirmation may come before or after that.
    const types = after.events.map((e) => e.type);
    expect(types.slice(0, 2)).toEqual(['placed', 'refund_requested']);
    expect(types.slice(2).sort()).toEqual(['cancelled', 'refunded']);
    expect(after.events.find((e) => e.type === 'refunded')).toMatchObject({ note: "Refunded R190.00 to the customer's card", actorEmail: null });
    expect(after.actions).toEqual([]);
  });

  it('cancels with part of the money back, then refunds the rest; more than is left is refused', async () => {
    const order = await placePaidOrder(shop.shoppers, shopper);
    const tooMuch = await act(order.id, 'cancel', { refund: { amountCents: 19_001 } });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toEqual({ message: `A refund can be at most R190.00 for order ${order.orderNumber}`, code: 'invalid_input' });
    expect((await detail(order.id)).order.status).toBe('paid');

    const res = await act(order.id, 'cancel', { refund: { amountCents: 5_000 } });
    expect(res.statusCode).toBe(200);
    expect(res.json<OrderActionResult>()).toMatchObject({ order: { status: 'cancelled' }, refundableCents: 14_000, actions: ['refund'] });
    const [email] = (await emailsAbout(order.orderNumber)).filter((e) => e.subject.includes('cancelled'));
    expect(email!.text).toContain('We are refunding R50.00 of the R190.00 you paid');
    await expect.poll(async () => (await detail(order.id)).order.paymentStatus).toBe('partially_refunded');
    expect((await detail(order.id)).order.refundedCents).toBe(5_000);

    const over = await act(order.id, 'refund', { amountCents: 14_001 });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ message: `A refund can be at most R140.00 for order ${order.orderNumber}`, code: 'invalid_input' });

    const rest = await act(order.id, 'refund', { amountCents: 14_000, reason: 'Goodwill' });
    expect(rest.statusCode).toBe(202);
    expect(rest.json<OrderActionResult>().message).toBe(
      `Refund of R140.00 requested for order ${order.orderNumber}; the payment status follows when the payment provider confirms it`,
    );
    await expect.poll(async () => (await detail(order.id)).order.paymentStatus).toBe('refunded');
    const after = await detail(order.id);
    expect(after.order.refundedCents).toBe(19_000);
    expect(after.events.filter((e) => e.type === 'refunded').map((e) => e.note)).toEqual([
      "Refunded R50.00 to the customer's card",
      "Refunded R140.00 to the customer's card",
    ]);
    // Each refund, the cancellation's too, is told once the provider confirms it.
    const refundEmails = (await emailsAbout(order.orderNumber)).filter((e) => e.subject.startsWith(`Refund for order ${order.orderNumber}`));
    expect(refundEmails.map((e) => /We have refunded (R[\d.]+) of the R190\.00 you paid/.exec(e.text)?.[1])).toEqual(['R50.00', 'R140.00']);

    const none = await act(order.id, 'refund', { amountCents: 1 });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({ message: `Order ${order.orderNumber} is already refunded in full`, code: 'conflict' });
  });

  it('counts a refund still waiting for the provider as given when working out what is left', async () => {
    const order = await placePaidOrder(shop.shoppers, shopper);
    expect((await act(order.id, 'refund', { amountCents: 15_000 })).statusCode).toBe(202);
    // Whether or not the provider confirmed it yet, R40.00 is all that is left.
    const over = await act(order.id, 'refund', { amountCents: 5_000 });
    expect(over.statusCode).toBe(400);
    expect(over.json<{ message: string }>().message).toMatch(new RegExp(`^A refund can be at most R40\\.00 for order ${order.orderNumber}`));
    expect((await detail(order.id)).refundableCents).toBe(4_000);
    await expect.poll(async () => (await detail(order.id)).order.refundedCents).toBe(15_000);
    expect((await detail(order.id)).order.status).toBe('paid');
  });

  it('does not record a repeat of a refund the provider answered with the first one', async () => {
    const order = await insertOrder(shop.db);
    // The checkout's idempotency key repeats for the same amount until the first refund is confirmed;
    // the provider then answers with the first refund instead of making a second.
    const desk = createOrderDeskService({
      db: shop.db,
      checkout: { refund: async () => ({ refundId: 'rfd_first', status: 'accepted', providerStatus: 'successful', orderNumber: order.orderNumber }) },
      email: emailContextOf(shop.config),
      delivery: { canBook: false, book: () => Promise.reject(new Error('no courier here')), label: () => Promise.reject(new Error('no courier here')) },
      tracking: { follows: false, followOrder: () => Promise.reject(new Error('no courier here')) },
      log: quietLogger,
    });
    const actor = { id: 'admin-user', email: ORDER_DESK_ADMIN };
    await desk.refundOrder(actor, order.id, { amountCents: 2_000 });
    await expect(desk.refundOrder(actor, order.id, { amountCents: 2_000 })).rejects.toThrow(
      `A refund of R20.00 for order ${order.orderNumber} was already requested and is waiting for the payment provider's confirmation. To refund the same amount again, wait until it is confirmed.`,
    );
    const after = await desk.orderDetail(order.id);
    expect(after.events.filter((e) => e.type === 'refund_requested')).toHaveLength(1);
    expect(after.refundableCents).toBe(17_000);
    // The customer hears of a refund once the provider confirms it, which it has not.
    expect((await emailsAbout(order.orderNumber)).filter((e) => e.subject.startsWith('Refund for order'))).toHaveLength(0);
  });

  it('puts the flags of an order cancelled before it went to PAXI back on sale, and not those of a parcel already sent', async () => {
    const stockOfSouthAfrica = async () =>
      (await mainSizeOf(shop.db, 'south-africa')).stockQuantity;
    await setMainSize(shop.db, 'south-africa', { stockQuantity: 3 });
    try {
      const kept = await placePaidOrder(shop.shoppers, shopper);
      expect(await stockOfSouthAfrica()).toBe(2);
      expect((await act(kept.id, 'cancel', { refund: 'none' })).statusCode).toBe(200);
      expect(await stockOfSouthAfrica()).toBe(3);
      // A second cancel is refused and gives nothing back twice.
      expect((await act(kept.id, 'cancel', { refund: 'none' })).statusCode).toBe(409);
      expect(await stockOfSouthAfrica()).toBe(3);

      const sent = await placePaidOrder(shop.shoppers, shopper);
      expect((await act(sent.id, 'fulfill', { trackingNumber: 'PX-RESTOCK-1' })).statusCode).toBe(200);
      expect((await act(sent.id, 'cancel', { refund: 'none' })).statusCode).toBe(200);
      expect(await stockOfSouthAfrica()).toBe(2);
    } finally {
      await setMainSize(shop.db, 'south-africa', { stockQuantity: null });
    }
  });

  it('cancels without a refund and says so to the customer', async () => {
    const order = await insertOrder(shop.db);
    const res = await act(order.id, 'cancel', { refund: 'none', reason: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json<OrderActionResult>()).toMatchObject({ message: `Order ${order.orderNumber} was cancelled`, order: { status: 'cancelled', paymentStatus: 'paid' } });
    expect(res.json<OrderActionResult>().events).toEqual([expect.objectContaining({ type: 'cancelled', note: null })]);
    const [email] = await emailsAbout(order.orderNumber);
    expect(email!.text).toContain('No card refund comes with this cancellation');
    const bad = await act(order.id, 'refund', { amountCents: 12.5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Whole cents only', code: 'invalid_input' });
  });
});

const WEBHOOK_SECRET = `whsec_${randomBytes(24).toString('base64')}`;
let yoco: YocoFake;

/** The shop paid through the Yoco fake, which starts first: the shop's settings name it. */
async function payingThroughYoco(): Promise<ShopOptions> {
  yoco = await startYocoFake();
  return {
    admin: true,
    pickupPoints: true,
    env: { PAYMENT_PROVIDER: 'yoco', YOCO_API_URL: yoco.apiUrl, YOCO_SECRET_KEY: yoco.secretKey, YOCO_WEBHOOK_SECRET: WEBHOOK_SECRET },
  };
}

describeShop('a refund the payment provider fails', payingThroughYoco, (shop) => {
  const { call, shoppers } = shop;

  afterAll(async () => {
    await yoco?.close();
  });

  it('shows the failure on the timeline and gives the amount back to refund', async () => {
    const shopper = await shoppers.signUp('yoco-refund-fails');
    await shoppers.addToCart(shopper, 'south-africa', 1);
    const point = await shoppers.nearestPoint('7441');
    const { id } = (await shoppers.createCheckout(shopper, shoppers.checkoutBody(19_000, point.id))).json<{ id: string }>();
    const [checkout] = await shop.db.select().from(checkouts).where(eq(checkouts.id, id));
    yoco.markPaid(checkout!.providerCheckoutId!);
    expect((await shoppers.complete(shopper, id)).statusCode).toBe(200);
    const [order] = await shoppers.ordersOf(id);
    const detail = async () => (await call('GET', `/api/admin/orders/${order!.id}`, shop.admin)).json<AdminOrderDetail>();

    expect((await call('POST', `/api/admin/orders/${order!.id}/refund`, shop.admin, { amountCents: 5_000 })).statusCode).toBe(202);
    expect((await detail()).refundableCents).toBe(14_000);

    const [requested] = await shop.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order!.id), eq(orderEvents.type, 'refund_requested')));
    const event = yoco.refundEvent(checkout!.providerCheckoutId!, 'refund.failed', 5_000) as { payload: { id: string } };
    event.payload.id = String((requested!.details as { refundId: string }).refundId);
    const signed = yoco.signWebhook(WEBHOOK_SECRET, event);
    const res = await shop.app.inject({ method: 'POST', url: '/api/payments/yoco/webhook', headers: signed.headers, payload: signed.body });
    expect(res.statusCode).toBe(200);

    await expect.poll(async () => (await detail()).events.map((e) => e.type)).toEqual(['placed', 'refund_requested', 'refund_failed']);
    const after = await detail();
    expect(after.events.at(-1)!.note).toBe('The refund of R50.00 failed at the payment provider: Refunds work only on live-mode checkouts');
    expect(after.refundableCents).toBe(19_000);
    expect(after.order).toMatchObject({ paymentStatus: 'paid', refundedCents: 0 });
    // No money went back: no credit note, and no refund email.
    expect(after.documents.map((d) => d.kind)).toEqual(['invoice']);
    expect((await outboxEmails(shop.db)).filter((r) => r.payload.subject.startsWith(`Refund for order ${order!.orderNumber}`))).toEqual([]);
  });
});
