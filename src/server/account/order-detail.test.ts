import { beforeAll, expect, it } from 'vitest';
import { describeShop } from '../testing/describe-shop';
import { ORDER_DESK_ADMIN, placePaidOrder, type Shopper } from '../testing/test-orders';
import type { CustomerOrderDetail } from '../../shared/orders';

describeShop("a shopper's own order on My Profile", { admin: true, pickupPoints: true }, (shop) => {
  const { call } = shop;
  let owner: Shopper;
  let stranger: Shopper;
  let orderNumber: string;
  let orderId: string;

  beforeAll(async () => {
    owner = await shop.shoppers.signUp('order-owner');
    stranger = await shop.shoppers.signUp('order-stranger');
    const order = await placePaidOrder(shop.shoppers, owner);
    orderNumber = order.orderNumber;
    orderId = order.id;
  });

  const detailOf = (number: string, who?: Shopper) => call('GET', `/api/profile/orders/${number}`, who);

  it('shows the owner the flags, the fee and the total, the PAXI point and the order placed, not cached', async () => {
    const res = await detailOf(orderNumber, owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const detail = res.json<CustomerOrderDetail>();
    expect(detail).toMatchObject({
      orderNumber,
      status: 'paid',
      paymentStatus: 'paid',
      subtotalCents: 13_000,
      deliveryFeeCents: 6_000,
      totalCents: 19_000,
      refundedCents: 0,
      deliveryOption: 'paxi_standard',
      trackingNumber: null,
      documents: [expect.objectContaining({ kind: 'invoice', title: 'Tax Invoice', totalCents: 19_000, url: expect.stringMatching(new RegExp(`^/api/profile/orders/${orderNumber}/documents/INV-\\d{6}$`)) })],
    });
    expect(detail.items).toEqual([expect.objectContaining({ productName: 'SOUTH AFRICA', productPrice: 13_000, quantity: 1 })]);
    expect(detail.items[0]!.productImage).toMatch(/^\/flags\//);
    expect(detail.pickupPoint!.name).not.toBe('');
    expect(detail.courier).toBeNull();
    expect(detail.timeline.map((e) => e.type)).toEqual(['placed']);
    // Typed in lower case, it is the same order.
    expect((await detailOf(orderNumber.toLowerCase(), owner)).json<CustomerOrderDetail>().orderNumber).toBe(orderNumber);
  });

  it("adds the desk's steps the customer should see, with the tracking number and the refund, and never the desk's notes", async () => {
    expect((await call('POST', `/api/admin/orders/${orderId}/notes`, shop.admin, { note: 'Customer sounds grumpy' })).statusCode).toBe(200);
    expect((await call('POST', `/api/admin/orders/${orderId}/fulfill`, shop.admin, { trackingNumber: 'PX-7788' })).statusCode).toBe(200);
    const detail = (await detailOf(orderNumber, owner)).json<CustomerOrderDetail>();
    expect(detail).toMatchObject({ status: 'fulfilled', trackingNumber: 'PX-7788' });
    expect(detail.timeline.map(({ type, trackingNumber }) => ({ type, trackingNumber }))).toEqual([
      { type: 'placed', trackingNumber: undefined },
      { type: 'fulfilled', trackingNumber: 'PX-7788' },
    ]);

    // A refund shows once the payment provider confirms it; the request itself stays on the desk.
    const refund = await call('POST', `/api/admin/orders/${orderId}/refund`, shop.admin, { amountCents: 6_000, reason: 'Sorry for the wait' });
    expect(refund.statusCode).toBe(202);
    await expect
      .poll(async () => (await detailOf(orderNumber, owner)).json<CustomerOrderDetail>().timeline.map(({ type, amountCents }) => ({ type, amountCents })))
      .toEqual([
        { type: 'placed', amountCents: undefined },
        { type: 'fulfilled', amountCents: undefined },
        { type: 'refunded', amountCents: 6_000 },
      ]);
    const refunded = (await detailOf(orderNumber, owner)).json<CustomerOrderDetail>();
    expect(refunded).toMatchObject({ paymentStatus: 'partially_refunded', refundedCents: 6_000 });
    for (const internal of ['grumpy', 'Sorry for the wait', ORDER_DESK_ADMIN]) expect(JSON.stringify(refunded)).not.toContain(internal);
  });

  it("answers another shopper's order, and an order number that was never given, with 404", async () => {
    for (const [number, who] of [
      [orderNumber, stranger],
      [orderNumber, shop.admin],
      ['CF-999999999', owner],
    ] as const) {
      const res = await detailOf(number, who);
      expect(res.statusCode, `${number} as ${who.email}`).toBe(404);
      expect(res.json()).toEqual({ message: 'Order not found', code: 'not_found' });
    }
  });

  it('answers anything that is not an order number with 400 in words', async () => {
    const bad = ['100001', 'CF-', 'CF-12a', 'CF--1', `CF-${'9'.repeat(40)}`, 'CF-100001%00', '%F0%9F%87%BF%F0%9F%87%A6', orderId, "CF-1'%20OR%201=1"];
    for (const number of bad) {
      const res = await detailOf(number, owner);
      expect(res.statusCode, number).toBe(400);
      expect(res.json<{ message: string }>().message, number).toMatch(/Order numbers look like CF-100001|NUL character/);
    }
  });

  it('answers 401 when signed out, before looking at the number', async () => {
    for (const number of [orderNumber, 'not-a-number']) {
      const res = await detailOf(number);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Not authenticated', code: 'not_signed_in' });
    }
  });
});
