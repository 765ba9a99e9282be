import { ConflictError } from '../errors';
import { orderStatuses, paymentStatuses } from '../db/schema';

export type OrderStatus = (typeof orderStatuses)[number];
export type PaymentStatus = (typeof paymentStatuses)[number];

/**
 * Where an order may go from each status: the one table every change of an order's status is
 * checked against. An order is made when its payment is confirmed, so it starts as 'paid';
 * 'pending' is kept for orders recorded before payment (the spec's default).
 */
export const orderTransitions: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['paid', 'cancelled'],
  paid: ['fulfilled', 'cancelled'],
  fulfilled: ['ready_for_collection', 'cancelled'],
  ready_for_collection: ['collected', 'cancelled'],
  collected: [],
  cancelled: [],
};

/** The same for the money: refunds only ever follow a payment. */
export const paymentTransitions: Record<PaymentStatus, readonly PaymentStatus[]> = {
  pending: ['paid', 'failed'],
  failed: ['paid'],
  paid: ['partially_refunded', 'refunded'],
  partially_refunded: ['partially_refunded', 'refunded'],
  refunded: [],
};

const orderLabels: Record<OrderStatus, string> = {
  pending: 'awaiting payment',
  paid: 'paid',
  fulfilled: 'sent',
  ready_for_collection: 'ready for collection',
  collected: 'collected',
  cancelled: 'cancelled',
};

export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return orderTransitions[from].includes(to);
}

export function canMovePayment(from: PaymentStatus, to: PaymentStatus): boolean {
  return paymentTransitions[from].includes(to);
}

/** Refuses a change the table does not allow, in words an owner understands. */
export function assertOrderMove(orderNumber: string, from: OrderStatus, to: OrderStatus): void {
  if (!canMoveOrder(from, to)) {
    throw new ConflictError(`Order ${orderNumber} is ${orderLabels[from]} and cannot be marked ${orderLabels[to]}`);
  }
}

/** The payment statuses from which a refund may be recorded. */
export const refundableFrom = (Object.keys(paymentTransitions) as PaymentStatus[]).filter((status) =>
  canMovePayment(status, 'refunded'),
);
