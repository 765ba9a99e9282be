import { and, eq, exists, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { orderEvents, placedOrders } from '../db/schema';
import { todayInSouthAfrica } from '../../shared/profile';
import type { BankAccount } from '../../shared/bank-transfer';
import type { EmailContext } from '../notify/templates';
import { startRepeatingJob, type JobLog, type RepeatingJob } from '../repeating-job';
import { cancelUnpaidTransfer, remindOfTransfer } from './service';
import { lockedOrder } from './transitions';

/** A buyer is reminded once this long after placing an order to be paid by bank transfer. */
const REMIND_AFTER_MS = 2 * 24 * 60 * 60 * 1000;
const CHECK_EVERY_MS = 10 * 60 * 1000;

interface TransferDeadlineOptions {
  db: Database;
  email: EmailContext;
  account: BankAccount;
  /** Called after a commit that queued email, so the outbox worker sends it now. */
  onQueued?: () => void;
  now?: () => Date;
}

/**
 * The deadlines of orders awaiting a bank transfer: a reminder two days after the order while its
 * day to pay has not passed, and, the day after that day, the order cancelled and its flags put
 * back. Each order is locked while it is looked at, so that two processes remind once, cancel
 * once, and never cancel an order the desk is marking paid.
 */
export function createTransferDeadlines({ db, email, account, onQueued, now = () => new Date() }: TransferDeadlineOptions) {
  const awaiting = and(eq(placedOrders.paymentMethod, 'eft'), eq(placedOrders.state, 'pending'), eq(placedOrders.paymentStatus, 'pending'));
  const reminded = exists(db.select({ one: sql`1` }).from(orderEvents).where(and(eq(orderEvents.orderId, placedOrders.id), eq(orderEvents.type, 'payment_reminder'))));

  return async function settleTransferDeadlines(): Promise<{ reminded: number; cancelled: number }> {
    const today = todayInSouthAfrica(now());
    const lapsed = await db.select({ id: placedOrders.id }).from(placedOrders).where(and(awaiting, lt(placedOrders.paymentDueOn, today)));
    const due = await db
      .select({ id: placedOrders.id })
      .from(placedOrders)
      .where(and(awaiting, lt(placedOrders.createdAt, new Date(now().getTime() - REMIND_AFTER_MS)), sql`${placedOrders.paymentDueOn} >= ${today}`, sql`NOT ${reminded}`));
    let cancelled = 0;
    let remindedCount = 0;
    for (const { id } of lapsed) {
      const done = await db.transaction(async (tx) => {
        const order = await lockedOrder(tx, { id });
        // Marked paid or cancelled from the desk meanwhile: nothing to do.
        if (!order || order.state !== 'pending' || order.paymentStatus !== 'pending' || !order.paymentDueOn || order.paymentDueOn >= today) return false;
        await cancelUnpaidTransfer(tx, email, order);
        return true;
      });
      if (done) cancelled += 1;
    }
    for (const { id } of due) {
      const done = await db.transaction(async (tx) => {
        const order = await lockedOrder(tx, { id });
        if (!order || order.state !== 'pending' || order.paymentStatus !== 'pending') return false;
        const [already] = await tx.select({ id: orderEvents.id }).from(orderEvents).where(and(eq(orderEvents.orderId, id), eq(orderEvents.type, 'payment_reminder')));
        if (already) return false;
        await remindOfTransfer(tx, email, order, account);
        return true;
      });
      if (done) remindedCount += 1;
    }
    if (cancelled + remindedCount > 0) onQueued?.();
    return { reminded: remindedCount, cancelled };
  };
}

/** Every ten minutes in each process of a shop that takes bank transfers. */
export function startTransferDeadlines(settle: ReturnType<typeof createTransferDeadlines>, log: JobLog, everyMs = CHECK_EVERY_MS): RepeatingJob {
  return startRepeatingJob(
    async () => {
      const result = await settle();
      if (result.reminded > 0 || result.cancelled > 0) log.info(result, 'bank transfer deadlines');
    },
    log,
    'bank transfer deadlines failed',
    everyMs,
  );
}
