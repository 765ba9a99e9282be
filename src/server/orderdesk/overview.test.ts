import { expect, it } from 'vitest';
import { describeShop } from '../testing/describe-shop';
import { todayInSouthAfrica } from '../../shared/profile';
import type { OrderDeskOverview } from '../../shared/order-desk';
import { lastDays } from '../lib/days';
import { insertOrder } from '../testing/test-orders';

/** A moment of a day some days back, in South African time (UTC+2 all year). */
const sast = (daysAgo: number, time: string) => new Date(`${lastDays(todayInSouthAfrica(), daysAgo + 1)[0]}T${time}+02:00`);

describeShop('order desk overview', { admin: true }, (shop) => {
  const { call } = shop;

  const overview = async () => {
    const res = await call('GET', '/api/admin/overview', shop.admin);
    expect(res.statusCode).toBe(200);
    return res.json<OrderDeskOverview>();
  };

  it('shows zeros and thirty empty days before the first order', async () => {
    const empty = await overview();
    expect(empty).toMatchObject({ totalOrders: 0, unfulfilledOrders: 0, totalRevenueCents: 0, fulfillmentRate: 0, averageOrderValueCents: 0 });
    expect(empty.revenueByDay).toHaveLength(30);
    expect(empty.revenueByDay.at(-1)!.day).toBe(todayInSouthAfrica());
    expect(empty.revenueByDay[0]!.day).toBe(lastDays(todayInSouthAfrica(), 30)[0]);
    expect(empty.revenueByDay.every((d) => d.revenueCents === 0 && d.orders === 0)).toBe(true);
  });

  it('adds up the orders: cancelled ones are not orders, refunds are not revenue, days are South African days', async () => {
    const db = shop.db;
    // Each order below is R190.00 (R130 flag + R60 collection).
    await insertOrder(db, { createdAt: new Date() }); // to pack
    await insertOrder(db, { createdAt: new Date(), status: 'fulfilled', fulfilled: true, trackingNumber: 'PX-1' });
    await insertOrder(db, { createdAt: sast(1, '12:00'), status: 'cancelled', paymentStatus: 'refunded', refundedCents: 19_000 });
    // 00:30 in South Africa is 22:30 the day before in UTC: it belongs to the later day.
    await insertOrder(db, { createdAt: sast(2, '00:30'), status: 'cancelled', paymentStatus: 'partially_refunded', refundedCents: 5_000 });
    await insertOrder(db, {
      createdAt: sast(3, '23:30'),
      status: 'collected',
      fulfilled: true,
      trackingNumber: 'PX-2',
      paymentStatus: 'partially_refunded',
      refundedCents: 5_000,
    });
    await insertOrder(db, { createdAt: sast(40, '10:00'), status: 'fulfilled', fulfilled: true, trackingNumber: 'PX-3' });
    // Recorded before payment (the spec's default state): not an order the shop was paid for.
    await insertOrder(db, { createdAt: new Date(), status: 'pending', paymentStatus: 'pending' });

    const figures = await overview();
    // Orders: the two of today, the collected one and the one of 40 days ago.
    expect(figures.totalOrders).toBe(4);
    expect(figures.unfulfilledOrders).toBe(1);
    // 3 of the 4 were sent.
    expect(figures.fulfillmentRate).toBe(75);
    // Kept: 190 + 190 + 0 + 140 + 140 + 190.
    expect(figures.totalRevenueCents).toBe(85_000);
    // Over the 4 orders: (190 + 190 + 140 + 190) / 4.
    expect(figures.averageOrderValueCents).toBe(17_750);

    const days = new Map(figures.revenueByDay.map((d) => [d.day, d]));
    const [today, oneAgo, twoAgo, threeAgo, fourAgo] = lastDays(todayInSouthAfrica(), 5).reverse();
    expect(days.get(today!)).toEqual({ day: today, revenueCents: 38_000, orders: 2 });
    expect(days.get(oneAgo!)).toEqual({ day: oneAgo, revenueCents: 0, orders: 0 });
    expect(days.get(twoAgo!)).toEqual({ day: twoAgo, revenueCents: 14_000, orders: 0 });
    expect(days.get(threeAgo!)).toEqual({ day: threeAgo, revenueCents: 14_000, orders: 1 });
    expect(days.get(fourAgo!)).toEqual({ day: fourAgo, revenueCents: 0, orders: 0 });
    expect(figures.revenueByDay.reduce((sum, d) => sum + d.revenueCents, 0)).toBe(85_000 - 19_000);

    // The same rule as the list of orders to pack.
    const unfulfilled = await call('GET', '/api/admin/orders/unfulfilled', shop.admin);
    expect(unfulfilled.json()).toHaveLength(figures.unfulfilledOrders);
  });
});
