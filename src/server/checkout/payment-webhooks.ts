/**
 * The payment provider's webhooks, stored as they arrive (webhook-inbox.ts) and handled from
 * there: a payment confirmed with the provider becomes its order, a refund is counted once.
 */
import { and, eq } from 'drizzle-orm';
import { checkouts } from '../db/schema';
import type { PaymentWebhookEvent } from '../payments/provider';
import { readPaymentEvent } from '../payments/webhooks';
import { lockedOrder, refundableFrom } from '../orders/transitions';
import { confirmRefund, recordFailedRefund, refundCounted } from '../orders/refunds';
import { formatRand } from '../../shared/money';
import { claimWebhook, markFailed, markProcessed, storeWebhook, type StoredWebhook } from './webhook-inbox';
import { PaymentMismatchError, SHOP_CURRENCY, type CheckoutCompletion } from './complete-checkout';
import type { CheckoutDeps, CheckoutRow } from './deps';

export function createPaymentWebhooks(deps: CheckoutDeps, { orderOfCheckout, completeCheckout }: CheckoutCompletion) {
  const { db } = deps;

  async function checkoutByProviderId(provider: string, providerCheckoutId: string): Promise<CheckoutRow | undefined> {
    const [row] = await db
      .select()
      .from(checkouts)
      .where(and(eq(checkouts.provider, provider), eq(checkouts.providerCheckoutId, providerCheckoutId)));
    return row;
  }

  /**
   * refund.succeeded: counted once per refund id, only a positive amount in rand, and never more
   * than is left to refund. Returns why it was refused (and logged), or null once counted.
   */
  async function countRefund(checkout: CheckoutRow, event: PaymentWebhookEvent): Promise<string | null> {
    const { refundId, amountCents } = event;
    const refuse = (reason: string, orderNumber?: string): string => {
      deps.log.error({ webhook: event.id, checkoutId: checkout.id, orderNumber, refundId, amountCents, currency: event.currency }, reason);
      return reason;
    };
    // Yoco always names the refund; without its id a repeat could not be told from a second refund.
    if (!refundId) return refuse('refund.succeeded without a refund id: not counted');
    if (amountCents === undefined || !Number.isInteger(amountCents) || amountCents <= 0) {
      return refuse(`refund ${refundId} is not a positive number of cents (${String(amountCents)}): not counted`);
    }
    if (event.currency !== undefined && event.currency !== SHOP_CURRENCY) return refuse(`refund ${refundId} is in ${event.currency}, not in rand: not counted`);
    return db.transaction(async (tx) => {
      const order = await lockedOrder(tx, { checkoutId: checkout.id });
      // The order may still be on its way (its payment webhook is waiting for a retry): try again later.
      if (!order) throw new Error(`refund ${refundId}: checkout ${checkout.id} has no order yet`);
      // With the order locked, no other delivery of this refund is between this read and its counting below.
      if (await refundCounted(tx, refundId)) {
        deps.log.info({ webhook: event.id, refundId, orderNumber: order.orderNumber }, 'refund already counted');
        return null;
      }
      const leftCents = order.totalAmount - order.refundedCents;
      if (!refundableFrom.includes(order.paymentStatus) || amountCents > leftCents) {
        return refuse(
          `refund ${refundId} of ${formatRand(amountCents)} for order ${order.orderNumber} is more than the ${formatRand(Math.max(0, leftCents))} left to refund: not counted`,
          order.orderNumber,
        );
      }
      await confirmRefund(tx, deps.email, order, { refundId, amountCents, webhookId: event.id });
      return null;
    });
  }

  /**
   * Acts on a verified webhook, confirming a payment with the provider first. Returns why the
   * event was refused or left alone (already logged), or null when it was applied. Throws when
   * it should be tried again (the database or the provider failed, or the payment is not
   * confirmed yet).
   */
  async function handleWebhook(provider: string, event: PaymentWebhookEvent): Promise<string | null> {
    if (!event.checkoutId) {
      deps.log.warn({ webhook: event.id, type: event.type }, 'webhook without a checkout id');
      return 'The event names no checkout';
    }
    const checkout = await checkoutByProviderId(provider, event.checkoutId);
    if (!checkout) {
      deps.log.warn({ webhook: event.id, checkoutId: event.checkoutId }, 'webhook for an unknown checkout');
      return `No checkout ${event.checkoutId} in this shop`;
    }
    if (event.type === 'payment.succeeded' || event.type === 'payment.failed') {
      // Either is a hint: the provider is asked. A failed payment ends the checkout, giving back what it held.
      try {
        const completion = await completeCheckout(checkout);
        if (!completion && event.type === 'payment.succeeded') throw new Error(`The payment provider does not report checkout ${event.checkoutId} as paid yet`);
      } catch (err) {
        if (err instanceof PaymentMismatchError) return err.message;
        throw err;
      }
    } else if (event.type === 'refund.succeeded') return countRefund(checkout, event);
    else if (event.type === 'refund.failed') {
      const order = await orderOfCheckout(checkout.id);
      if (order) await recordFailedRefund(db, order, event);
    }
    return null;
  }

  /** Handles a claimed webhook and records the outcome; true when it is processed. */
  async function handleStored(row: StoredWebhook): Promise<boolean> {
    let refusal: string | null;
    try {
      refusal = await handleWebhook(row.provider, readPaymentEvent(row.id, row.payload));
    } catch (err) {
      const { givenUp, retryInSeconds } = await markFailed(db, row, err);
      const details = { err, webhook: row.id, type: row.type, attempts: row.attempts };
      if (givenUp) deps.log.error(details, 'giving up on a payment webhook: it stays unprocessed');
      else deps.log.warn({ ...details, retryInSeconds }, 'payment webhook handling failed, will retry');
      return false;
    }
    await markProcessed(db, row.id, refusal);
    return true;
  }

  /** Stores a webhook the provider of this name sent and the shop verified; false for a repeated delivery of one already stored. */
  const recordWebhook = (provider: string, event: PaymentWebhookEvent): Promise<boolean> => storeWebhook(db, provider, event);

  /** Handles a stored webhook now, unless it is processed, or another process is at it. */
  async function processWebhook(webhookId: string): Promise<void> {
    const row = await claimWebhook(db, webhookId);
    if (row) await handleStored(row);
  }

  return { recordWebhook, processWebhook, handleStored };
}

export type PaymentWebhooks = ReturnType<typeof createPaymentWebhooks>;
