import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { checkouts, discountCodes, orders, rateLimits, taxDocuments, userAddresses } from '../db/schema';
import { outboxEmails } from '../testing/test-support';
import { describeShop } from '../testing/describe-shop';
import { signedIn } from '../testing/test-admin';
import { outboxTexts, type Shopper } from '../testing/test-orders';
import { startShiplogicFake, type ShiplogicFake } from '../testing/shiplogic-fake';
import { COURIER_NOT_SERVED_MESSAGE, COURIER_UNAVAILABLE_MESSAGE } from '../delivery/courier';
import { vatIncluded } from '../../shared/vat';
import { PAXI_EXPRESS_FEE_CENTS, PAXI_STANDARD_FEE_CENTS } from '../../shared/shop-facts';
import type { PaymentVerification } from '../../shared/checkout';
import type { DiscountCodeView } from '../../shared/discounts';
import type { AdminOrderDetail } from '../../shared/order-desk';
import { setMainSize } from '../testing/main-size';

const ADMIN = 'checkout-specials@example.co.za';
const address = { street: '12 Long Street', suburb: 'Gardens', city: 'Cape Town', province: 'Western Cape', postalCode: '8001' };
const customerInfo = { firstName: 'Thabo', lastName: 'Mokoena', email: 'thabo@example.co.za', phone: '082 123 4567' };

/** POST /api/payments/yoco/create-checkout for courier delivery. */
const courierBody = (amount: number, extra: object = {}, courier: object = { serviceLevel: 'economy', address }) => ({
  amount,
  currency: 'ZAR',
  metadata: { customerInfo, deliveryMethod: 'courier', courier, ...extra },
});

let fake: ShiplogicFake;
/** The shop's settings name the fake's address, so the fake starts first (once per database). */
const onShiplogicFake = async () => {
  fake = await startShiplogicFake();
  return {
    pickupPoints: true,
    env: {
      ADMIN_EMAILS: ADMIN,
      ...fake.settings,
      COURIER_TRACKING_URL: 'https://track.example/{trackingNumber}',
    },
  };
};

describeShop('checkout with courier delivery and discount codes', onShiplogicFake, (shop) => {
  let admin: string;

  const rates = async (shopper: Shopper) => {
    const res = await shop.shoppers.inject('POST', '/api/delivery/courier-rates', shopper.cookie, { address });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ rates: { serviceLevel: string; priceCents: number }[] }>().rates;
  };
  const subtotalOf = async (shopper: Shopper) => (await shop.shoppers.inject('GET', `/api/cart/${shopper.cartId}`, shopper.cookie)).json<{ subtotalCents: number }>().subtotalCents;
  const apply = (shopper: Shopper, code: unknown, deliveryFeeCents?: unknown) =>
    shop.shoppers.inject('POST', '/api/checkout/discount', shopper.cookie, { code, ...(deliveryFeeCents === undefined ? {} : { deliveryFeeCents }) });
  const makeCode = async (body: object) => {
    const res = await shop.app.inject({ method: 'POST', url: '/api/admin/discount-codes', payload: body, headers: { origin: 'http://shop.test', cookie: admin } });
    expect(res.statusCode, res.body).toBe(201);
  };
  const codeFigures = async (code: string) =>
    (await shop.app.inject({ method: 'GET', url: '/api/admin/discount-codes', headers: { origin: 'http://shop.test', cookie: admin } }))
      .json<{ codes: DiscountCodeView[] }>()
      .codes.find((c) => c.code === code)!;
  /** Pays on the sandbox page and completes: the order as the database has it. */
  const pay = async (shopper: Shopper, created: { id: string; redirectUrl: string }) => {
    expect((await shop.shoppers.inject('POST', `${new URL(created.redirectUrl).pathname}/pay`)).statusCode).toBe(303);
    expect((await shop.shoppers.complete(shopper, created.id)).statusCode).toBe(200);
    return (await shop.shoppers.ordersOf(created.id))[0]!;
  };
  const invoiceOf = async (orderId: string) => (await shop.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, orderId)))[0]!;

  beforeAll(async () => {
    admin = await signedIn(shop.testApp, { name: 'Specials Desk', email: ADMIN, password: 'checkout-specials-1' });
  });
  afterAll(async () => {
    await fake?.close();
  });
  beforeEach(async () => {
    fake.notServed.clear();
    await shop.db.delete(rateLimits);
  });

  it("charges the courier's rate asked again at checkout, and the order, the email and the invoice say where it goes", async () => {
    const shopper = await shop.shoppers.signUp('door');
    await shop.shoppers.addToCart(shopper, 'south-africa', 2);
    const [economy] = await rates(shopper);
    const subtotal = await subtotalOf(shopper);
    const created = await shop.shoppers.createCheckout(shopper, courierBody(subtotal + economy!.priceCents, {}, { serviceLevel: 'economy', address: { ...address, company: 'Gardens Primary', instructions: 'Reception, ask for Ms Daniels' }, saveAddress: true }));
    expect(created.statusCode, created.body).toBe(200);
    const checkout = created.json<{ id: string; redirectUrl: string }>();

    const verified = (await shop.shoppers.verify(shopper, checkout.id)).json<PaymentVerification>();
    expect(verified.metadata).toMatchObject({
      deliveryMethod: 'courier',
      courier: { serviceLevel: 'economy', service: 'Economy (3-5 business days)', address: { ...address, company: 'Gardens Primary' } },
      deliveryLabel: 'Courier delivery, Economy (3-5 business days)',
      totals: { subtotal, shipping: economy!.priceCents, discount: 0, total: subtotal + economy!.priceCents },
    });
    expect(verified.metadata.paxiPoint).toBeUndefined();

    const order = await pay(shopper, checkout);
    expect(order).toMatchObject({
      deliveryOption: 'courier_economy',
      courierProvider: 'shiplogic',
      shippingStreet: '12 Long Street',
      shippingSuburb: 'Gardens',
      shippingPostalCode: '8001',
      deliveryCompany: 'Gardens Primary',
      deliveryInstructions: 'Reception, ask for Ms Daniels',
      paxiLocationId: null,
      deliveryFeeCents: economy!.priceCents,
    });
    const email = (await shop.shoppers.confirmations(order.orderNumber))[0]!.payload;
    expect(email.text).toContain('Deliver to: Gardens Primary, 12 Long Street, Gardens, Cape Town, Western Cape, 8001');
    expect(email.text).toContain('Delivery: Courier, Economy (3-5 business days)');
    expect(email.text).not.toContain('PAXI');
    const invoice = await invoiceOf(order.id);
    expect(invoice.content.lines.at(-1)).toMatchObject({ description: 'Courier delivery, Economy (3-5 business days)', totalCents: economy!.priceCents });

    // Kept in the address book as asked, once however often it is used.
    const saved = await shop.db.select().from(userAddresses).where(eq(userAddresses.street, '12 Long Street'));
    expect(saved).toEqual([expect.objectContaining({ suburb: 'Gardens', postalCode: '8001', type: 'work', isDefault: true })]);
  });

  it('refuses a courier rate that changed since the shopper saw it with 409 and the new total, and holds nothing', async () => {
    const shopper = await shop.shoppers.signUp('changed-rate');
    await shop.shoppers.addToCart(shopper, 'kenya', 1);
    const [economy] = await rates(shopper);
    const subtotal = await subtotalOf(shopper);
    // The order desk weighed the flag again: a heavier parcel costs more.
    await setMainSize(shop.db, 'kenya', { weightGrams: 2_500 });
    try {
      const stale = await shop.shoppers.createCheckout(shopper, courierBody(subtotal + economy!.priceCents));
      expect(stale.statusCode).toBe(409);
      const [now] = await rates(shopper);
      expect(now!.priceCents).toBeGreaterThan(economy!.priceCents);
      expect(stale.json()).toMatchObject({ code: 'cart_changed', expectedAmount: subtotal + now!.priceCents });
      expect(await shop.db.select().from(checkouts).where(eq(checkouts.cartSessionId, shopper.cartId))).toEqual([]);
      expect((await shop.shoppers.createCheckout(shopper, courierBody(subtotal + now!.priceCents))).statusCode).toBe(200);
    } finally {
      await setMainSize(shop.db, 'kenya', { weightGrams: 200 });
    }
  });

  it('says in words when the courier cannot deliver or cannot be reached, and PAXI still takes the order', async () => {
    const shopper = await shop.shoppers.signUp('no-courier');
    await shop.shoppers.addToCart(shopper, 'south-africa', 1);
    const [economy] = await rates(shopper);
    const subtotal = await subtotalOf(shopper);
    fake.notServed.add('8001');
    const notServed = await shop.shoppers.createCheckout(shopper, courierBody(subtotal + economy!.priceCents));
    expect(notServed.statusCode).toBe(422);
    expect(notServed.json()).toEqual({ message: COURIER_NOT_SERVED_MESSAGE, code: 'courier_unavailable' });
    fake.notServed.clear();
    fake.failNext('/v2/rates', 503, 'Service Unavailable');
    const down = await shop.shoppers.createCheckout(shopper, courierBody(subtotal + economy!.priceCents));
    expect(down.statusCode).toBe(502);
    expect(down.json()).toEqual({ message: COURIER_UNAVAILABLE_MESSAGE, code: 'courier_unavailable' });
    expect(await shop.db.select().from(checkouts).where(eq(checkouts.cartSessionId, shopper.cartId))).toEqual([]);

    const point = await shop.shoppers.nearestPoint();
    expect((await shop.shoppers.createCheckout(shopper, shop.shoppers.checkoutBody(subtotal + 6_000, point.id))).statusCode).toBe(200);
  });

  it('takes a discount code off the total, counts its use, and works the VAT out on the discounted total', async () => {
    await makeCode({ code: 'HERITAGE-DAY', kind: 'percent', percent: 15, usesPerCustomer: 1, includesDelivery: true });
    const shopper = await shop.shoppers.signUp('heritage');
    await shop.shoppers.addToCart(shopper, 'south-africa', 3);
    const subtotal = await subtotalOf(shopper);
    const [economy] = await rates(shopper);
    const preview = await apply(shopper, ' heritage-day ', economy!.priceCents);
    expect(preview.statusCode, preview.body).toBe(200);
    const off = Math.round(((subtotal + economy!.priceCents) * 15) / 100);
    expect(preview.json()).toEqual({ code: 'HERITAGE-DAY', discountCents: off, description: '15% off, delivery too' });
    // Applying holds nothing: only a checkout takes a use.
    expect((await codeFigures('HERITAGE-DAY')).uses).toBe(0);

    const total = subtotal + economy!.priceCents - off;
    const created = await shop.shoppers.createCheckout(shopper, courierBody(total, { discountCode: 'heritage-day' }));
    expect(created.statusCode, created.body).toBe(200);
    const checkout = created.json<{ id: string; redirectUrl: string }>();
    expect((await shop.shoppers.verify(shopper, checkout.id)).json<PaymentVerification>().metadata).toMatchObject({
      discount: { code: 'HERITAGE-DAY', discountCents: off },
      totals: { subtotal, shipping: economy!.priceCents, discount: off, total },
    });
    expect((await codeFigures('HERITAGE-DAY')).uses).toBe(1);

    const order = await pay(shopper, checkout);
    expect(order).toMatchObject({ discountCode: 'HERITAGE-DAY', discountCents: off, totalAmount: total });
    const invoice = await invoiceOf(order.id);
    expect(invoice.totalCents).toBe(total);
    expect(invoice.vatCents).toBe(vatIncluded(total));
    const lines = invoice.content.lines;
    expect(lines.at(-1)).toMatchObject({ description: 'Discount (code HERITAGE-DAY)', totalCents: -off });
    expect(lines.reduce((sum, line) => sum + line.totalCents, 0)).toBe(total);
    expect(lines.reduce((sum, line) => sum + line.vatCents, 0)).toBe(invoice.vatCents);
    const email = (await shop.shoppers.confirmations(order.orderNumber))[0]!.payload;
    expect(email.text).toContain(`Discount (HERITAGE-DAY): -R`);
    expect(await codeFigures('HERITAGE-DAY')).toMatchObject({ uses: 1, orders: 1, revenueCents: total });

    // One use per customer: the next try is refused at Apply and at Pay.
    await shop.shoppers.addToCart(shopper, 'kenya', 1);
    expect((await apply(shopper, 'HERITAGE-DAY')).json()).toEqual({ message: 'You have already used this discount code.', code: 'discount_refused' });
    const again = await shop.shoppers.createCheckout(shopper, courierBody(1_000, { discountCode: 'HERITAGE-DAY' }));
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('You have already used this discount code.');
  });

  it('gives the use back when the checkout ends unpaid or the shopper starts again, and refuses a total without the discount', async () => {
    await makeCode({ code: 'TEAM-ORDER', kind: 'amount', amountCents: 5_000, minimumSpendCents: 30_000, usesPerCustomer: 1 });
    const shopper = await shop.shoppers.signUp('team');
    await shop.shoppers.addToCart(shopper, 'south-africa', 1);
    const point = await shop.shoppers.nearestPoint();
    const small = await subtotalOf(shopper);
    expect((await apply(shopper, 'TEAM-ORDER')).json()).toEqual({ message: 'This discount code needs flags worth at least R300.00 in your cart.', code: 'discount_refused' });
    await shop.shoppers.addToCart(shopper, 'south-africa', 2);
    const subtotal = await subtotalOf(shopper);
    expect(subtotal).toBeGreaterThan(small);
    const body = (amount: number) => ({ ...shop.shoppers.checkoutBody(amount, point.id), metadata: { ...shop.shoppers.checkoutBody(amount, point.id).metadata, discountCode: 'TEAM-ORDER' } });

    // The browser's total without the discount: 409 with the total after it, and no use held.
    const full = await shop.shoppers.createCheckout(shopper, body(subtotal + 6_000));
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: 'cart_changed', expectedAmount: subtotal + 6_000 - 5_000 });
    expect((await codeFigures('TEAM-ORDER')).uses).toBe(0);

    const first = await shop.shoppers.createCheckout(shopper, body(subtotal + 1_000));
    expect(first.statusCode).toBe(200);
    // Starting again with express collection closes the first page and moves the use to the second.
    const express = shop.shoppers.checkoutBody(subtotal + PAXI_EXPRESS_FEE_CENTS - 5_000, point.id, 'paxi-express');
    const second = await shop.shoppers.createCheckout(shopper, { ...express, metadata: { ...express.metadata, discountCode: 'TEAM-ORDER' } });
    expect(second.statusCode, second.body).toBe(200);
    expect((await codeFigures('TEAM-ORDER')).uses).toBe(1);
    const secondId = second.json<{ id: string }>().id;
    expect((await shop.shoppers.inject('POST', '/api/payments/cancel', shopper.cookie, { checkoutId: secondId })).json()).toEqual({ status: 'cancelled' });
    expect((await codeFigures('TEAM-ORDER')).uses).toBe(0);

    // The first payment page was closed when the second was made: it takes no payment, and the use stays free.
    const firstPage = new URL(first.json<{ redirectUrl: string }>().redirectUrl).pathname;
    expect((await shop.shoppers.inject('POST', `${firstPage}/pay`)).statusCode).toBe(409);
    expect(await shop.shoppers.ordersOf(first.json<{ id: string }>().id)).toEqual([]);
    expect((await codeFigures('TEAM-ORDER')).uses).toBe(0);
  });

  it('never lets a code leave less than R2.00 to pay: a free order is refused when the code is made, and Apply and Pay agree on R2.00', async () => {
    const free = await shop.app.inject({
      method: 'POST',
      url: '/api/admin/discount-codes',
      payload: { code: 'ALL-FREE', kind: 'percent', percent: 100, includesDelivery: true },
      headers: { origin: 'http://shop.test', cookie: admin },
    });
    expect(free.statusCode).toBe(400);
    expect(free.json().message).toContain('A code cannot make an order free: card payments start at R2.00.');
    await makeCode({ code: 'FLAGS-FREE', kind: 'percent', percent: 100 });
    await makeCode({ code: 'BIG-GIFT', kind: 'amount', amountCents: 100_000, includesDelivery: true });
    // A free code made before the rule leaves R2.00 too.
    await shop.db.insert(discountCodes).values({ code: 'OLD-FREE', kind: 'percent', percent: 100, includesDelivery: true });

    const shopper = await shop.shoppers.signUp('almost-free');
    await shop.shoppers.addToCart(shopper, 'south-africa', 1);
    const point = await shop.shoppers.nearestPoint();
    const subtotal = await subtotalOf(shopper);
    for (const code of ['BIG-GIFT', 'OLD-FREE']) {
      const preview = (await apply(shopper, code, PAXI_STANDARD_FEE_CENTS)).json<{ discountCents: number; description: string }>();
      expect(preview.discountCents, code).toBe(subtotal + PAXI_STANDARD_FEE_CENTS - 200);
      expect(preview.description, code).toMatch(/ \(you pay R2\.00: card payments start at R2\.00\)$/);
    }
    expect((await apply(shopper, 'FLAGS-FREE', PAXI_STANDARD_FEE_CENTS)).json()).toMatchObject({ discountCents: subtotal, description: '100% off' });

    // The total the summary shows with the code is the one checkout takes, and the payment page charges.
    const body = shop.shoppers.checkoutBody(200, point.id);
    const created = await shop.shoppers.createCheckout(shopper, { ...body, metadata: { ...body.metadata, discountCode: 'BIG-GIFT' } });
    expect(created.statusCode, created.body).toBe(200);
    const order = await pay(shopper, created.json<{ id: string; redirectUrl: string }>());
    expect(order).toMatchObject({ totalAmount: 200, discountCode: 'BIG-GIFT', discountCents: subtotal + PAXI_STANDARD_FEE_CENTS - 200 });
  });

  it('lets the order desk book the courier: the tracking number fulfils the order, the customer gets the link, the label prints', async () => {
    const desk = (method: 'GET' | 'POST', url: string, cookie = admin) => shop.app.inject({ method, url, headers: { origin: 'http://shop.test', cookie } });
    const shopper = await shop.shoppers.signUp('booked');
    await shop.shoppers.addToCart(shopper, 'ghana', 2);
    const [economy] = await rates(shopper);
    const created = await shop.shoppers.createCheckout(shopper, courierBody((await subtotalOf(shopper)) + economy!.priceCents, {}, { serviceLevel: 'economy', address: { ...address, instructions: 'Gate code 1234' } }));
    const order = await pay(shopper, created.json<{ id: string; redirectUrl: string }>());
    const detail = (await desk('GET', `/api/admin/orders/${order.id}`)).json<AdminOrderDetail>();
    expect(detail.actions).toEqual(expect.arrayContaining(['fulfil', 'book_courier']));
    expect(detail.actions).not.toContain('ready_for_collection');
    expect(detail.order).toMatchObject({ deliveryAddress: '12 Long Street, Gardens, Cape Town, Western Cape, 8001', deliveryInstructions: 'Gate code 1234', paxiLocationName: null });

    // Not an admin, no label yet, and a courier that fails: in words, nothing changed.
    expect((await desk('POST', `/api/admin/orders/${order.id}/book-courier`, shopper.cookie)).statusCode).toBe(403);
    expect((await desk('GET', `/api/admin/orders/${order.id}/courier-label`)).json()).toMatchObject({ message: `Order ${order.orderNumber} has no courier booking, so no label` });
    fake.failNext('/v2/shipments', 500, '{"message":"Internal error"}');
    const failed = await desk('POST', `/api/admin/orders/${order.id}/book-courier`);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toMatch(new RegExp(`^The courier could not be booked for order ${order.orderNumber}: .+ Nothing was changed: try again in a few minutes\\.$`));
    expect((await shop.shoppers.ordersOf(order.checkoutId))[0]).toMatchObject({ status: 'paid', trackingNumber: null, courierShipmentId: null });

    const booked = await desk('POST', `/api/admin/orders/${order.id}/book-courier`);
    expect(booked.statusCode, booked.body).toBe(200);
    const shipment = [...fake.shipments.values()].find((s) => s.customer_reference === order.orderNumber)!;
    expect(shipment.request).toMatchObject({ special_instructions_delivery: 'Gate code 1234', delivery_contact: { mobile_number: expect.stringContaining('82') } });
    expect(booked.json()).toMatchObject({
      message: 'The courier is booked: print the label and stick it on the parcel. The customer has the tracking number.',
      order: { status: 'fulfilled', trackingNumber: shipment.short_tracking_reference, courierShipmentId: String(shipment.id) },
    });
    expect(booked.json<AdminOrderDetail>().events.at(-1)!.note).toBe(`Handed to the courier with tracking number ${shipment.short_tracking_reference}`);
    const link = `https://track.example/${shipment.short_tracking_reference}`;
    const sent = (await outboxEmails(shop.db)).find((row) => row.payload.subject.startsWith(`Your order ${order.orderNumber} is on its way`))!.payload;
    expect(sent.text).toContain('the courier has your flags and is bringing them to your door');
    expect(sent.text).toContain(link);
    const sms = (await outboxTexts(shop.db)).find((text) => text.body.includes(order.orderNumber))!;
    expect(sms.body).toContain(`Tracking number ${shipment.short_tracking_reference}: ${link}`);
    expect((await shop.shoppers.inject('GET', '/api/profile/orders', shopper.cookie)).json<{ orders: { trackingUrl: string }[] }>().orders[0]!.trackingUrl).toBe(link);

    const label = await desk('GET', `/api/admin/orders/${order.id}/courier-label`);
    expect(label.statusCode).toBe(200);
    expect(label.headers['content-type']).toBe('application/pdf');
    expect(label.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const again = await desk('POST', `/api/admin/orders/${order.id}/book-courier`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`Order ${order.orderNumber} is already sent or cancelled: there is nothing to book`);

    // A PAXI order is not the courier's, and an id that names no order is not found.
    const paxiShopper = await shop.shoppers.signUp('paxi-booked');
    await shop.shoppers.addToCart(paxiShopper, 'ghana', 1);
    const point = await shop.shoppers.nearestPoint();
    const paxiOrder = await pay(paxiShopper, (await shop.shoppers.createCheckout(paxiShopper, shop.shoppers.checkoutBody((await subtotalOf(paxiShopper)) + 6_000, point.id))).json());
    expect((await desk('GET', `/api/admin/orders/${paxiOrder.id}`)).json<AdminOrderDetail>().actions).not.toContain('book_courier');
    const paxiBooking = await desk('POST', `/api/admin/orders/${paxiOrder.id}/book-courier`);
    expect(paxiBooking.statusCode).toBe(409);
    expect(paxiBooking.json().message).toBe(`Order ${paxiOrder.orderNumber} is collected at a PAXI point: fulfil it with PAXI's tracking number`);
    expect((await desk('POST', '/api/admin/orders/not-an-order/book-courier')).statusCode).toBe(404);
  });

  it('refuses bad delivery choices and codes in words, never with a 500, and stops a code guesser', async () => {
    const shopper = await shop.shoppers.signUp('guesser');
    await shop.shoppers.addToCart(shopper, 'south-africa', 1);
    const point = await shop.shoppers.nearestPoint();
    const bad: [object, string][] = [
      [courierBody(20_000, {}, { serviceLevel: 'drone', address }), 'Please choose a courier service'],
      [{ ...courierBody(20_000), metadata: { customerInfo, deliveryMethod: 'courier' } }, 'Please choose a courier service'],
      [courierBody(20_000, {}, { serviceLevel: 'economy', address: { ...address, suburb: 'Gar\u0000dens' } }), 'suburb contains a NUL character, which is not allowed'],
      [courierBody(20_000, {}, { serviceLevel: 'economy', address: { ...address, postalCode: '80011' } }), 'Please enter a 4-digit postal code'],
      [{ ...courierBody(20_000), metadata: { customerInfo, deliveryMethod: 'drone' } }, 'deliveryMethod must be paxi or courier'],
      [{ ...shop.shoppers.checkoutBody(20_000, point.id), metadata: { customerInfo, deliveryMethod: 'paxi', paxiPoint: { id: point.id } } }, 'Please select a delivery speed option'],
      [{ ...shop.shoppers.checkoutBody(20_000, point.id), metadata: { customerInfo, deliverySpeed: 'paxi-standard' } }, 'PAXI Point Required: Please select a PAXI collection point to continue.'],
      [{ ...shop.shoppers.checkoutBody(20_000, point.id), metadata: { customerInfo, deliverySpeed: 'paxi-standard', paxiPoint: 'SAMPLE-01' } }, 'PAXI Point Required: Please select a PAXI collection point to continue.'],
      [{ ...shop.shoppers.checkoutBody(20_000, point.id), metadata: { customerInfo, deliveryMethod: 'paxi', deliverySpeed: 'paxi-overnight', paxiPoint: { id: point.id } } }, 'Please select a delivery speed option'],
      [courierBody(20_000, { discountCode: 42 }), 'A code has 3 to 30 letters, digits or dashes, like HERITAGE-DAY'],
    ];
    for (const [body, message] of bad) {
      const res = await shop.shoppers.createCheckout(shopper, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toContain(message);
    }
    for (const [code, fee, message] of [
      ['NOSUCH', 0, 'This discount code is not valid. Please check it and try again.'],
      ['', 0, 'This discount code is not valid. Please check it and try again.'],
      [7, 0, 'A code has 3 to 30 letters, digits or dashes, like HERITAGE-DAY'],
      ['CODE', -1, 'deliveryFeeCents'],
      ['CODE', 1e12, 'deliveryFeeCents'],
    ] as const) {
      const res = await apply(shopper, code, fee);
      expect(res.statusCode, String(code)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const other = await shop.shoppers.signUp('guesser-two');
    await shop.shoppers.addToCart(other, 'kenya', 1);
    let refused = 0;
    for (let i = 0; i < 12; i += 1) if ((await apply(other, `GUESS-${i}`)).statusCode === 429) refused += 1;
    expect(refused).toBe(2);
    const limited = await apply(other, 'GUESS-X');
    expect(limited.json()).toMatchObject({ message: 'Too many discount code attempts. Please try again in 15 minutes.' });
    expect((await shop.shoppers.inject('POST', '/api/checkout/discount', undefined, { code: 'NOSUCH' })).statusCode).toBe(401);
    expect(await shop.db.select().from(orders).where(eq(orders.customerEmail, other.email))).toEqual([]);
  });
});
