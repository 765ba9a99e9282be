import { eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { ConflictError } from '../errors';
import { fulfilments, orders, paymentStatuses, placedOrders } from '../db/schema';
import { recordAdminAction, type AuditActor } from '../admin/audit';
import { enqueueEmail, enqueueSms } from '../notify/outbox';
import type { EmailMessage, SmsMessage } from '../lib/outbox-messages';
import {
  fulfilmentStatuses,
  type deliverySteps,
  type FulfilmentMethod,
  type FulfilmentStatus,
  type OrderEventType,
  type OrderState,
  type OrderStatus,
  type OversoldMark,
} from '../../shared/order-desk';
import { courierServiceOf, type OrderDeliveryOption } from '../../shared/delivery';
import { recordOrderEvent, type NewOrderEvent } from './events';

export type PaymentStatus = (typeof paymentStatuses)[number];

/**
 * Where an order may go from each state: the one table every change of an order is checked
 * against. An order is made when its payment is confirmed, so it starts as 'paid'; 'pending' is
 * kept for orders recorded before payment (the spec's default). A sent order is fulfilled until its
 * parcel is collected or delivered, which completes it.
 */
export const orderMachine: Record<OrderState, readonly OrderState[]> = {
  pending: ['paid', 'cancelled'],
  paid: ['fulfilled', 'cancelled'],
  fulfilled: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
};

type StatusOf<M extends FulfilmentMethod> = (typeof fulfilmentStatuses)[M][number];

/**
 * Where a sent parcel may go, per delivery method. A courier's tracking may skip steps (a parcel
 * delivered the day it was collected) and goes back to the courier after a failed attempt, so
 * those moves are allowed; collected and delivered are the ends.
 */
export const fulfilmentMachines: { [M in FulfilmentMethod]: Record<StatusOf<M>, readonly StatusOf<M>[]> } = {
  paxi: { packed: ['at_point'], at_point: ['collected'], collected: [] },
  courier: {
    booked: ['with_courier', 'out_for_delivery', 'delivery_failed', 'delivered'],
    with_courier: ['out_for_delivery', 'delivery_failed', 'delivered'],
    out_for_delivery: ['with_courier', 'delivery_failed', 'delivered'],
    delivery_failed: ['with_courier', 'out_for_delivery', 'delivered'],
    delivered: [],
  },
};

/** The same for the money: refunds only ever follow a payment. */
const paymentTransitions: Record<PaymentStatus, readonly PaymentStatus[]> = {
  pending: ['paid', 'failed'],
  failed: ['paid'],
  paid: ['partially_refunded', 'refunded'],
  partially_refunded: ['partially_refunded', 'refunded'],
  refunded: [],
};

/** Each status in the words of a refusal. */
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

/** The steps that move an order: to a state of its own, or its parcel to a place of its method. */
type MovingStep = (typeof deliverySteps)[number] | 'cancelled';

interface StepTarget {
  state?: OrderState;
  fulfilment?: { method: FulfilmentMethod; status: FulfilmentStatus };
}

const stepTargets: Record<MovingStep, StepTarget> = {
  fulfilled: { state: 'fulfilled' },
  ready_for_collection: { fulfilment: { method: 'paxi', status: 'at_point' } },
  collected: { state: 'completed', fulfilment: { method: 'paxi', status: 'collected' } },
  with_courier: { fulfilment: { method: 'courier', status: 'with_courier' } },
  out_for_delivery: { fulfilment: { method: 'courier', status: 'out_for_delivery' } },
  delivery_failed: { fulfilment: { method: 'courier', status: 'delivery_failed' } },
  delivered: { state: 'completed', fulfilment: { method: 'courier', status: 'delivered' } },
  cancelled: { state: 'cancelled' },
};

function isMovingStep(step: OrderStep): step is MovingStep {
  return step in stepTargets;
}

/** How an order of this delivery option is fulfilled. */
function fulfilmentMethodOf(deliveryOption: OrderDeliveryOption): FulfilmentMethod {
  return courierServiceOf(deliveryOption) ? 'courier' : 'paxi';
}

/** The status a parcel starts at when it is handed over. */
const firstStatus: Record<FulfilmentMethod, FulfilmentStatus> = { paxi: 'packed', courier: 'booked' };

export function canMovePayment(from: PaymentStatus, to: PaymentStatus): boolean {
  return paymentTransitions[from].includes(to);
}

/** What the checks need of an order. */
interface MovingOrder {
  orderNumber: string;
  state: OrderState;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  deliveryOption: OrderDeliveryOption;
  fulfilmentStatus: FulfilmentStatus | null;
}

function canReach(order: MovingOrder, { state, fulfilment }: StepTarget): boolean {
  if (state && !orderMachine[order.state].includes(state)) return false;
  if (!fulfilment) return true;
  // A parcel moves while its order is sent, not yet completed or cancelled.
  if (order.state !== 'fulfilled' || !order.fulfilmentStatus) return false;
  const machine = fulfilmentMachines[fulfilment.method] as Record<FulfilmentStatus, readonly FulfilmentStatus[]>;
  return machine[order.fulfilmentStatus]?.includes(fulfilment.status) ?? false;
}

/** Why the order may not take the step now, in words an owner understands; undefined when it may. */
function refusal(order: MovingOrder, step: MovingStep): string | undefined {
  const target = stepTargets[step];
  const method = fulfilmentMethodOf(order.deliveryOption);
  // A PAXI parcel never reaches a door, and a courier's never waits at a pickup point.
  if (target.fulfilment && target.fulfilment.method !== method) {
    return method === 'courier'
      ? `Order ${order.orderNumber} goes to the customer's door by courier and cannot be marked ${orderLabels[step]}`
      : `Order ${order.orderNumber} is collected at a PAXI point and cannot be marked ${orderLabels[step]}`;
  }
  if (!canReach(order, target)) return `Order ${order.orderNumber} is ${orderLabels[order.status]} and cannot be marked ${orderLabels[step]}`;
  // A parcel is never sent for money already given back in full: such an order is cancelled instead.
  if (step === 'fulfilled' && order.paymentStatus === 'refunded') return `Order ${order.orderNumber} was refunded in full; cancel it instead of sending it`;
  return undefined;
}

/** Whether the order may take the step now: its state, its parcel's method and place, and nothing sent for money given back. */
export function canMove(order: MovingOrder, step: MovingStep): boolean {
  return refusal(order, step) === undefined;
}

/** canMove as a refusal. */
export function assertMove(order: MovingOrder, step: MovingStep): void {
  const refused = refusal(order, step);
  if (refused) throw new ConflictError(refused);
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

/** An order as it is read: the order, its parcel's tracking, and the status shown for both (the placed_orders view). */
export type OrderRow = typeof placedOrders.$inferSelect;

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
export interface StepRecord<T extends OrderEventType = OrderEventType> {
  /** The timeline line's words, details and time; its actor is the audit line's. */
  event?: Omit<NewOrderEvent<T>, 'actorEmail'>;
  /** The admin who did it; absent when the shop, the customer or the payment provider did. */
  audit?: { actor: AuditActor; action: string; summary: string; details?: Record<string, unknown> };
  /** The customer's notice, made from the order as changed. */
  notify?: (order: OrderRow) => CustomerNotice;
}

export interface TransitionDetails<T extends OrderStep = OrderStep> extends StepRecord<T> {
  /** What changes on the order with the step besides its state. */
  set?: {
    refundedCents?: number;
    paymentStatus?: PaymentStatus;
    oversold?: OversoldMark[];
    oversoldSettledAt?: SQL;
  };
  /** The parcel handed over ('fulfilled'): what the customer follows it by. */
  sent?: { trackingNumber: string; courierShipmentId?: string };
}

/** The order as it is now, read inside the caller's transaction. */
async function reread(tx: OrderTx, orderId: string): Promise<OrderRow> {
  const [row] = await tx.select().from(placedOrders).where(eq(placedOrders.id, orderId));
  return row!;
}

/** The order, its row locked until the caller's transaction ends, so that two clicks make one change; undefined when there is none. */
export async function lockedOrder(tx: OrderTx, which: { id: string } | { checkoutId: string }): Promise<OrderRow | undefined> {
  const where = 'id' in which ? eq(orders.id, which.id) : eq(orders.checkoutId, which.checkoutId);
  const [locked] = await tx.select({ id: orders.id }).from(orders).where(where).for('update');
  return locked ? reread(tx, locked.id) : undefined;
}

/**
 * The one way a placed order changes, inside the caller's transaction (which holds the order's row
 * lock, so that two clicks make one change): checked against the order's and its parcel's
 * machines, the order and its fulfilment written, a line on the timeline, the admin's audit line,
 * the customer's notice in the outbox. A step named like a status moves the order, or its parcel,
 * there. Returns the order as changed.
 */
export async function transition<T extends OrderStep>(tx: OrderTx, order: OrderRow, step: T, details: TransitionDetails<T> = {}): Promise<OrderRow> {
  const { set, sent } = details;
  const target = isMovingStep(step) ? stepTargets[step] : undefined;
  if (isMovingStep(step)) assertMove(order, step);
  if (set?.paymentStatus) assertPaymentMove(order.orderNumber, order.paymentStatus, set.paymentStatus);
  if (step === 'fulfilled' && !sent) throw new Error(`Order ${order.orderNumber}: a parcel is sent with its tracking number`);
  if (target || set) {
    await tx
      .update(orders)
      .set({ ...set, ...(target?.state && { state: target.state }), updatedAt: sql`now()` })
      .where(eq(orders.id, order.id));
  }
  if (step === 'fulfilled' && sent) {
    const method = fulfilmentMethodOf(order.deliveryOption);
    await tx.insert(fulfilments).values({ orderId: order.id, method, status: firstStatus[method], ...sent });
  } else if (target?.fulfilment) {
    await tx.update(fulfilments).set({ status: target.fulfilment.status, updatedAt: sql`now()` }).where(eq(fulfilments.orderId, order.id));
  }
  const changed = target || set ? await reread(tx, order.id) : order;
  await record(tx, changed, step, details);
  return changed;
}

/** The timeline line, the audit line and the notice, in that order. */
export async function record<T extends OrderEventType>(tx: OrderTx, order: OrderRow, type: T, { event, audit, notify }: StepRecord<T>): Promise<void> {
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
