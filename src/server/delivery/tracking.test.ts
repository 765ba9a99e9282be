import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { adminAuditLog, orderEvents, orders, rateLimits } from '../db/schema';
import { describeShop } from '../testing/describe-shop';
import { outboxEmails, quietLogger, TEST_PUBLIC_URL } from '../testing/test-support';
import { signedIn } from '../testing/test-admin';
import { outboxTexts, type Shopper } from '../testing/test-orders';
import { startShiplogicFake, type ShiplogicFake } from '../testing/shiplogic-fake';
import type { AdminOrderDetail, OrderActionResult } from '../../shared/order-desk';
import type { CustomerOrderDetail } from '../../shared/orders';
import { createCourierProvider } from './providers';
import { createCourierTracking, type CourierTracking } from './tracking';
import { TRACKING_WEBHOOK_PATH } from './routes';
import { emailContextOf } from '../email-context';

const ADMIN = 'courier-tracking@example.co.za';
const SECRET = randomBytes(24).toString('hex');
const address = { street: '12 Long Street', suburb: 'Gardens', city: 'Cape Town', province: 'Western Cape', postalCode: '8001' };
const customerInfo = { firstName: 'Thandi', lastName: 'Mokoena', email: 'thandi@example.co.za', phone: '082 123 4567' };

let fake: ShiplogicFake;
/** The fake starts before each database's shop, which is started with its address. */
const withFake = async () => {
  fake = await startShiplogicFake();
  return {
    env: { ADMIN_EMAILS: ADMIN, ...fake.settings, SHIPLOGIC_WEBHOOK_SECRET: SECRET, COURIER_TRACKING_URL: 'https://track.example/{trackingNumber}' },
    pickupPoints: true,
  };
};

describeShop('courier orders followed to the door', withFake, (shop) => {
  let admin: string;
  let tracking: CourierTracking;

  const desk = (method: 'GET' | 'POST', url: string, cookie = admin) => shop.app.inject({ method, url, headers: { origin: TEST_PUBLIC_URL, cookie } });
  const detailOf = async (orderId: string) => (await desk('GET', `/api/admin/orders/${orderId}`)).json<AdminOrderDetail>();
  /** Shiplogic calling the shop, as set up in its portal. */
  const webhook = (body: unknown, { secret = SECRET, how = 'address' }: { secret?: string; how?: 'address' | 'bearer' | 'none' } = {}) =>
    shop.app.inject({
      method: 'POST',
      url: how === 'address' ? `${TRACKING_WEBHOOK_PATH}?secret=${encodeURIComponent(secret)}` : TRACKING_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', ...(how === 'bearer' ? { authorization: `Bearer ${secret}` } : {}) },
      payload: JSON.stringify(body),
    });

  /** A paid courier order, not yet booked with the courier. */
  async function paidCourierOrder(label: string) {
    const shopper = await shop.shoppers.signUp(label);
    await shop.shoppers.addToCart(shopper, 'kenya', 1);
    const rates = (await shop.shoppers.inject('POST', '/api/delivery/courier-rates', shopper.cookie, { address })).json<{ rates: { priceCents: number }[] }>().rates;
    const subtotal = (await shop.shoppers.inject('GET', `/api/cart/${shopper.cartId}`, shopper.cookie)).json<{ subtotalCents: number }>().subtotalCents;
    const created = (
      await shop.shoppers.createCheckout(shopper, {
        amount: subtotal + rates[0]!.priceCents,
        currency: 'ZAR',
        metadata: { customerInfo: { ...customerInfo, email: shopper.email }, deliveryMethod: 'courier', courier: { serviceLevel: 'economy', address } },
      })
    ).json<{ id: string; redirectUrl: string }>();
    expect((await shop.shoppers.inject('POST', `${new URL(created.redirectUrl).pathname}/pay`)).statusCode).toBe(303);
    expect((await shop.shoppers.complete(shopper, created.id)).statusCode).toBe(200);
    return { shopper, order: (await shop.shoppers.ordersOf(created.id))[0]! };
  }

  /** A paid courier order that the desk booked with the courier: the order and its shipment at the courier. */
  async function bookedOrder(label: string) {
    const { shopper, order } = await paidCourierOrder(label);
    expect((await desk('POST', `/api/admin/orders/${order.id}/book-courier`)).statusCode).toBe(200);
    const shipment = [...fake.shipments.values()].find((s) => s.customer_reference === order.orderNumber)!;
    return { shopper, order, shipment, reference: shipment.short_tracking_reference };
  }
  const statusOf = async (orderId: string) => (await detailOf(orderId)).order.status;
  const mailAbout = async (orderNumber: string) => (await outboxEmails(shop.db)).filter((row) => row.payload.subject.includes(orderNumber)).map((row) => row.payload);
  const textsAbout = async (orderNumber: string) => (await outboxTexts(shop.db)).filter((text) => text.body.includes(orderNumber)).map((text) => text.body);

  beforeAll(async () => {
    admin = await signedIn(shop.testApp, { name: 'Dispatch Desk', email: ADMIN, password: 'courier-tracking-1' });
    const email = { ...emailContextOf(shop.config), courierTracking: (n: string) => `https://track.example/${n}` };
    tracking = createCourierTracking({ db: shop.db, courier: createCourierProvider(shop.config), email, log: quietLogger });
  });
  afterAll(async () => {
    await fake?.close();
  });
  beforeEach(async () => {
    await shop.db.delete(rateLimits);
  });

  it("moves the order as the courier's webhooks say: with the courier, out for delivery, a missed delivery, delivered, and tells the customer", async () => {
    const { shopper, order, shipment, reference } = await bookedOrder('followed');
    const nudge = { shipment_id: shipment.id, short_tracking_reference: reference };

    // Scans the shop keeps to itself move nothing.
    await fake.track(reference, 'collection-assigned');
    expect((await webhook({ ...nudge, status: 'collection-assigned' })).json()).toEqual({ received: true });
    expect(await statusOf(order.id)).toBe('fulfilled');

    await fake.track(reference, 'collected', { location: 'Pretoria depot' });
    const collected = await webhook({ ...nudge, status: 'collected' });
    expect([collected.statusCode, collected.json()]).toEqual([200, { received: true }]);
    let detail = await detailOf(order.id);
    expect(detail.order.status).toBe('with_courier');
    expect(detail.events.at(-1)).toMatchObject({ type: 'with_courier', note: 'The courier reports "collected" at Pretoria depot', actorEmail: null });
    // Shiplogic sends again when it does not hear back in time: the order moves once.
    expect((await webhook({ ...nudge, status: 'collected' })).statusCode).toBe(200);
    expect((await detailOf(order.id)).events.filter((e) => e.type === 'with_courier')).toHaveLength(1);
    expect(await textsAbout(order.orderNumber)).toHaveLength(1);

    await fake.track(reference, 'out-for-delivery', { location: 'Cape Town' });
    await webhook({ ...nudge, status: 'out-for-delivery' });
    expect(await statusOf(order.id)).toBe('out_for_delivery');
    const link = `https://track.example/${reference}`;
    const outEmail = (await mailAbout(order.orderNumber)).find((m) => m.subject.startsWith(`Your order ${order.orderNumber} is out for delivery`))!;
    expect(outEmail.text).toContain("The courier's driver is bringing your order");
    expect(outEmail.text).toContain('12 Long Street, Gardens, Cape Town');
    expect(outEmail.text).toContain(link);
    expect((await textsAbout(order.orderNumber)).at(-1)).toBe(
      `${shop.config.shop.name}: order ${order.orderNumber} is out for delivery to 12 Long Street, Gardens, Cape Town, Western Cape, 8001 today: ${link}. Someone at the address must sign for the parcel.`,
    );

    await fake.track(reference, 'delivery-failed-attempt', { message: 'Nobody home' });
    await webhook({ ...nudge, status: 'delivery-failed-attempt' }, { how: 'bearer' });
    expect(await statusOf(order.id)).toBe('delivery_failed');
    const missed = (await mailAbout(order.orderNumber)).find((m) => m.subject.startsWith(`The courier could not deliver order ${order.orderNumber}`))!;
    expect(missed.text).toContain('"Nobody home"');
    expect(missed.text).toContain('The courier tries again on the next working day.');
    expect((await textsAbout(order.orderNumber)).at(-1)).toContain(`could not deliver order ${order.orderNumber} today. The courier tries again on the next working day. To arrange another time, call`);

    // The next day's round: out again (a second text), then delivered.
    await fake.track(reference, 'out-for-delivery');
    await webhook(nudge);
    await fake.track(reference, 'delivered');
    await webhook(nudge);
    detail = await detailOf(order.id);
    expect(detail.order.status).toBe('delivered');
    expect(detail.actions).not.toEqual(expect.arrayContaining(['delivered']));
    expect(detail.actions).not.toContain('track_courier');
    expect(detail.actions).not.toContain('cancel');
    expect((await mailAbout(order.orderNumber)).filter((m) => m.subject.startsWith(`Your order ${order.orderNumber} was delivered`))).toHaveLength(1);
    expect((await textsAbout(order.orderNumber)).filter((text) => text.includes('is out for delivery'))).toHaveLength(2);

    // A scan after delivery does not take the order back.
    await fake.track(reference, 'in-transit');
    await webhook(nudge);
    expect(await statusOf(order.id)).toBe('delivered');

    // The customer sees the same steps on the order's page and in My Profile.
    const mine = (await shop.shoppers.inject('GET', `/api/profile/orders/${order.orderNumber}`, shopper.cookie)).json<CustomerOrderDetail>();
    expect(mine.status).toBe('delivered');
    expect(mine.timeline.map((e) => e.type)).toEqual(['placed', 'fulfilled', 'with_courier', 'out_for_delivery', 'delivery_failed', 'out_for_delivery', 'delivered']);
  });

  it('books one shipment when five admins press Book courier at once, and a booking the courier refused can be tried again at once', async () => {
    const { order } = await paidCourierOrder('booked-once');
    const shipmentsOf = (orderNumber: string) => [...fake.shipments.values()].filter((s) => s.customer_reference === orderNumber);
    const book = (orderId: string) => desk('POST', `/api/admin/orders/${orderId}/book-courier`);

    fake.failNext('/v2/shipments', 500, '{"message":"Internal error"}');
    expect((await book(order.id)).statusCode).toBe(502);

    // The courier takes its time, so the clicks overlap.
    fake.shipmentsDelayMs = 200;
    const answers = await Promise.all(Array.from({ length: 5 }, () => book(order.id))).finally(() => {
      fake.shipmentsDelayMs = 0;
    });
    expect(shipmentsOf(order.orderNumber)).toHaveLength(1);
    const [shipment] = shipmentsOf(order.orderNumber);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(refused.json().message).toBe(`The courier is being booked for order ${order.orderNumber} already: wait a moment, then open the order again to see its tracking number`);
    }
    const detail = await detailOf(order.id);
    expect(detail.order).toMatchObject({ status: 'fulfilled', trackingNumber: shipment!.short_tracking_reference });
    expect(detail.events.filter((e) => e.type === 'fulfilled')).toHaveLength(1);
    expect((await mailAbout(order.orderNumber)).filter((m) => m.subject.startsWith(`Your order ${order.orderNumber} is on its way`))).toHaveLength(1);
    expect((await book(order.id)).json().message).toBe(`Order ${order.orderNumber} is already sent or cancelled: there is nothing to book`);

    // A booking started by a process that died holds the order for a few minutes, not for ever.
    const { order: other } = await paidCourierOrder('booked-after-a-crash');
    await shop.db.update(orders).set({ courierBookingStartedAt: new Date() }).where(eq(orders.id, other.id));
    expect((await book(other.id)).statusCode).toBe(409);
    expect(shipmentsOf(other.orderNumber)).toHaveLength(0);
    await shop.db.update(orders).set({ courierBookingStartedAt: new Date(Date.now() - 10 * 60_000) }).where(eq(orders.id, other.id));
    expect((await book(other.id)).statusCode).toBe(200);
    expect(shipmentsOf(other.orderNumber)).toHaveLength(1);
  });

  it('refuses a webhook without the secret or with a body it cannot read, in words, and a forged status moves nothing', async () => {
    const { order, shipment, reference } = await bookedOrder('forged');
    await fake.track(reference, 'collected');

    for (const call of [webhook({ shipment_id: shipment.id }, { how: 'none' }), webhook({ shipment_id: shipment.id }, { secret: 'a'.repeat(48) }), webhook({ shipment_id: shipment.id }, { secret: '' })]) {
      const refused = await call;
      expect([refused.statusCode, refused.json().message]).toEqual([401, 'The webhook secret is missing or wrong']);
    }
    expect(await statusOf(order.id)).toBe('fulfilled');

    // Someone who learnt the secret says "delivered": the shop asks the courier, which says collected.
    expect((await webhook({ shipment_id: shipment.id, status: 'delivered' })).statusCode).toBe(200);
    expect(await statusOf(order.id)).toBe('with_courier');
    expect((await mailAbout(order.orderNumber)).some((m) => m.subject.includes('was delivered'))).toBe(false);

    for (const [body, message] of [
      [{ status: 'delivered' }, 'The webhook names no shipment: send shipment_id or short_tracking_reference'],
      [{ shipment_id: 'abc' }, /^shipment_id: /],
      [{ shipment_id: -1 }, /^shipment_id: /],
      [{ shipment_id: 1e300 }, /^shipment_id: /],
      [{ short_tracking_reference: ['A', 'B'] }, /^short_tracking_reference: /],
      [[shipment.id], /expected object/i],
      ['delivered', /expected object/i],
    ] as const) {
      const refused = await webhook(body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().message).toMatch(message);
    }
    expect((await webhook({ short_tracking_reference: 'AB\u0000CD' })).statusCode).toBe(400);
    const huge = await webhook({ short_tracking_reference: reference, padding: 'x'.repeat(70_000) });
    expect(huge.statusCode).toBe(413);

    // A shipment that is not one of this shop's courier orders is acknowledged and left alone.
    expect((await webhook({ shipment_id: 1, short_tracking_reference: 'NOSUCH' })).json()).toEqual({ received: true, ignored: 'No courier order of this shop has this shipment' });

    // The courier's tracking is down: 503 so that Shiplogic sends again, and nothing is half-written.
    await fake.track(reference, 'out-for-delivery');
    fake.failNext('/v2/tracking/shipments', 500, '{"message":"Internal error"}');
    const down = await webhook({ shipment_id: shipment.id });
    expect(down.statusCode).toBe(503);
    expect(down.json().message).toMatch(new RegExp(`^The courier did not say where order ${order.orderNumber} is: .+ Try again in a few minutes\\.$`));
    expect(await statusOf(order.id)).toBe('with_courier');
    expect((await webhook({ shipment_id: shipment.id })).statusCode).toBe(200);
    expect(await statusOf(order.id)).toBe('out_for_delivery');
  });

  it('polls the parcels on their way, each once in ten minutes however many processes ask, and the desk can ask now or mark delivered', async () => {
    const first = await bookedOrder('polled-1');
    const second = await bookedOrder('polled-2');
    await fake.track(first.reference, 'collected');
    await fake.track(second.reference, 'collected');
    await fake.track(second.reference, 'out-for-delivery');

    // Two processes polling at once share the parcels out between them.
    const [a, b] = await Promise.all([tracking.followParcels(), tracking.followParcels()]);
    expect(a.failed + b.failed).toBe(0);
    expect(a.moved + b.moved).toBeGreaterThanOrEqual(2);
    expect(await statusOf(first.order.id)).toBe('with_courier');
    expect(await statusOf(second.order.id)).toBe('out_for_delivery');
    expect((await detailOf(second.order.id)).events.filter((e) => e.type === 'out_for_delivery')).toHaveLength(1);
    expect(await tracking.followParcels()).toEqual({ asked: 0, moved: 0, failed: 0 });

    // "Check tracking" asks now, and says when there is nothing new.
    await fake.track(first.reference, 'out-for-delivery');
    let asked = await desk('POST', `/api/admin/orders/${first.order.id}/track-courier`);
    expect([asked.statusCode, asked.json<OrderActionResult>().message]).toEqual([200, `The courier reports order ${first.order.orderNumber} out for delivery`]);
    asked = await desk('POST', `/api/admin/orders/${first.order.id}/track-courier`);
    expect(asked.json<OrderActionResult>().message).toBe(`The courier reports nothing new for order ${first.order.orderNumber} (Out for delivery)`);

    // The customer rang to say the flags came: the desk marks it delivered, with its name on it.
    expect((await detailOf(first.order.id)).actions).toEqual(expect.arrayContaining(['track_courier', 'delivered']));
    const marked = await desk('POST', `/api/admin/orders/${first.order.id}/delivered`);
    expect([marked.statusCode, marked.json<OrderActionResult>().message]).toEqual([200, `Order ${first.order.orderNumber} was delivered; the customer was thanked`]);
    expect(marked.json<OrderActionResult>().events.at(-1)).toMatchObject({ type: 'delivered', actorEmail: ADMIN, note: 'Delivered to 12 Long Street, Gardens, Cape Town, Western Cape, 8001' });
    const audit = await shop.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, first.order.id));
    expect(audit.map((line) => line.action)).toContain('order.delivered');
    const again = await desk('POST', `/api/admin/orders/${first.order.id}/delivered`);
    expect([again.statusCode, again.json().message]).toEqual([409, `Order ${first.order.orderNumber} is delivered and cannot be marked delivered`]);
    expect((await shop.db.select().from(orderEvents).where(eq(orderEvents.orderId, first.order.id))).filter((e) => e.type === 'delivered')).toHaveLength(1);
  });

  it('keeps the courier steps off PAXI orders and the desk steps off shoppers', async () => {
    const { shopper, order } = await bookedOrder('not-yours');
    const paxiShopper: Shopper = await shop.shoppers.signUp('paxi-tracked');
    await shop.shoppers.addToCart(paxiShopper, 'ghana', 1);
    const point = await shop.shoppers.nearestPoint();
    const subtotal = (await shop.shoppers.inject('GET', `/api/cart/${paxiShopper.cartId}`, paxiShopper.cookie)).json<{ subtotalCents: number }>().subtotalCents;
    const created = (await shop.shoppers.createCheckout(paxiShopper, shop.shoppers.checkoutBody(subtotal + 6_000, point.id))).json<{ id: string; redirectUrl: string }>();
    expect((await shop.shoppers.inject('POST', `${new URL(created.redirectUrl).pathname}/pay`)).statusCode).toBe(303);
    expect((await shop.shoppers.complete(paxiShopper, created.id)).statusCode).toBe(200);
    const paxiOrder = (await shop.shoppers.ordersOf(created.id))[0]!;
    await shop.app.inject({ method: 'POST', url: `/api/admin/orders/${paxiOrder.id}/fulfill`, headers: { origin: TEST_PUBLIC_URL, cookie: admin }, payload: { trackingNumber: 'PAXI-TRACK-1' } });

    const paxiDetail = await detailOf(paxiOrder.id);
    expect(paxiDetail.actions).toContain('ready_for_collection');
    expect(paxiDetail.actions).not.toContain('delivered');
    expect(paxiDetail.actions).not.toContain('track_courier');
    const delivered = await desk('POST', `/api/admin/orders/${paxiOrder.id}/delivered`);
    expect([delivered.statusCode, delivered.json().message]).toEqual([409, `Order ${paxiOrder.orderNumber} is collected at a PAXI point and cannot be marked delivered`]);
    const asked = await desk('POST', `/api/admin/orders/${paxiOrder.id}/track-courier`);
    expect([asked.statusCode, asked.json().message]).toEqual([409, `Order ${paxiOrder.orderNumber} is collected at a PAXI point: PAXI's tracking is on its own website`]);
    // A webhook naming a PAXI order's tracking number is not about a courier order.
    expect((await webhook({ short_tracking_reference: 'PAXI-TRACK-1' })).json()).toMatchObject({ ignored: expect.any(String) });
    const ready = await desk('POST', `/api/admin/orders/${order.id}/ready-for-collection`);
    expect([ready.statusCode, ready.json().message]).toEqual([409, `Order ${order.orderNumber} goes to the customer's door by courier and cannot be marked ready for collection`]);

    for (const url of [`/api/admin/orders/${order.id}/delivered`, `/api/admin/orders/${order.id}/track-courier`]) {
      expect((await desk('POST', url, shopper.cookie)).statusCode).toBe(403);
      expect((await shop.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    }
    expect((await desk('POST', '/api/admin/orders/not-an-order/delivered')).statusCode).toBe(404);
    expect(await statusOf(order.id)).toBe('fulfilled');
  });
});

describeShop('a shop whose courier reports no tracking', {}, (shop) => {
  it('takes no tracking webhooks, so a caller learns nothing else', async () => {
    const res = await shop.app.inject({ method: 'POST', url: `${TRACKING_WEBHOOK_PATH}?secret=anything`, payload: { shipment_id: 1 } });
    expect([res.statusCode, res.json().message]).toEqual([404, 'This shop takes no courier tracking webhooks']);
  });
});
