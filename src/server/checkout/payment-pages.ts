/**
 * The shopper's payment pages at the provider: their own checkout by id, the pages they can still
 * pay, opening one again, and closing or leaving one (its holds go back once it can no longer be
 * paid).
 */
import { and, eq, gt, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { checkouts, type CheckoutStatus } from '../db/schema';
import { ConflictError, NotFoundError } from '../errors';
import { isUuid } from '../http/ids';
import type { Buyer } from '../cart/buyer';
import { checkoutMessages } from '../../shared/checkout';
import { endUnpaid, leaveOpen } from './holds';
import type { CheckoutCompletion } from './complete-checkout';
import type { CheckoutDeps, CheckoutRow } from './deps';

/** The buyer's own checkouts, as a condition: an account's, or a guest's of this cart. */
export function checkoutsOf(buyer: Buyer): SQL {
  return buyer.kind === 'account' ? eq(checkouts.userId, buyer.user.id) : and(eq(checkouts.guest, true), eq(checkouts.cartSessionId, buyer.cartSessionId))!;
}

export function createPaymentPages(deps: CheckoutDeps, { completeCheckout }: CheckoutCompletion) {
  const { db, payments } = deps;

  async function ownCheckout(buyer: Buyer, id: string): Promise<CheckoutRow> {
    const byId = isUuid(id) ? eq(checkouts.id, id) : eq(checkouts.providerCheckoutId, id);
    const [row] = await db.select().from(checkouts).where(and(byId, checkoutsOf(buyer)));
    if (!row) throw new NotFoundError(checkoutMessages.paymentNotFound);
    return row;
  }

  /**
   * The shopper's earlier checkouts whose payment pages can still be paid: open ones, and, at a
   * provider that cannot close pages, cancelled ones too, until they expire.
   */
  function payablePagesOf(buyer: Buyer): Promise<CheckoutRow[]> {
    const offered = payments.all.map((provider) => provider.name);
    const cannotClose = payments.all.filter((provider) => !provider.closeCheckout).map((provider) => provider.name);
    const payable = cannotClose.length > 0 ? or(eq(checkouts.status, 'open'), and(eq(checkouts.status, 'cancelled'), inArray(checkouts.provider, cannotClose))) : eq(checkouts.status, 'open');
    return db
      .select()
      .from(checkouts)
      .where(and(checkoutsOf(buyer), inArray(checkouts.provider, offered), isNotNull(checkouts.redirectUrl), gt(checkouts.expiresAt, new Date()), payable))
      .orderBy(checkouts.createdAt);
  }

  /** The earlier page again, open once more if the shopper had cancelled it (it kept its holds). */
  async function reopen(row: CheckoutRow): Promise<{ id: string; redirectUrl: string }> {
    await db.update(checkouts).set({ status: 'open', updatedAt: sql`now()` }).where(and(eq(checkouts.id, row.id), eq(checkouts.status, 'cancelled')));
    return { id: row.id, redirectUrl: row.redirectUrl! };
  }

  /**
   * Closes the payment pages of these checkouts at the provider; returns those closed, which can
   * no longer be paid. A page paid meanwhile gets its order, and the shopper is told of it.
   */
  async function closePages(rows: CheckoutRow[]): Promise<string[]> {
    const closed: string[] = [];
    for (const row of rows) {
      if ((await payments.of(row).closeCheckout!(row.providerCheckoutId!)) === 'closed') {
        closed.push(row.id);
        continue;
      }
      const completion = await completeCheckout(row);
      if (completion) throw new EarlierPagePaidError(completion.order.orderNumber);
    }
    return closed;
  }

  /**
   * Ends a checkout unpaid because the shopper left its page or its hour is up: the page is closed
   * at the provider, where it can be, and only then are its holds given back; a page the provider
   * cannot close keeps them until it expires. A page paid first gets its order. Returns the
   * checkout's status now, and whether this call ended it.
   */
  async function leavePage(checkout: CheckoutRow, end: 'cancelled' | 'expired'): Promise<{ status: CheckoutStatus; ended: boolean }> {
    const pageOpen = checkout.providerCheckoutId !== null && (checkout.status === 'open' || checkout.status === 'cancelled');
    const provider = payments.get(checkout.provider);
    const closes = provider?.closeCheckout !== undefined;
    let ended = false;
    if (pageOpen && closes && (await provider!.closeCheckout!(checkout.providerCheckoutId!)) === 'paid') await completeCheckout(checkout);
    else if (end === 'expired' || !pageOpen || closes) ended = await endUnpaid(db, checkout.id, end);
    else await leaveOpen(db, checkout.id);
    const [current] = await db.select({ status: checkouts.status }).from(checkouts).where(eq(checkouts.id, checkout.id));
    return { status: current!.status, ended };
  }

  return { ownCheckout, payablePagesOf, reopen, closePages, leavePage };
}

export type PaymentPages = ReturnType<typeof createPaymentPages>;

/** The shopper's earlier payment page was paid while a newer checkout was being made: that payment is their order. */
class EarlierPagePaidError extends ConflictError<'conflict'> {
  constructor(orderNumber: string) {
    super(`Your earlier payment went through: your order is ${orderNumber}, and nothing more was charged.`);
    this.publicDetails.orderNumber = orderNumber;
  }
}
