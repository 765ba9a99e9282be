/**
 * Completing a checkout: whoever learns of the payment first (the shopper's return, the
 * provider's webhook, the reconciliation) asks here; the unique checkout_id on orders makes sure
 * there is one order however many arrive.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { cartItems, checkouts, placedOrders } from '../db/schema';
import { ConflictError } from '../errors';
import { markOversold, placeOrder, type AwaitedTransfer } from '../orders/service';
import type { Transaction } from '../inventory/stock';
import { endUnpaid, retakeHolds } from './holds';
import type { CheckoutDeps, CheckoutRow, OrderRow } from './deps';

/** What was bought leaves the cart it came from. */
async function clearBoughtLines(tx: Transaction, checkout: CheckoutRow): Promise<void> {
  await tx.delete(cartItems).where(
    and(
      eq(cartItems.sessionId, checkout.cartSessionId),
      inArray(
        cartItems.productId,
        checkout.snapshot.items.map((i) => i.productId),
      ),
    ),
  );
}

/** The shop sells in rand only: a payment in anything else is not one it can count. */
export const SHOP_CURRENCY = 'ZAR';

export interface Completion {
  order: OrderRow;
  /** false when an earlier caller (browser, webhook or reconciliation) already made the order. */
  created: boolean;
}

export function createCompletion(deps: CheckoutDeps) {
  const { db, payments } = deps;

  async function orderOfCheckout(checkoutId: string): Promise<OrderRow | undefined> {
    const [row] = await db.select().from(placedOrders).where(eq(placedOrders.checkoutId, checkoutId));
    return row;
  }

  /**
   * Places the order, marks the checkout paid (or, for a bank transfer, ordered awaiting it), keeps
   * what it held for the order and clears what was bought from the cart, in one transaction.
   */
  async function recordOrder(checkout: CheckoutRow, paymentId: string | null, transfer?: AwaitedTransfer): Promise<Completion> {
    const result = await db.transaction((tx) =>
      placeOrder(
        tx,
        deps.email,
        checkout,
        { paymentId, paymentMethod: checkout.provider },
        async (order) => {
          const [settled] = await tx
            .update(checkouts)
            .set({ status: transfer ? 'ordered' : 'paid', paymentId, updatedAt: sql`now()` })
            .where(eq(checkouts.id, checkout.id))
            .returning({ stockHeld: checkouts.stockHeld });
          const marks = await retakeHolds(tx, checkout, settled!.stockHeld);
          if (marks.length > 0) {
            deps.log.warn({ checkoutId: checkout.id, orderNumber: order.orderNumber, marks }, 'ordered after its hold was given back: marked on the order desk');
            await markOversold(tx, order, marks);
          }
          await clearBoughtLines(tx, checkout);
        },
        transfer,
      ),
    );
    if (result) {
      deps.onEmailQueued?.();
      deps.log.info({ orderNumber: result.orderNumber, checkoutId: checkout.id, awaitingTransfer: transfer !== undefined }, 'order placed');
      return { order: result, created: true };
    }
    return { order: (await orderOfCheckout(checkout.id))!, created: false };
  }

  /**
   * A checkout to be paid by bank transfer becomes its order at once, awaiting the transfer: the
   * flags it held stay taken for the order, the cart is cleared, and the buyer is told how to pay.
   */
  async function placeAwaitingTransfer(checkout: CheckoutRow, transfer: AwaitedTransfer): Promise<OrderRow> {
    return (await recordOrder(checkout, null, transfer)).order;
  }

  /**
   * Asks the provider whether the checkout is paid and, if so, makes its order (once). Returns
   * null while it is not paid; marks it failed when the provider says the payment failed.
   */
  async function completeCheckout(checkout: CheckoutRow): Promise<Completion | null> {
    const existing = await orderOfCheckout(checkout.id);
    if (existing) return { order: existing, created: false };
    if (!checkout.providerCheckoutId) return null;
    const status = await payments.of(checkout).getCheckout(checkout.providerCheckoutId);
    if (!status.paid) {
      if (status.status === 'failed') await endUnpaid(db, checkout.id, 'failed');
      return null;
    }
    // Paid, but not in rand or not what the order costs: no order; the owner settles it by hand
    // (the log says what came in), and the checkout ends so that the reconciliation stops asking.
    if (status.currency !== SHOP_CURRENCY) {
      deps.log.error({ checkoutId: checkout.id, currency: status.currency, amount: status.amountCents }, 'paid in a currency the shop does not take');
      await endUnpaid(db, checkout.id, 'failed');
      throw new PaymentMismatchError(`The payment was made in ${status.currency}, not in rand. Please contact us with your payment reference.`);
    }
    if (status.amountCents !== checkout.totalCents) {
      deps.log.error({ checkoutId: checkout.id, paid: status.amountCents, expected: checkout.totalCents }, 'paid amount differs from the order total');
      await endUnpaid(db, checkout.id, 'failed');
      throw new PaymentMismatchError('The amount paid does not match the order. Please contact us with your payment reference.');
    }
    return recordOrder(checkout, status.paymentId);
  }

  return { orderOfCheckout, completeCheckout, placeAwaitingTransfer };
}

export type CheckoutCompletion = ReturnType<typeof createCompletion>;

/** The provider reports the checkout paid, but not in rand or not the order's total: no order is made. */
export class PaymentMismatchError extends ConflictError {
  constructor(message: string) {
    super(message, 'payment_mismatch');
  }
}
