import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { orderEvents } from '../db/schema';
import type { OrderEventType } from '../../shared/order-desk';

/** The database or a transaction: an event commits with the change it records. */
export type EventDb = Pick<Database, 'insert'>;

export interface NewOrderEvent {
  /** The detail in words: the tracking number, the refund amount, the admin's note. */
  note?: string | null;
  /** The admin who did it; null for the shop itself, the customer or the payment provider. */
  actorEmail?: string | null;
  /** What the order desk reads back (refund ids and amounts), beside the words. */
  details?: Record<string, unknown>;
  /** When it happened, if not now (a refund is dated when it was asked of the provider). */
  at?: Date;
}

/**
 * Adds a line to an order's timeline. clock_timestamp(), not now(): several events written in
 * one transaction (cancelled, then refund requested) keep the order they happened in.
 */
export async function recordOrderEvent(tx: EventDb, orderId: string, type: OrderEventType, event: NewOrderEvent = {}): Promise<void> {
  await tx.insert(orderEvents).values({
    orderId,
    type,
    note: event.note ?? null,
    actorEmail: event.actorEmail ?? null,
    details: event.details ?? {},
    createdAt: event.at ?? sql`clock_timestamp()`,
  });
}
