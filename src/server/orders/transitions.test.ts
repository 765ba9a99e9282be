import { describe, expect, it } from 'vitest';
import { assertMove, assertOrderMove, assertPaymentMove, canMove, canMoveOrder, canMovePayment, orderTransitions, refundableFrom } from './transitions';

describe('order transitions', () => {
  it('goes paid → sent → ready for collection → collected, and nowhere after collection or cancellation', () => {
    expect(canMoveOrder('paid', 'fulfilled')).toBe(true);
    expect(canMoveOrder('fulfilled', 'ready_for_collection')).toBe(true);
    expect(canMoveOrder('ready_for_collection', 'collected')).toBe(true);
    expect(orderTransitions.collected).toEqual([]);
    expect(orderTransitions.cancelled).toEqual([]);
  });

  it('refuses skipping steps or going back, with a message naming the order', () => {
    expect(canMoveOrder('paid', 'collected')).toBe(false);
    expect(canMoveOrder('fulfilled', 'paid')).toBe(false);
    expect(() => assertOrderMove('CF-100001', 'collected', 'cancelled')).toThrow(
      'Order CF-100001 is collected and cannot be marked cancelled',
    );
    expect(() => assertOrderMove('CF-100001', 'paid', 'fulfilled')).not.toThrow();
  });

  it('records refunds only after a payment', () => {
    expect(refundableFrom).toEqual(['paid', 'partially_refunded']);
    expect(canMovePayment('pending', 'refunded')).toBe(false);
    expect(canMovePayment('refunded', 'paid')).toBe(false);
    expect(() => assertPaymentMove('CF-100001', 'pending', 'refunded')).toThrow('The payment for order CF-100001 is pending and cannot become refunded');
  });

  it('sends no parcel for an order refunded in full, which may still be cancelled', () => {
    const refunded = { orderNumber: 'CF-100001', status: 'paid', paymentStatus: 'refunded', deliveryOption: 'paxi_standard' } as const;
    expect(canMove(refunded, 'fulfilled')).toBe(false);
    expect(canMove(refunded, 'cancelled')).toBe(true);
    expect(() => assertMove(refunded, 'fulfilled')).toThrow('Order CF-100001 was refunded in full; cancel it instead of sending it');
    expect(() => assertMove({ ...refunded, status: 'collected' }, 'fulfilled')).toThrow('Order CF-100001 is collected and cannot be marked sent');
  });

  it("keeps each delivery method's steps to its own orders", () => {
    const paxi = { orderNumber: 'CF-100002', status: 'fulfilled', paymentStatus: 'paid', deliveryOption: 'paxi_express' } as const;
    const courier = { ...paxi, orderNumber: 'CF-100003', deliveryOption: 'courier_economy' } as const;
    expect(canMove(paxi, 'ready_for_collection')).toBe(true);
    expect(canMove(paxi, 'delivered')).toBe(false);
    expect(() => assertMove(paxi, 'out_for_delivery')).toThrow('Order CF-100002 is collected at a PAXI point and cannot be marked out for delivery');
    expect(canMove(courier, 'delivered')).toBe(true);
    expect(canMove(courier, 'ready_for_collection')).toBe(false);
    expect(() => assertMove(courier, 'ready_for_collection')).toThrow("Order CF-100003 goes to the customer's door by courier and cannot be marked ready for collection");
  });

  it('follows a courier parcel to the door, back to the courier after a failed attempt, and nowhere after delivery', () => {
    expect(canMoveOrder('fulfilled', 'with_courier')).toBe(true);
    expect(canMoveOrder('with_courier', 'out_for_delivery')).toBe(true);
    expect(canMoveOrder('out_for_delivery', 'delivery_failed')).toBe(true);
    expect(canMoveOrder('delivery_failed', 'out_for_delivery')).toBe(true);
    expect(canMoveOrder('out_for_delivery', 'delivered')).toBe(true);
    expect(canMoveOrder('with_courier', 'paid')).toBe(false);
    expect(orderTransitions.delivered).toEqual([]);
    expect(() => assertOrderMove('CF-100003', 'delivered', 'out_for_delivery')).toThrow('Order CF-100003 is delivered and cannot be marked out for delivery');
  });
});
