/**
 * The reconciliation, every few minutes (reconciler.ts): for webhooks that failed or were cut
 * short, and shoppers who never came back from the payment page.
 */
import { and, eq, exists, gt, lt, or, sql } from 'drizzle-orm';
import { checkouts, discountCodeUses } from '../db/schema';
import { claimDueWebhooks } from './webhook-inbox';
import { endUnpaid } from './holds';
import type { CheckoutCompletion } from './complete-checkout';
import type { PaymentPages } from './payment-pages';
import type { PaymentWebhooks } from './payment-webhooks';
import type { CheckoutDeps } from './deps';

/** The reconciliation asks the provider about open checkouts older than this (younger ones are still on the payment page). */
const RECONCILE_AFTER_MS = 2 * 60 * 1000;

export interface Reconciliation {
  /** Orders made for checkouts whose shoppers never came back. */
  completed: number;
  /** Unpaid checkouts past their lifetime. */
  expired: number;
  /** Stored webhooks handled again and processed this time. */
  replayedWebhooks: number;
}

export function createReconciliation(deps: CheckoutDeps, { completeCheckout }: CheckoutCompletion, { leavePage }: PaymentPages, { handleStored }: PaymentWebhooks) {
  const { db } = deps;

  /**
   * For webhooks that failed or were cut short, and shoppers who never came back from the payment
   * page: stored webhooks that are due are handled again, open checkouts are asked about, a paid
   * one gets its order, and one past its lifetime is expired.
   */
  async function reconcile(limit = 20): Promise<Reconciliation> {
    let replayedWebhooks = 0;
    for (const row of await claimDueWebhooks(db, limit)) {
      try {
        if (await handleStored(row)) replayedWebhooks += 1;
      } catch (err) {
        deps.log.warn({ err, webhook: row.id }, 'reconciliation could not record the outcome of a webhook');
      }
    }
    const holding = or(eq(checkouts.stockHeld, true), exists(db.select({ one: sql`1` }).from(discountCodeUses).where(eq(discountCodeUses.checkoutId, checkouts.id))));
    const open = await db
      .select()
      .from(checkouts)
      .where(
        and(
          // A cancelled checkout's payment page may still be paid until it expires, and one that still holds something is ended then.
          or(eq(checkouts.status, 'open'), and(eq(checkouts.status, 'cancelled'), or(gt(checkouts.expiresAt, new Date()), holding))),
          lt(checkouts.createdAt, new Date(Date.now() - RECONCILE_AFTER_MS)),
        ),
      )
      .orderBy(checkouts.createdAt)
      .limit(limit);
    let completed = 0;
    let expired = 0;
    for (const checkout of open) {
      try {
        if (!deps.payments.get(checkout.provider)) {
          // Opened with a provider the shop no longer offers (PAYMENT_PROVIDERS changed): no one can
          // be asked about it, so it ends unpaid when its time is up and what it held goes back.
          if (checkout.expiresAt.getTime() < Date.now() && (await endUnpaid(db, checkout.id, 'expired'))) {
            deps.log.warn({ checkoutId: checkout.id, provider: checkout.provider }, 'expired a checkout of a payment provider the shop no longer offers');
            expired += 1;
          }
          continue;
        }
        const completion = await completeCheckout(checkout);
        if (completion?.created) completed += 1;
        else if (!completion && checkout.expiresAt.getTime() < Date.now() && (await leavePage(checkout, 'expired')).ended) expired += 1;
      } catch (err) {
        deps.log.warn({ err, checkoutId: checkout.id }, 'reconciliation could not settle a checkout');
      }
    }
    return { completed, expired, replayedWebhooks };
  }

  return reconcile;
}
