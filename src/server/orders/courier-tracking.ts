import { and, asc, eq, inArray, like, lt, max, or, isNull, sql, gt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { fulfilments, orderEvents, orders, placedOrders } from '../db/schema';
import { ConflictError } from '../errors';
import type { AuditActor } from '../admin/audit';
import type { EmailContext } from '../notify/templates';
import { type CourierTrackingEvent, type CourierTrackingStatus, courierAddressLine } from '../../shared/delivery';
import type { courierStatuses } from '../../shared/order-desk';
import { canMove, transition, type OrderRow, type OrderTx } from './transitions';
import { deliveredEmail, deliveryFailedEmail, deliveryFailedSms, outForDeliveryEmail, outForDeliverySms } from './notices';

/** The status a courier order takes at each step the courier reports; a cancelled shipment is the desk's to handle. */
const statusAfter: Record<CourierTrackingStatus, (typeof courierStatuses)[number] | undefined> = {
  collected: 'with_courier',
  in_transit: 'with_courier',
  out_for_delivery: 'out_for_delivery',
  delivery_failed: 'delivery_failed',
  delivered: 'delivered',
  cancelled: undefined,
};

/** Where a sent courier parcel may still be moved by the courier. */
const onTheWay = ['booked', 'with_courier', 'out_for_delivery', 'delivery_failed'] as const;

/** A parcel's tracking is followed this long after it was sent; one still not delivered by then is the desk's to chase. */
const FOLLOW_FOR_DAYS = 60;

/** The courier's words for a step, as the timeline's note. */
function courierSaid(event: CourierTrackingEvent): string {
  const where = event.location ? ` at ${event.location}` : '';
  return `The courier reports "${event.providerStatus}"${where}${event.message ? `: ${event.message}` : ''}`;
}

/**
 * Moves a sent courier order along the courier's tracking events, inside the caller's transaction
 * (which holds the order's row lock): each event newer than the last one applied moves the order
 * through the transition table, with a line on the timeline dated when the courier saw it and the
 * customer's notice (out for delivery, a failed attempt, delivered). A webhook and a poll bringing
 * the same events, in one process or two, move the order once. Returns the order as changed.
 */
export async function followCourier(tx: OrderTx, ctx: EmailContext, order: OrderRow, events: readonly CourierTrackingEvent[]): Promise<OrderRow> {
  const [last] = await tx
    .select({ at: max(orderEvents.createdAt) })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, order.id), sql`${orderEvents.details}->>'courierStatus' IS NOT NULL`));
  // Clocks differ: a step the courier dates before the order was sent is shown after it.
  const notBefore = order.fulfilledAt?.getTime() ?? 0;
  let appliedUntil = last?.at?.getTime() ?? -Infinity;
  let current = order;
  for (const event of [...events].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    const at = new Date(Math.max(event.at.getTime(), notBefore));
    if (at.getTime() <= appliedUntil) continue;
    const details = { courierStatus: event.providerStatus };
    const to = statusAfter[event.status];
    if (to === undefined) {
      current = await transition(tx, current, 'note', { event: { note: `${courierSaid(event)}. Ask the courier why, and cancel or send the order again.`, details, at } });
    } else if (to !== current.status && canMove(current, to)) {
      current = await transition(tx, current, to, {
        event: { note: courierSaid(event), details, at },
        notify: noticeFor(ctx, to, event),
      });
    } else {
      continue;
    }
    appliedUntil = at.getTime();
  }
  return current;
}

function noticeFor(ctx: EmailContext, to: (typeof courierStatuses)[number], event: CourierTrackingEvent) {
  switch (to) {
    case 'out_for_delivery':
      return (order: OrderRow) => ({ email: outForDeliveryEmail(ctx, order), sms: outForDeliverySms(ctx, order) });
    case 'delivery_failed':
      return (order: OrderRow) => ({ email: deliveryFailedEmail(ctx, order, event.message), sms: deliveryFailedSms(ctx, order) });
    case 'delivered':
      return (order: OrderRow) => ({ email: deliveredEmail(ctx, order) });
    default:
      return undefined;
  }
}

/** The desk marks a courier order delivered itself: for a courier that reports nothing, or one the customer confirmed. */
export function markDelivered(tx: OrderTx, ctx: EmailContext, order: OrderRow, { actor }: { actor: AuditActor }): Promise<OrderRow> {
  return transition(tx, order, 'delivered', {
    event: { note: `Delivered to ${courierAddressLine(order)}` },
    audit: { actor, action: 'order.delivered', summary: `Marked ${order.orderNumber} delivered` },
    notify: (delivered) => ({ email: deliveredEmail(ctx, delivered) }),
  });
}

/**
 * A booking in flight holds the order this long: far past the courier's longest answer, so that a
 * process that died while booking leaves the order to be booked again later, not never.
 */
const BOOKING_HELD_MINUTES = 5;

/**
 * Marks a paid courier order as being booked, inside the caller's transaction (which holds the
 * order's row lock), before the courier is called: a second click, in this process or another,
 * finds the mark and is refused instead of booking a second shipment. Returns the mark, to give it
 * back with releaseCourierBooking when the courier refuses.
 */
export async function claimCourierBooking(tx: OrderTx, order: OrderRow): Promise<Date> {
  const now = new Date();
  const started = order.courierBookingStartedAt;
  if (started && now.getTime() - started.getTime() < BOOKING_HELD_MINUTES * 60_000) {
    throw new ConflictError(`The courier is being booked for order ${order.orderNumber} already: wait a moment, then open the order again to see its tracking number`);
  }
  await tx.update(orders).set({ courierBookingStartedAt: now }).where(eq(orders.id, order.id));
  return now;
}

/** Gives back a booking mark when the courier booked nothing, so that the desk can try again at once. */
export async function releaseCourierBooking(db: Pick<Database, 'update'>, orderId: string, mark: Date): Promise<void> {
  await db
    .update(orders)
    .set({ courierBookingStartedAt: null })
    .where(and(eq(orders.id, orderId), eq(orders.courierBookingStartedAt, mark)));
}

/**
 * Takes the next sent courier parcels to ask the courier about, least recently asked first, none
 * asked within `notWithinMinutes`: each is marked asked as it is taken, and a parcel another process
 * is taking is skipped, so two processes never ask about the same parcel at once.
 */
export async function takeParcelsToFollow(db: Database, { limit, notWithinMinutes }: { limit: number; notWithinMinutes: number }): Promise<OrderRow[]> {
  const due = db
    .select({ id: fulfilments.id })
    .from(fulfilments)
    .innerJoin(orders, eq(orders.id, fulfilments.orderId))
    .where(
      and(
        eq(orders.state, 'fulfilled'),
        eq(fulfilments.method, 'courier'),
        inArray(fulfilments.status, onTheWay),
        gt(fulfilments.sentAt, sql`now() - make_interval(days => ${FOLLOW_FOR_DAYS})`),
        or(isNull(fulfilments.courierCheckedAt), lt(fulfilments.courierCheckedAt, sql`now() - make_interval(mins => ${notWithinMinutes})`)),
      ),
    )
    .orderBy(sql`${fulfilments.courierCheckedAt} ASC NULLS FIRST`, asc(fulfilments.sentAt))
    .limit(limit)
    .for('update', { of: fulfilments, skipLocked: true });
  const taken = await db.update(fulfilments).set({ courierCheckedAt: sql`now()` }).where(inArray(fulfilments.id, due)).returning({ orderId: fulfilments.orderId });
  if (taken.length === 0) return [];
  return db
    .select()
    .from(placedOrders)
    .where(inArray(placedOrders.id, taken.map((parcel) => parcel.orderId)))
    .orderBy(asc(placedOrders.fulfilledAt));
}

/** The courier order a tracking webhook names, by the courier's shipment id or its tracking number. */
export async function findCourierParcel(db: Pick<Database, 'select'>, { shipmentId, trackingNumber }: { shipmentId?: string; trackingNumber?: string }): Promise<OrderRow | undefined> {
  const named = [
    ...(shipmentId ? [eq(placedOrders.courierShipmentId, shipmentId)] : []),
    ...(trackingNumber ? [eq(placedOrders.trackingNumber, trackingNumber)] : []),
  ];
  if (named.length === 0) return undefined;
  const [row] = await db
    .select()
    .from(placedOrders)
    .where(and(like(placedOrders.deliveryOption, 'courier%'), or(...named)))
    .orderBy(sql`${placedOrders.fulfilledAt} DESC NULLS LAST`)
    .limit(1);
  return row;
}
