import { describe, expect, it } from 'vitest';
import { shownOrderStatus, type FulfilmentStatus, type OrderState } from '../../shared/order-desk';
import { assertMove, assertPaymentMove, canMove, canMovePayment, fulfilmentMachines, orderMachine, refundableFrom } from './transitions';

/** An order as the checks read it: its state, its parcel's place and the status both show. */
function order(orderNumber: string, state: OrderState, fulfilmentStatus: FulfilmentStatus | null, deliveryOption: 'paxi_express' | 'courier_economy' = 'paxi_express', paymentStatus: 'paid' | 'refunded' = 'paid') {
  return { orderNumber, state, fulfilmentStatus, status: shownOrderStatus(state, fulfilmentStatus), paymentStatus, deliveryOption };
}

describe('order transitions', () => {
  it('goes paid → sent → ready for collection → collected, and nowhere after collection or cancellation', () => {
    expect(canMove(order('CF-100001', 'paid', null), 'fulfilled')).toBe(true);
    expect(canMove(order('CF-100001', 'fulfilled', 'packed'), 'ready_for_collection')).toBe(true);
    expect(canMove(order('CF-100001', 'fulfilled', 'at_point'), 'collected')).toBe(true);
    expect(fulfilmentMachines.paxi.collected).toEqual([]);
    expect(orderMachine.completed).toEqual([]);
    expect(orderMachine.cancelled).toEqual([]);
  });

  it('refuses skipping steps or going back, with a message naming the order', () => {
    expect(canMove(order('CF-100001', 'paid', null), 'collected')).toBe(false);
    expect(canMove(order('CF-100001', 'fulfilled', 'packed'), 'collected')).toBe(false);
    expect(() => assertMove(order('CF-100001', 'completed', 'collected'), 'cancelled')).toThrow('Order CF-100001 is collected and cannot be marked cancelled');
    expect(() => assertMove(order('CF-100001', 'paid', null), 'fulfilled')).not.toThrow();
  });

  it('records refunds only after a payment', () => {
    expect(refundableFrom).toEqual(['paid', 'partially_refunded']);
    expect(canMovePayment('pending', 'refunded')).toBe(false);
    expect(canMovePayment('refunded', 'paid')).toBe(false);
    expect(() => assertPaymentMove('CF-100001', 'pending', 'refunded')).toThrow('The payment for order CF-100001 is pending and cannot become refunded');
  });

  it('sends no parcel for an order refunded in full, which may still be cancelled', () => {
    const refunded = order('CF-100001', 'paid', null, 'paxi_express', 'refunded');
    expect(canMove(refunded, 'fulfilled')).toBe(false);
    expect(canMove(refunded, 'cancelled')).toBe(true);
    expect(() => assertMove(refunded, 'fulfilled')).toThrow('Order CF-100001 was refunded in full; cancel it instead of sending it');
    expect(() => assertMove(order('CF-100001', 'completed', 'collected', 'paxi_express', 'refunded'), 'fulfilled')).toThrow('Order CF-100001 is collected and cannot be marked sent');
  });

  it("keeps each delivery method's steps to its own orders", () => {
    const paxi = order('CF-100002', 'fulfilled', 'packed');
    const courier = order('CF-100003', 'fulfilled', 'booked', 'courier_economy');
    expect(canMove(paxi, 'ready_for_collection')).toBe(true);
    expect(canMove(paxi, 'delivered')).toBe(false);
    expect(() => assertMove(paxi, 'out_for_delivery')).toThrow('Order CF-100002 is collected at a PAXI point and cannot be marked out for delivery');
    expect(canMove(courier, 'delivered')).toBe(true);
    expect(canMove(courier, 'ready_for_collection')).toBe(false);
    expect(() => assertMove(courier, 'ready_for_collection')).toThrow("Order CF-100003 goes to the customer's door by courier and cannot be marked ready for collection");
  });

  it('follows a courier parcel to the door, back to the courier after a failed attempt, and nowhere after delivery', () => {
    const at = (place: FulfilmentStatus) => order('CF-100003', 'fulfilled', place, 'courier_economy');
    expect(canMove(at('booked'), 'with_courier')).toBe(true);
    expect(canMove(at('with_courier'), 'out_for_delivery')).toBe(true);
    expect(canMove(at('out_for_delivery'), 'delivery_failed')).toBe(true);
    expect(canMove(at('delivery_failed'), 'out_for_delivery')).toBe(true);
    expect(canMove(at('out_for_delivery'), 'delivered')).toBe(true);
    expect(fulfilmentMachines.courier.delivered).toEqual([]);
    expect(() => assertMove(order('CF-100003', 'completed', 'delivered', 'courier_economy'), 'out_for_delivery')).toThrow(
      'Order CF-100003 is delivered and cannot be marked out for delivery',
    );
  });

  it('moves no parcel of an order that was cancelled after it was sent', () => {
    const cancelled = order('CF-100004', 'cancelled', 'at_point');
    expect(cancelled.status).toBe('cancelled');
    expect(() => assertMove(cancelled, 'collected')).toThrow('Order CF-100004 is cancelled and cannot be marked collected');
  });
});
