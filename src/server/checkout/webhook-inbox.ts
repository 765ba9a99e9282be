import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { paymentWebhooks } from '../db/schema';
import type { PaymentWebhookEvent } from '../payments/provider';

/*
 * The provider's webhooks as they arrived, each handled until it is processed: the route answers
 * at once and handles the event after; the reconciliation takes up the events that failed or whose
 * process died. A claim (locked_until) keeps one event with one process at a time, on PGlite and
 * across processes sharing PostgreSQL.
 */

export type StoredWebhook = typeof paymentWebhooks.$inferSelect;

/** After this many attempts an event is left alone (the row stays, with its last error) and the log says so. */
export const WEBHOOK_MAX_ATTEMPTS = 8;
/** Wait before the next attempt after n failed ones; the last repeats. About a day from the first to the last. */
const RETRY_DELAYS_SECONDS = [60, 5 * 60, 30 * 60, 2 * 60 * 60, 6 * 60 * 60];
/**
 * Longer than one handling can take (the provider's timeout with its retries), so a claim never
 * lapses while its process is still at work; if the process dies, another takes the event after it.
 */
const CLAIM = sql`now() + interval '2 minutes'`;
/** The route handles a new event itself: the reconciliation leaves it alone this long. */
const FIRST_RETRY = sql`now() + interval '1 minute'`;

function webhookRetryDelaySeconds(failedAttempts: number): number {
  const index = Math.min(Math.max(failedAttempts, 1), RETRY_DELAYS_SECONDS.length) - 1;
  return RETRY_DELAYS_SECONDS[index]!;
}

/** Not processed, with attempts left, and not held by a live claim. */
const open = and(
  isNull(paymentWebhooks.processedAt),
  lt(paymentWebhooks.attempts, WEBHOOK_MAX_ATTEMPTS),
  or(isNull(paymentWebhooks.lockedUntil), lt(paymentWebhooks.lockedUntil, sql`now()`)),
);

/** Stores a verified event; false when this webhook-id was stored before (a repeated delivery). */
export async function storeWebhook(db: Database, provider: string, event: PaymentWebhookEvent): Promise<boolean> {
  const [fresh] = await db
    .insert(paymentWebhooks)
    .values({ id: event.id, provider, type: event.type, payload: event.raw, nextAttemptAt: FIRST_RETRY })
    .onConflictDoNothing()
    .returning({ id: paymentWebhooks.id });
  return fresh !== undefined;
}

/** Takes one event to handle now, counting the attempt; undefined when it is processed, taken or out of attempts. */
export async function claimWebhook(db: Database, id: string): Promise<StoredWebhook | undefined> {
  const [row] = await db
    .update(paymentWebhooks)
    .set({ attempts: sql`${paymentWebhooks.attempts} + 1`, lockedUntil: CLAIM })
    .where(and(eq(paymentWebhooks.id, id), open))
    .returning();
  return row;
}

/** Takes up to `limit` events that are due again. SKIP LOCKED passes over those another process is claiming right now. */
export async function claimDueWebhooks(db: Database, limit: number): Promise<StoredWebhook[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: paymentWebhooks.id })
      .from(paymentWebhooks)
      .where(and(open, lte(paymentWebhooks.nextAttemptAt, sql`now()`)))
      .orderBy(asc(paymentWebhooks.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(paymentWebhooks)
      .set({ attempts: sql`${paymentWebhooks.attempts} + 1`, lockedUntil: CLAIM })
      .where(
        inArray(
          paymentWebhooks.id,
          due.map((r) => r.id),
        ),
      )
      .returning();
  });
}

/** Handled for good: applied, or refused (then `refusal` says why, for whoever looks at the row). */
export async function markProcessed(db: Database, id: string, refusal: string | null): Promise<void> {
  await db
    .update(paymentWebhooks)
    .set({ processedAt: sql`now()`, lockedUntil: null, lastError: refusal })
    .where(eq(paymentWebhooks.id, id));
}

/** The error in a line for the row: a failed query's own cause (the database's words) first. */
function errorText(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  return err.cause instanceof Error ? `${err.cause.message} (${err.message.split('\n', 1)[0]})` : err.message;
}

/** Handling failed: the error is kept and the event waits for its next attempt, if it has one. */
export async function markFailed(db: Database, row: StoredWebhook, err: unknown): Promise<{ givenUp: boolean; retryInSeconds: number }> {
  const givenUp = row.attempts >= WEBHOOK_MAX_ATTEMPTS;
  const retryInSeconds = webhookRetryDelaySeconds(row.attempts);
  await db
    .update(paymentWebhooks)
    .set({ lastError: errorText(err).slice(0, 1000), lockedUntil: null, nextAttemptAt: sql`now() + make_interval(secs => ${retryInSeconds})` })
    .where(eq(paymentWebhooks.id, row.id));
  return { givenUp, retryInSeconds };
}
