import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { orderEvents } from '../db/schema';
import type { OrderEventType } from '../../shared/order-desk';
import type { OrderEventDetailsOf, TypedOrderEvent } from '../lib/order-event-details';

/** The database or a transaction: an event commits with the change it records. */
export type EventDb = Pick<Database, 'insert'>;

export interface NewOrderEvent<T extends OrderEventType = OrderEventType> {
  /** The detail in words: the tracking number, the refund amount, the admin's note. */
  note?: string | null;
  /** The admin who did it; null for the shop itself, the customer or the payment provider. */
  actorEmail?: string | null;
  /** What the line keeps beside its words, as its type has it. */
  details?: OrderEventDetailsOf[T];
  /** When it happened, if not now (a refund is dated when it was asked of the provider). */
  at?: Date;
}

/**
 * Adds a line to an order's timeline. clock_timestamp(), not now(): several events written in
 * one transaction (cancelled, then refund requested) keep the order they happened in.
 */
export async function recordOrderEvent<T extends OrderEventType>(tx: EventDb, orderId: string, type: T, event: NewOrderEvent<T> = {}): Promise<void> {
  await tx.insert(orderEvents).values({
    orderId,
    type,
    note: event.note ?? null,
    actorEmail: event.actorEmail ?? null,
    details: event.details ?? {},
    createdAt: event.at ?? sql`clock_timestamp()`,
  });
}

/** A line of the timeline, its details typed by its type. */
export type OrderEventRow = TypedOrderEvent<typeof orderEvents.$inferSelect>;

/** An order's timeline, oldest first. */
export async function timelineOf(db: Pick<Database, 'select'>, orderId: string): Promise<OrderEventRow[]> {
  const rows = await db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.createdAt));
  // Each line was written by recordOrderEvent with the details of its type.
  return rows as OrderEventRow[];
}
