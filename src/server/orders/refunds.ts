import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { refunds, type RefundStatus } from '../db/schema';
import { ConflictError } from '../errors';
import type { AuditActor } from '../admin/audit';
import type { EmailContext } from '../notify/templates';
import { formatRand } from '../../shared/money';
import { refundWordsOf } from '../../shared/payment-methods';
import { refundEmail } from './notices';
import { transition, type OrderRow, type OrderTx, type StepRecord } from './transitions';
import { issueCreditNote } from '../tax/documents';

/*
 * A refund is a record of its own: requested when the order desk asks the payment provider, then
 * succeeded or failed as the provider's webhooks say. A refund made at the provider itself arrives
 * succeeded, and so does one the owner made by hand (PayFast's dashboard, the shop's bank account)
 * and recorded on the desk. Only these functions write it, each in the caller's transaction but
 * the ask itself.
 */

/** Where a refund may go: the provider's word settles it; a provider that retried a failed refund has the last word. */
const refundMachine: Record<RefundStatus, readonly RefundStatus[]> = {
  requested: ['succeeded', 'failed'],
  failed: ['succeeded'],
  succeeded: [],
};

/** A refund the payment provider accepted, to be written on the order's timeline. */
export interface AcceptedRefund {
  /** The shop's refund record, made when the provider was asked. */
  recordId: string;
  /** The provider's refund id. */
  refundId: string;
  amountCents: number;
  /** Database time just before the provider was asked: the refund.succeeded webhook comes after it. */
  requestedAt: Date;
}

/** The desk's transaction, which may drop a refund asked twice. */
type RefundTx = OrderTx & Pick<Database, 'delete'>;

export interface RefundRequest {
  actor: AuditActor;
  refund: AcceptedRefund;
  reason: string | undefined;
}

/** How long a refund being asked waits for the provider's answer to be written: far beyond any payment provider's answer. */
const ASKING_MINUTES = 10;

/**
 * Before the order desk asks the payment provider for a refund (outside any transaction): the
 * refund, requested, with its reason, so that a refund.succeeded that comes before the provider's
 * answer finds it. Answers its id: for the request once the provider accepted, or for
 * withdrawRefund when it did not.
 */
export async function askForRefund(
  db: Database,
  order: OrderRow,
  ask: { amountCents: number; reason: string | undefined; cancelling: boolean; requestedAt: Date },
): Promise<string> {
  const [asked] = await db
    .insert(refunds)
    .values({ orderId: order.id, amountCents: ask.amountCents, reason: ask.reason ?? null, cancelling: ask.cancelling, requestedAt: ask.requestedAt })
    .returning({ id: refunds.id });
  return asked!.id;
}

/** The provider refused, or the request could not be written: the refund was never made, unless its webhook already said it was. */
export async function withdrawRefund(db: Database, recordId: string): Promise<void> {
  await db.delete(refunds).where(and(eq(refunds.id, recordId), eq(refunds.status, 'requested'), isNull(refunds.providerRefundId)));
}

/** The refund the provider named by its id, if the shop has it. */
async function refundByProviderId(tx: OrderTx, refundId: string) {
  const [found] = await tx.select().from(refunds).where(eq(refunds.providerRefundId, refundId));
  return found;
}

/** Whether the provider's refund has been counted already: its webhook came before. */
export async function refundCounted(tx: OrderTx, refundId: string): Promise<boolean> {
  return (await refundByProviderId(tx, refundId))?.status === 'succeeded';
}

/** Refunds the desk asked for whose provider accepted them and has not yet said how they went. */
export async function waitingRefundCents(db: Pick<Database, 'select'>, orderId: string): Promise<number> {
  const [waiting] = await db
    .select({ cents: sql`coalesce(sum(${refunds.amountCents}), 0)`.mapWith(Number) })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, 'requested'), isNotNull(refunds.providerRefundId)));
  return waiting!.cents;
}

/**
 * The provider accepted the desk's refund: it carries the provider's id from now on, and goes on
 * the timeline and in the audit log, waiting for the provider's webhook to confirm it.
 */
export async function recordRefundRequest(tx: RefundTx, order: OrderRow, { actor, refund, reason }: RefundRequest): Promise<void> {
  const known = await refundByProviderId(tx, refund.refundId);
  // The provider's idempotency key is made of the order, the amount refunded so far and the
  // amount: the same refund again before the first is confirmed is answered with the first.
  if (known && known.id !== refund.recordId && known.status === 'requested') {
    throw new ConflictError(
      `A refund of ${formatRand(refund.amountCents)} for order ${order.orderNumber} was already requested and is waiting for the payment provider's confirmation. To refund the same amount again, wait until it is confirmed.`,
    );
  }
  if (!known) await tx.update(refunds).set({ providerRefundId: refund.refundId }).where(eq(refunds.id, refund.recordId));
  // Its webhook came first and settled the refund under another record (one asked earlier of the same amount).
  else if (known.id !== refund.recordId) await tx.delete(refunds).where(eq(refunds.id, refund.recordId));
  const amount = formatRand(refund.amountCents);
  const { refundId, amountCents } = refund;
  await transition(tx, order, 'refund_requested', {
    event: {
      note: reason ? `Refund of ${amount} requested: ${reason}` : `Refund of ${amount} requested`,
      details: { refundId, amountCents, reason: reason ?? null },
      at: refund.requestedAt,
    },
    audit: { actor, action: 'order.refund', summary: `Requested a refund of ${amount} for ${order.orderNumber}`, details: { refundId, amountCents, reason: reason ?? null } },
  });
}

/** The reason the desk gave, or the one its credit note says without one. */
function creditNoteReason(order: OrderRow, refund: { reason: string | null; cancelling: boolean } | undefined): string {
  if (!refund) return 'Refunded through the payment provider';
  if (refund.reason && refund.reason.trim() !== '') return refund.reason;
  return refund.cancelling || order.state === 'cancelled' ? 'Order cancelled' : `Refund for order ${order.orderNumber}`;
}

/**
 * The shop's record of a refund the provider says succeeded: the one the desk asked for under
 * this id, or the one being asked of this amount whose answer is not written yet.
 */
async function refundToSettle(tx: OrderTx, order: OrderRow, refund: { refundId: string; amountCents: number }) {
  const known = await refundByProviderId(tx, refund.refundId);
  if (known) return known;
  const [asking] = await tx
    .select()
    .from(refunds)
    .where(
      and(
        eq(refunds.orderId, order.id),
        eq(refunds.status, 'requested'),
        isNull(refunds.providerRefundId),
        eq(refunds.amountCents, refund.amountCents),
        gt(refunds.createdAt, sql`now() - make_interval(mins => ${ASKING_MINUTES})`),
      ),
    )
    .orderBy(asc(refunds.createdAt))
    .limit(1);
  return asking;
}

/**
 * A succeeded refund, counted: on the order (refunded cents and payment status), with its credit
 * note, its line on the timeline and the customer's email with the credit note attached. Returns
 * the order as refunded.
 */
async function countRefund(
  tx: OrderTx,
  ctx: EmailContext,
  order: OrderRow,
  refund: { recordId: string; amountCents: number; creditNoteReason: string },
  record: Pick<StepRecord<'refunded'>, 'event' | 'audit'>,
): Promise<OrderRow> {
  const { amountCents } = refund;
  const creditNote = await issueCreditNote(tx, order, { id: refund.recordId, amountCents, reason: refund.creditNoteReason });
  const refundedCents = order.refundedCents + amountCents;
  return transition(tx, order, 'refunded', {
    ...record,
    set: { refundedCents, paymentStatus: refundedCents === order.totalAmount ? 'refunded' : 'partially_refunded' },
    notify: (refunded) => {
      const email = refundEmail(ctx, refunded, amountCents, creditNote?.serial);
      return { email: creditNote ? { ...email, attachments: [{ taxDocument: creditNote.serial }] } : email };
    },
  });
}

/**
 * A refund the payment provider confirmed (refund.succeeded), already checked against what is left
 * to refund: the refund succeeded, counted on the order, given its credit note, and told to the
 * customer with the credit note attached. The unique provider refund id is the last word: a refund
 * counted meanwhile elsewhere fails the caller's transaction.
 */
export async function confirmRefund(
  tx: OrderTx,
  ctx: EmailContext,
  order: OrderRow,
  refund: { refundId: string; amountCents: number; webhookId: string },
): Promise<void> {
  const { refundId, amountCents } = refund;
  const settling = await refundToSettle(tx, order, refund);
  const succeeded = { status: 'succeeded' as const, providerRefundId: refundId, amountCents, settledAt: sql`now()`, webhookId: refund.webhookId };
  if (settling && !refundMachine[settling.status].includes('succeeded')) throw new ConflictError(`Refund ${refundId} is ${settling.status} already`);
  const [counted] = settling
    ? await tx.update(refunds).set(succeeded).where(eq(refunds.id, settling.id)).returning()
    : await tx
        .insert(refunds)
        .values({ orderId: order.id, ...succeeded })
        .returning();
  await countRefund(
    tx,
    ctx,
    order,
    { recordId: counted!.id, amountCents, creditNoteReason: creditNoteReason(order, settling) },
    { event: { note: `Refunded ${formatRand(amountCents)} ${refundWordsOf(order.paymentMethod).made}`, details: { refundId, amountCents } } },
  );
}

/** A refund the owner made by hand (on PayFast's dashboard, from the shop's bank account) and records on the order desk. */
export interface RefundByHand {
  actor: AuditActor;
  amountCents: number;
  /** The refund's reference at the provider or the bank. */
  reference: string;
  reason: string | undefined;
  /** Made while cancelling the order: without a reason, its credit note says 'Order cancelled'. */
  cancelling: boolean;
}

/**
 * A refund made by hand, already checked against what is left to refund under the order's lock:
 * written as succeeded at once (no webhook will come; its id is the shop's own, since a reference
 * typed by hand need not be unique), then counted as a confirmed refund is. Returns the order as
 * refunded.
 */
export async function recordRefundByHand(tx: OrderTx, ctx: EmailContext, order: OrderRow, refund: RefundByHand): Promise<OrderRow> {
  const { actor, amountCents, reference, cancelling } = refund;
  const refundId = `by-hand-${randomUUID()}`;
  const [made] = await tx
    .insert(refunds)
    .values({ orderId: order.id, status: 'succeeded', amountCents, reason: refund.reason ?? null, cancelling, providerRefundId: refundId, requestedAt: sql`now()`, settledAt: sql`now()` })
    .returning();
  const amount = formatRand(amountCents);
  const details = { refundId, amountCents, reference };
  return countRefund(
    tx,
    ctx,
    order,
    { recordId: made!.id, amountCents, creditNoteReason: creditNoteReason(order, made) },
    {
      event: { note: `Refunded ${amount} ${refundWordsOf(order.paymentMethod).made} (reference ${reference})`, details },
      audit: {
        actor,
        action: 'order.refund',
        summary: `Recorded a refund of ${amount} made by hand for ${order.orderNumber} (reference ${reference})`,
        details: { ...details, reason: refund.reason ?? null },
      },
    },
  );
}

/** refund.failed: no money moved; the refund failed, the timeline says so, and the order desk may ask for the refund again. */
export async function recordFailedRefund(
  tx: OrderTx,
  order: OrderRow,
  failure: { refundId: string | undefined; amountCents: number | undefined; failureReason: string | undefined },
): Promise<void> {
  const failed = failure.refundId ? await refundByProviderId(tx, failure.refundId) : undefined;
  if (failed && refundMachine[failed.status].includes('failed')) {
    await tx.update(refunds).set({ status: 'failed', settledAt: sql`now()` }).where(eq(refunds.id, failed.id));
  }
  const amount = failure.amountCents === undefined ? 'A refund' : `The refund of ${formatRand(failure.amountCents)}`;
  await transition(tx, order, 'refund_failed', {
    event: {
      note: `${amount} failed at the payment provider${failure.failureReason ? `: ${failure.failureReason}` : ''}`,
      details: { refundId: failure.refundId ?? null, amountCents: failure.amountCents ?? null },
    },
  });
}
