import { eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { ConflictError } from '../errors';
import { orders, orderStatuses, paymentStatuses } from '../db/schema';
import { recordAdminAction, type AuditActor } from '../admin/audit';
import { enqueueEmail, enqueueSms } from '../notify/outbox';
import type { EmailMessage, SmsMessage } from '../lib/outbox-messages';
import { courierStatuses, pickupPointStatuses, type OrderEventType, type OversoldMark } from '../../shared/order-desk';
import { courierServiceOf, type OrderDeliveryOption } from '../../shared/delivery';
import { recordOrderEvent, type NewOrderEvent } from './events';

export type OrderStatus = (typeof orderStatuses)[number];
export type PaymentStatus = (typeof paymentStatuses)[number];

/**
 * Where an order may go from each status: the one table every change of an order's status is
 * checked against. An order is made when its payment is confirmed, so it starts as 'paid';
 * 'pending' is kept for orders recorded before payment (the spec's default). A courier's tracking
 * may skip steps (a parcel delivered the day it was collected) and goes back to the courier after
 * a failed attempt, so those moves are allowed; delivered and collected are the ends.
 */
export const orderTransitions: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['paid', 'cancelled'],
  paid: ['fulfilled', 'cancelled'],
  fulfilled: ['ready_for_collection', 'with_courier', 'out_for_delivery', 'delivery_failed', 'delivered', 'cancelled'],
  ready_for_collection: ['collected', 'cancelled'],
  collected: [],
  with_courier: ['out_for_delivery', 'delivery_failed', 'delivered', 'cancelled'],
  out_for_delivery: ['with_courier', 'delivery_failed', 'delivered', 'cancelled'],
  delivery_failed: ['with_courier', 'out_for_delivery', 'delivered', 'cancelled'],
  delivered: [],
  cancelled: [],
};

/** The same for the money: refunds only ever follow a payment. */
const paymentTransitions: Record<PaymentStatus, readonly PaymentStatus[]> = {
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
  with_courier: 'with the courier',
  out_for_delivery: 'out for delivery',
  delivery_failed: 'not delivered',
  delivered: 'delivered',
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

/** What the checks need of an order. */
interface MovingOrder {
  orderNumber: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  deliveryOption: OrderDeliveryOption;
}

/** A parcel is never sent for money already given back in full: such an order is cancelled instead. */
function sendsRefundedOrder(order: MovingOrder, to: OrderStatus): boolean {
  return to === 'fulfilled' && order.paymentStatus === 'refunded';
}

/** A PAXI parcel never reaches a door, and a courier's never waits at a pickup point. */
function otherMethodsStep(order: MovingOrder, to: OrderStatus): boolean {
  const byCourier = courierServiceOf(order.deliveryOption) !== undefined;
  return (byCourier ? (pickupPointStatuses as readonly OrderStatus[]) : (courierStatuses as readonly OrderStatus[])).includes(to);
}

/** Whether the order may move now: the table, its delivery method, and nothing sent for money given back. */
export function canMove(order: MovingOrder, to: OrderStatus): boolean {
  return canMoveOrder(order.status, to) && !sendsRefundedOrder(order, to) && !otherMethodsStep(order, to);
}

/** canMove as a refusal, with the table's own message first. */
export function assertMove(order: MovingOrder, to: OrderStatus): void {
  assertOrderMove(order.orderNumber, order.status, to);
  if (sendsRefundedOrder(order, to)) throw new ConflictError(`Order ${order.orderNumber} was refunded in full; cancel it instead of sending it`);
  if (otherMethodsStep(order, to)) {
    throw new ConflictError(
      courierServiceOf(order.deliveryOption)
        ? `Order ${order.orderNumber} goes to the customer's door by courier and cannot be marked ${orderLabels[to]}`
        : `Order ${order.orderNumber} is collected at a PAXI point and cannot be marked ${orderLabels[to]}`,
    );
  }
}

/** Refuses a move of the money the table does not allow (a refund counted before any payment). */
export function assertPaymentMove(orderNumber: string, from: PaymentStatus, to: PaymentStatus): void {
  if (!canMovePayment(from, to)) {
    throw new ConflictError(`The payment for order ${orderNumber} is ${from.replace('_', ' ')} and cannot become ${to.replace('_', ' ')}`);
  }
}

/** The payment statuses from which a refund may be recorded. */
export const refundableFrom = (Object.keys(paymentTransitions) as PaymentStatus[]).filter((status) =>
  canMovePayment(status, 'refunded'),
);

export type OrderRow = typeof orders.$inferSelect;

/** The caller's transaction: the change, its timeline line, audit line and notice commit together or not at all. */
export type OrderTx = Pick<Database, 'select' | 'insert' | 'update'>;

/** What can happen to a placed order, each named by the line it writes on the timeline. */
export type OrderStep = Exclude<OrderEventType, 'placed'>;

/** What the customer is told: an email, and a text when the news is worth one. */
interface CustomerNotice {
  email: EmailMessage;
  sms?: SmsMessage;
}

/** What every change leaves behind, the placing of the order included. */
export interface StepRecord {
  /** The timeline line's words, details and time; its actor is the audit line's. */
  event?: Omit<NewOrderEvent, 'actorEmail'>;
  /** The admin who did it; absent when the shop, the customer or the payment provider did. */
  audit?: { actor: AuditActor; action: string; summary: string; details?: Record<string, unknown> };
  /** The customer's notice, made from the order as changed. */
  notify?: (order: OrderRow) => CustomerNotice;
}

export interface TransitionDetails extends StepRecord {
  /** What changes with the step besides the status. */
  set?: {
    fulfilled?: boolean;
    trackingNumber?: string;
    fulfilledAt?: SQL;
    refundedCents?: number;
    paymentStatus?: PaymentStatus;
    oversold?: OversoldMark[];
    oversoldSettledAt?: SQL;
  };
}

function isOrderStatus(step: OrderStep): step is OrderStep & OrderStatus {
  return (orderStatuses as readonly string[]).includes(step);
}

/**
 * The one way a placed order changes, inside the caller's transaction (which holds the order's row
 * lock, so that two clicks make one change): checked against the transition table, the row updated,
 * a line on the timeline, the admin's audit line, the customer's notice in the outbox. A step named
 * like a status moves the order to it. Returns the order as changed.
 */
export async function transition(tx: OrderTx, order: OrderRow, to: OrderStep, details: TransitionDetails = {}): Promise<OrderRow> {
  const status = isOrderStatus(to) ? to : undefined;
  const { set } = details;
  if (status) assertMove(order, status);
  if (set?.paymentStatus) assertPaymentMove(order.orderNumber, order.paymentStatus, set.paymentStatus);
  let changed = order;
  if (status || set) {
    const [row] = await tx
      .update(orders)
      .set({ ...set, ...(status && { status }), updatedAt: sql`now()` })
      .where(eq(orders.id, order.id))
      .returning();
    changed = row!;
  }
  await record(tx, changed, to, details);
  return changed;
}

/** The timeline line, the audit line and the notice, in that order. */
export async function record(tx: OrderTx, order: OrderRow, type: OrderEventType, { event, audit, notify }: StepRecord): Promise<void> {
  await recordOrderEvent(tx, order.id, type, { ...event, actorEmail: audit?.actor.email ?? null });
  if (audit) {
    const { actor, ...line } = audit;
    await recordAdminAction(tx, actor, { ...line, targetType: 'order', targetId: order.id });
  }
  if (notify) {
    const notice = notify(order);
    await enqueueEmail(tx, notice.email);
    if (notice.sms) await enqueueSms(tx, notice.sms);
  }
}
