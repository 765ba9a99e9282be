/**
 * The one reminder a shopper may ask for at checkout ("Email me a reminder if I don't finish
 * paying"): a job that decides once per checkout whether it goes, the signed one-click link that
 * stops them, and the order desk's figure of what they brought.
 */
import { createHmac } from 'node:crypto';
import { and, asc, count, desc, eq, exists, gt, gte, inArray, isNull, lt, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { checkouts, placedOrders, reminderOptOuts, type ReminderOutcome } from '../db/schema';
import { InvalidInputError } from '../errors';
import type { Transaction } from '../inventory/stock';
import type { CartService } from '../cart/service';
import type { EmailContext } from '../notify/templates';
import { enqueueEmail } from '../notify/outbox';
import { sameText } from '../lib/same-text';
import { startRepeatingJob, type JobLog, type RepeatingJob } from '../repeating-job';
import type { CartItemView } from '../../shared/cart';
import type { CheckoutReminderFigures } from '../../shared/checkout-reminders';
import { cartReminderMessage } from './reminder-email';
import type { CheckoutRow } from './deps';

const CHECK_EVERY_MS = 60 * 1000;
/** Checkouts looked at in one run; the rest wait a minute for the next. */
const BATCH = 100;
/** One email per abandoned cart: a cart reminded this recently is not reminded again, however often Pay is pressed. */
const REMINDED_LATELY_MS = 7 * 24 * 60 * 60 * 1000;
/** The order desk's window. */
const FIGURES_DAYS = 28;

/** Where the opt-out lives: outside /api, a page a person may open from the email. */
export const OPT_OUT_PATH = '/reminders/opt-out';

export const optOutMessages = {
  invalid: 'This opt-out link is not valid: it may have been changed or cut short. Please open the link in the reminder email as it is.',
} as const;

/** A key of its own for the opt-out links, made from the shop's secret: a session cookie's signature never fits here. */
function optOutKey(sessionSecret: string): Buffer {
  return createHmac('sha256', sessionSecret).update('checkout reminder opt-outs').digest();
}

interface CheckoutReminderOptions {
  db: Database;
  cart: Pick<CartService, 'getCart'>;
  email: EmailContext;
  sessionSecret: string;
  /** CHECKOUT_REMINDER_MINUTES, in milliseconds. */
  afterMs: number;
  /** The payment providers that cannot close a page: a cancelled one of theirs can still be paid until its hour ends. */
  pagesStayOpenAt: readonly string[];
  /** Called after a commit that queued a reminder, so the outbox worker sends it now. */
  onQueued?: () => void;
}

export function createCheckoutReminders({ db, cart, email, sessionSecret, afterMs, pagesStayOpenAt, onQueued }: CheckoutReminderOptions) {
  const key = optOutKey(sessionSecret);
  // No expiry: an opt-out must keep working however old the email. The address is the whole claim.
  const tokenOf = (address: string) => createHmac('sha256', key).update(address.toLowerCase()).digest('base64url');
  const optOutUrl = (address: string) => `${email.publicUrl}${OPT_OUT_PATH}?${new URLSearchParams({ email: address.toLowerCase(), token: tokenOf(address) })}`;

  const other = alias(checkouts, 'other_checkout');
  const orderedFrom = alias(checkouts, 'ordered_from');

  /**
   * The checkouts of a cart made within the delay, or whose page may still be paid (a provider that
   * cannot close its page keeps a cancelled one payable until its hour ends): the shopper is still
   * at it, or only just left.
   */
  const stillAtIt = (q: Pick<Database, 'select'>, cartSessionId: typeof checkouts.cartSessionId | string, now: Date) =>
    q
      .select({ one: sql`1` })
      .from(other)
      .where(
        and(
          eq(other.cartSessionId, cartSessionId),
          or(
            gte(other.createdAt, new Date(now.getTime() - afterMs)),
            and(gt(other.expiresAt, now), or(eq(other.status, 'open'), and(eq(other.status, 'cancelled'), inArray(other.provider, [...pagesStayOpenAt])))),
          ),
        ),
      );

  /** An order placed from this checkout's cart, or by its account, since the checkout was made. */
  async function orderedSince(tx: Transaction, row: CheckoutRow): Promise<boolean> {
    const [order] = await tx
      .select({ id: placedOrders.id })
      .from(placedOrders)
      .innerJoin(orderedFrom, eq(orderedFrom.id, placedOrders.checkoutId))
      .where(and(gte(placedOrders.createdAt, row.createdAt), or(eq(orderedFrom.cartSessionId, row.cartSessionId), row.userId ? eq(placedOrders.userId, row.userId) : undefined)))
      .limit(1);
    return order !== undefined;
  }

  /** Why no reminder goes for this checkout, or 'sent': in this order, so the outcome names the first reason. */
  async function outcomeOf(tx: Transaction, row: CheckoutRow, lines: readonly CartItemView[], now: Date): Promise<ReminderOutcome> {
    if (row.status === 'paid' || row.status === 'ordered' || (await orderedSince(tx, row))) return 'paid';
    // Only flags still sold count: a cart of flags the shop took away has nothing left to buy.
    if (lines.length === 0) return 'emptied';
    const [optedOut] = await tx.select({ email: reminderOptOuts.email }).from(reminderOptOuts).where(eq(reminderOptOuts.email, row.snapshot.customer.email.toLowerCase()));
    if (optedOut) return 'opted_out';
    // The shopper's latest word on this cart counts: the box left unticked at a later Pay is a no.
    const [latest] = await tx.select({ remindMe: checkouts.remindMe }).from(checkouts).where(eq(checkouts.cartSessionId, row.cartSessionId)).orderBy(desc(checkouts.createdAt)).limit(1);
    if (latest && !latest.remindMe) return 'opted_out';
    const [reminded] = await tx
      .select({ id: checkouts.id })
      .from(checkouts)
      .where(and(eq(checkouts.cartSessionId, row.cartSessionId), eq(checkouts.reminder, 'sent'), gte(checkouts.reminderSentAt, new Date(now.getTime() - REMINDED_LATELY_MS))))
      .limit(1);
    return reminded ? 'reminded' : 'sent';
  }

  /**
   * Decides one checkout's reminder, once. Every undecided reminder of its cart is locked first, in
   * the same order by every process, so that two processes never both send for one cart: the
   * second waits, then finds them decided. The email is queued in the same transaction.
   */
  async function decide(id: string, cartSessionId: string, now: Date): Promise<ReminderOutcome | null> {
    // Read before the transaction (the cart service reads outside it); the lines of a moment ago are the lines now.
    const lines = (await cart.getCart(cartSessionId)).cartItems.filter((line) => line.available);
    return db.transaction(async (tx) => {
      const undecided = await tx
        .select()
        .from(checkouts)
        .where(and(eq(checkouts.cartSessionId, cartSessionId), sql`${checkouts.remindMe}`, isNull(checkouts.reminder)))
        .orderBy(asc(checkouts.id))
        .for('update');
      const row = undecided.find((checkout) => checkout.id === id);
      // Decided by another process meanwhile.
      if (!row) return null;
      // The shopper pressed Pay again since the list was read: the cart is not left yet.
      const [busy] = await stillAtIt(tx, cartSessionId, now).limit(1);
      if (busy) return null;
      const outcome = await outcomeOf(tx, row, lines, now);
      await tx
        .update(checkouts)
        .set({ reminder: outcome, ...(outcome === 'sent' ? { reminderSentAt: now } : {}) })
        .where(eq(checkouts.id, id));
      if (outcome !== 'sent') return outcome;
      // This email is about the whole cart: its other undecided checkouts need none of their own
      // (one paid before this checkout was made is left to be marked paid in its turn).
      const others = undecided.filter((checkout) => checkout.id !== id && checkout.status !== 'paid' && checkout.status !== 'ordered').map((checkout) => checkout.id);
      if (others.length > 0) await tx.update(checkouts).set({ reminder: 'reminded' }).where(inArray(checkouts.id, others));
      const to = row.snapshot.customer.email;
      await enqueueEmail(
        tx,
        cartReminderMessage(email, {
          to,
          firstName: row.snapshot.customer.firstName,
          lines,
          // A guest's cart lives under its id in some browser: the link carries it, so the cart opens in any browser.
          cartUrl: row.guest ? `${email.publicUrl}/checkout?${new URLSearchParams({ cart: cartSessionId })}` : `${email.publicUrl}/checkout`,
          ...(row.guest ? {} : { signInAs: to }),
          optOutUrl: optOutUrl(to),
        }),
      );
      return outcome;
    });
  }

  /**
   * One run of the job: every consenting checkout not decided yet whose cart the shopper left. A
   * cart counts as left once its newest checkout is older than the delay (CHECKOUT_REMINDER_MINUTES)
   * and none of its payment pages can still be paid: a shopper on the bank's 3-D Secure page a
   * minute past the delay is still paying, and a reminder then would read as a mistake.
   */
  async function sendDue(now = new Date()): Promise<Record<ReminderOutcome, number>> {
    const due = await db
      .select({ id: checkouts.id, cartSessionId: checkouts.cartSessionId })
      .from(checkouts)
      // Written as the index's own condition (checkouts_reminders_due_idx), so that the planner uses it.
      .where(and(sql`${checkouts.remindMe} AND ${checkouts.reminder} IS NULL`, lt(checkouts.createdAt, new Date(now.getTime() - afterMs)), notExists(stillAtIt(db, checkouts.cartSessionId, now))))
      // The newest first: the email is the newest checkout's, and the older ones of its cart ride along.
      .orderBy(desc(checkouts.createdAt))
      .limit(BATCH);
    const counts: Record<ReminderOutcome, number> = { sent: 0, paid: 0, emptied: 0, opted_out: 0, reminded: 0 };
    for (const { id, cartSessionId } of due) {
      const outcome = await decide(id, cartSessionId, now);
      if (outcome) counts[outcome] += 1;
    }
    if (counts.sent > 0) onQueued?.();
    return counts;
  }

  /** The address of an opt-out link, lower-cased, when its token is the shop's own; a 400 in words otherwise. */
  function checkOptOut(address: string, token: string): string {
    const lower = address.trim().toLowerCase();
    if (!sameText(token, tokenOf(lower))) throw new InvalidInputError(optOutMessages.invalid);
    return lower;
  }

  return {
    sendDue,
    checkOptOut,

    /** Records the opt-out of a checked link; a second time changes nothing and answers the same. */
    async optOut(address: string, token: string): Promise<string> {
      const lower = checkOptOut(address, token);
      await db.insert(reminderOptOuts).values({ email: lower }).onConflictDoNothing();
      return lower;
    },

    /** The reminders sent in the last 28 days, and how many were followed by an order from the same cart or account. */
    async figures(now = new Date()): Promise<CheckoutReminderFigures> {
      const converted = exists(
        db
          .select({ one: sql`1` })
          .from(placedOrders)
          .innerJoin(orderedFrom, eq(orderedFrom.id, placedOrders.checkoutId))
          .where(and(gte(placedOrders.createdAt, checkouts.reminderSentAt), or(eq(orderedFrom.cartSessionId, checkouts.cartSessionId), eq(placedOrders.userId, checkouts.userId)))),
      );
      const [row] = await db
        .select({ sent: count(), converted: sql<number>`count(*) filter (where ${converted})`.mapWith(Number) })
        .from(checkouts)
        .where(and(eq(checkouts.reminder, 'sent'), gte(checkouts.reminderSentAt, new Date(now.getTime() - FIGURES_DAYS * 24 * 60 * 60 * 1000))));
      return { days: FIGURES_DAYS, sent: row?.sent ?? 0, converted: row?.converted ?? 0 };
    },
  };
}

export type CheckoutReminders = ReturnType<typeof createCheckoutReminders>;

/**
 * Pay pressed again on the same order reopens its page (create-checkout.ts): the box as ticked or
 * unticked this time is the shopper's latest word, while the reminder is not decided yet.
 */
export async function keepReminderChoice(db: Pick<Database, 'update'>, row: CheckoutRow, remindMe: boolean): Promise<CheckoutRow> {
  if (row.remindMe === remindMe || row.reminder !== null) return row;
  await db.update(checkouts).set({ remindMe }).where(and(eq(checkouts.id, row.id), isNull(checkouts.reminder)));
  return { ...row, remindMe };
}

/** Every minute in each process: the lock on each cart keeps two processes to one email. */
export function startCheckoutReminders(reminders: CheckoutReminders, log: JobLog, everyMs = CHECK_EVERY_MS): RepeatingJob {
  return startRepeatingJob(
    async () => {
      const result = await reminders.sendDue();
      if (Object.values(result).some((n) => n > 0)) log.info(result, 'checkout reminders');
    },
    log,
    'checkout reminders failed',
    everyMs,
  );
}
