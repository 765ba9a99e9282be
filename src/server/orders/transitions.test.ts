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
    const refunded = { orderNumber: 'CF-100001', status: 'paid', paymentStatus: 'refunded' } as const;
    expect(canMove(refunded, 'fulfilled')).toBe(false);
    expect(canMove(refunded, 'cancelled')).toBe(true);
    expect(() => assertMove(refunded, 'fulfilled')).toThrow('Order CF-100001 was refunded in full; cancel it instead of sending it');
    expect(() => assertMove({ ...refunded, status: 'collected' }, 'fulfilled')).toThrow('Order CF-100001 is collected and cannot be marked sent');
  });
});
