import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { checkouts } from '../db/schema';
import { codeCustomerOf, giveDiscountBack, retakeDiscountUse } from '../discounts/service';
import type { OversoldMark } from '../../shared/order-desk';
import { releaseStock, retakeStock, type Transaction } from '../inventory/stock';

/*
 * What a checkout holds (its counted flags and its use of a discount code) is held for as long as
 * its payment page can be paid: from the checkout's transaction until the page is paid (kept),
 * declined, closed by the shop at the payment provider, or past the checkout's hour. Nothing is
 * given back while the page can still take the money, and never by a request that fails.
 */

type CheckoutRow = typeof checkouts.$inferSelect;

/** How an unpaid checkout ends. */
export type UnpaidEnd = 'cancelled' | 'failed' | 'expired';

/**
 * Ends an unpaid checkout whose payment page can no longer be paid, in the caller's transaction,
 * and gives back what it holds, once: the stock flag is cleared in the statement that finds it set.
 * A cancelled checkout (left open at a provider that cannot close pages) may still end.
 */
export async function endUnpaidIn(tx: Transaction, checkoutId: string, status: UnpaidEnd): Promise<boolean> {
  const [ended] = await tx
    .update(checkouts)
    .set({ status, updatedAt: sql`now()` })
    .where(and(eq(checkouts.id, checkoutId), inArray(checkouts.status, ['open', 'cancelled'])))
    .returning({ id: checkouts.id });
  if (!ended) return false;
  await releaseStock(tx, checkoutId);
  await giveDiscountBack(tx, checkoutId);
  return true;
}

/** endUnpaidIn in a transaction of its own; false when the checkout was already paid or ended. */
export function endUnpaid(db: Database, checkoutId: string, status: UnpaidEnd): Promise<boolean> {
  return db.transaction((tx) => endUnpaidIn(tx, checkoutId, status));
}

/**
 * The shopper left a payment page that the provider cannot close: the checkout is marked
 * cancelled, and keeps what it holds until the page expires, since it can still be paid.
 */
export async function leaveOpen(db: Database, checkoutId: string): Promise<void> {
  await db
    .update(checkouts)
    .set({ status: 'cancelled', updatedAt: sql`now()` })
    .where(and(eq(checkouts.id, checkoutId), eq(checkouts.status, 'open')));
}

/**
 * A checkout paid after what it held was given back (its page outlived the shop's hour): the money
 * is taken, so the order stands and takes the stock and the code's use again. Returns what went
 * beyond the stock or the code's limits, for the order desk.
 */
export async function retakeHolds(tx: Transaction, checkout: CheckoutRow, stockHeld: boolean): Promise<OversoldMark[]> {
  const { snapshot } = checkout;
  const marks = stockHeld ? [] : await retakeStock(tx, checkout.id, snapshot.heldStock ?? []);
  const discount = snapshot.discount ? await retakeDiscountUse(tx, checkout.id, codeCustomerOf(checkout), snapshot.discount) : null;
  return discount ? [...marks, discount] : marks;
}
