import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { outbox } from '../db/schema';
import { InvalidInputError } from '../errors';
import { DeliveryError } from './delivery-error';
import type { AttachmentFiles, EmailMessage, SmsMessage } from '../lib/outbox-messages';
import { type Mailer, smsMessageSchema, type SmsProvider } from './transports';
import { devMailboxSms } from './dev-mailbox';

/** The database or a transaction: callers pass their own transaction so the email commits with the change. */
export type DbOrTx = Pick<Database, 'insert'>;

/** Writes an email to the outbox; the worker sends it once the caller's transaction commits. */
export async function enqueueEmail(tx: DbOrTx, message: EmailMessage): Promise<{ id: string }> {
  const [row] = await tx.insert(outbox).values({ kind: 'email', payload: message }).returning({ id: outbox.id });
  return { id: row!.id };
}

/**
 * Writes a text message to the outbox, like enqueueEmail. The number is stored as E.164; a number
 * that is not South African is refused here, while the caller can still tell the admin.
 */
export async function enqueueSms(tx: DbOrTx, message: SmsMessage): Promise<{ id: string }> {
  const checked = smsMessageSchema.safeParse(message);
  if (!checked.success) throw new InvalidInputError(checked.error.issues[0]?.message ?? 'The text message cannot be sent');
  const [row] = await tx.insert(outbox).values({ kind: 'sms', payload: checked.data }).returning({ id: outbox.id });
  return { id: row!.id };
}

/** Wait before attempt n+1 after n failed attempts; the last delay repeats. */
const RETRY_DELAYS_SECONDS = [30, 2 * 60, 10 * 60, 60 * 60, 6 * 60 * 60];
/** After this many failed attempts (about a day) a message is 'failed' and left for a person to look at. */
export const MAX_ATTEMPTS = 8;
/**
 * How long a claimed row belongs to the worker that claimed it. Sends run side by side and the
 * timeouts of the SMTP mailer and the SMS provider end each well before this, so the claim outlives
 * the send; if the process dies, the claim lapses and another process retries the row.
 */
const CLAIM = sql`now() + interval '2 minutes'`;

/** A Retry-After beyond a day is taken as a day: the message should not wait longer than that. */
const LONGEST_RETRY_AFTER_SECONDS = 24 * 60 * 60;

export function retryDelaySeconds(failedAttempts: number): number {
  const index = Math.min(Math.max(failedAttempts, 1), RETRY_DELAYS_SECONDS.length) - 1;
  return RETRY_DELAYS_SECONDS[index]!;
}

export interface OutboxWorkerOptions {
  db: Database;
  mailer: Mailer;
  /** Makes the files an email carries (the tax documents). */
  attach: AttachmentFiles;
  /** Sends the rows of kind 'sms'; the dev mailbox when left out. */
  sms?: SmsProvider;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  pollMs?: number;
  batchSize?: number;
}

export interface OutboxWorker {
  /** Polls every pollMs until stop(). */
  start(): void;
  /** Stops polling and waits for the batch in flight. */
  stop(): Promise<void>;
  /** One batch now: claims due rows, sends them, records the outcome. Resolves to the rows handled. */
  runOnce(): Promise<number>;
  /** Something was just enqueued by this process: run now instead of at the next poll. */
  nudge(): void;
}

type OutboxRow = typeof outbox.$inferSelect;

export function createOutboxWorker({ db, mailer, attach, sms = devMailboxSms, logger, pollMs = 2000, batchSize = 10 }: OutboxWorkerOptions): OutboxWorker {
  /**
   * Takes due rows for this worker. SKIP LOCKED passes over rows another process is claiming right
   * now, and locked_until keeps them away from everyone once this transaction commits, while the
   * sending happens outside it (no transaction is held open across a network call).
   */
  async function claim(): Promise<OutboxRow[]> {
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: outbox.id })
        .from(outbox)
        .where(
          and(
            eq(outbox.status, 'pending'),
            lte(outbox.nextAttemptAt, sql`now()`),
            or(isNull(outbox.lockedUntil), lt(outbox.lockedUntil, sql`now()`)),
          ),
        )
        .orderBy(asc(outbox.nextAttemptAt))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(outbox)
        .set({ lockedUntil: CLAIM })
        .where(inArray(outbox.id, due.map((r) => r.id)))
        .returning();
    });
  }

  /** Sends one row by its kind; resolves to the transport that took it. */
  async function send(row: OutboxRow): Promise<string> {
    if (row.kind === 'email') {
      const { attachments, ...email } = row.payload as EmailMessage;
      await mailer.send(attachments?.length ? { ...email, attachments: await attach(attachments) } : email);
      return mailer.transport;
    }
    // Checked again on the way out: the row may predate a rule, or have been written by hand.
    const text = smsMessageSchema.safeParse(row.payload);
    if (!text.success) throw new DeliveryError(text.error.issues[0]?.message ?? 'Not a text message', 'undeliverable');
    await sms.send(text.data);
    return sms.transport;
  }

  async function deliver(row: OutboxRow): Promise<void> {
    const attempts = row.attempts + 1;
    let transport: string;
    try {
      transport = await send(row);
    } catch (err) {
      const lastError = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
      const failure = err instanceof DeliveryError ? err.failure : 'temporary';
      const failed = failure === 'undeliverable' || attempts >= MAX_ATTEMPTS;
      const retryAfter = Math.min(err instanceof DeliveryError ? (err.retryAfterSeconds ?? 0) : 0, LONGEST_RETRY_AFTER_SECONDS);
      const delay = Math.max(retryDelaySeconds(attempts), retryAfter);
      await db
        .update(outbox)
        .set({
          attempts,
          lastError,
          lockedUntil: null,
          status: failed ? 'failed' : 'pending',
          nextAttemptAt: failed ? undefined : sql`now() + make_interval(secs => ${delay})`,
        })
        .where(eq(outbox.id, row.id));
      const details = { outboxId: row.id, kind: row.kind, attempts, error: lastError };
      if (failed) logger.error(details, 'outbox: giving up on a message');
      // Bad credentials or a barred number do not mend themselves: someone should look.
      else if (failure === 'rejected') logger.error({ ...details, retryInSeconds: delay }, 'outbox: the provider refused a message, will retry');
      else logger.warn({ ...details, retryInSeconds: delay }, 'outbox: send failed, will retry');
      return;
    }
    // Apart from the send above: a failure to record success must not be taken for a failed send.
    await db
      .update(outbox)
      .set({ status: 'sent', attempts, sentAt: sql`now()`, lockedUntil: null, transport })
      .where(eq(outbox.id, row.id));
  }

  async function runBatch(): Promise<number> {
    const rows = await claim();
    const results = await Promise.allSettled(rows.map(deliver));
    for (const result of results) {
      // Only a database failure lands here; the row's claim lapses and it is tried again.
      if (result.status === 'rejected') logger.error({ err: result.reason }, 'outbox: could not record a send');
    }
    return rows.length;
  }

  // One batch at a time per worker, whoever asks (the timer, a nudge or a test).
  let chain: Promise<unknown> = Promise.resolve();
  function runOnce(): Promise<number> {
    const run = chain.then(runBatch);
    chain = run.catch(() => undefined);
    return run;
  }

  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let ticking = false;
  let nudged = false;

  function schedule(ms: number): void {
    if (!running) return;
    clearTimeout(timer);
    timer = setTimeout(() => void tick(), ms);
    timer.unref();
  }

  async function tick(): Promise<void> {
    timer = undefined;
    if (ticking) {
      nudged = true;
      return;
    }
    ticking = true;
    let full = false;
    try {
      full = (await runOnce()) === batchSize;
    } catch (err) {
      logger.error({ err }, 'outbox: batch failed');
    } finally {
      ticking = false;
    }
    // A full batch may have left more behind; a nudge during the batch may have brought more.
    schedule(full || nudged ? 0 : pollMs);
    nudged = false;
  }

  return {
    start() {
      if (running) return;
      running = true;
      schedule(0);
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      timer = undefined;
      await chain;
    },
    runOnce,
    nudge() {
      schedule(0);
    },
  };
}
