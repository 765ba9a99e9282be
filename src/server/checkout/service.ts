import { isDeepStrictEqual } from 'node:util';
import { and, eq, exists, gt, inArray, isNotNull, lt, or, sql, TransactionRollbackError } from 'drizzle-orm';
import type { Database } from '../db/client';
import { isUuid } from '../http/ids';
import { cartItems, checkouts, discountCodeUses, orderRefunds, orders, type CheckoutSnapshot, type CheckoutStatus } from '../db/schema';
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from '../errors';
import { FlagNoLongerSoldError, type CartView, type CartService } from '../cart/service';
import type { SessionUser } from '../auth/session';
import { BELOW_MINIMUM_MESSAGE, type PaymentProvider, type PaymentWebhookEvent, type RefundResult } from '../payments/provider';
import { readPaymentEvent } from '../payments/webhooks';
import type { PickupPoint } from '../pickup/service';
import { refundableFrom } from '../orders/transitions';
import type { EmailContext } from '../notify/templates';
import { confirmRefund, markOversold, placeOrder, recordFailedRefund } from '../orders/service';
import { checkoutMessages, heldByEarlierPageMessage, type CreateCheckoutInput, type DeliveryChoice, type PaymentVerification } from '../../shared/checkout';
import { collectionFeeCents, findDeliveryOption, MINIMUM_CARD_PAYMENT_CENTS, paxiSpeeds, type DeliveryOption } from '../../shared/shop-facts';
import { courierDeliveryOption, courierServiceLevels, deliveryFeeLabel, type CourierAddress } from '../../shared/delivery';
import { CourierUnavailableError, courierServiceNotOffered } from '../delivery/courier';
import type { DeliveryService } from '../delivery/service';
import type { DiscountService } from '../discounts/service';
import { formatRand } from '../../shared/money';
import { countryName } from '../../shared/product';
import { needsFullTaxInvoice } from '../../shared/tax-documents';
import { priceOrder } from '../../shared/pricing';
import { isVatVendor } from '../../shared/vat';
import { holdStock, OutOfStockError, type Transaction } from '../inventory/stock';
import { endUnpaid, endUnpaidIn, leaveOpen, retakeHolds } from './holds';
import { claimDueWebhooks, claimWebhook, markFailed, markProcessed, storeWebhook, type StoredWebhook } from './webhook-inbox';

/** An unpaid checkout older than this is expired by the reconciliation. */
const CHECKOUT_LIFETIME_MS = 60 * 60 * 1000;
/** The reconciliation asks the provider about open checkouts older than this (younger ones are still on the payment page). */
const RECONCILE_AFTER_MS = 2 * 60 * 1000;

export interface CheckoutDeps {
  db: Database;
  cart: CartService;
  payments: PaymentProvider;
  findPickupPoint: (code: string) => Promise<PickupPoint | null>;
  /** The courier's rates, asked again for the checkout's own price. */
  delivery: Pick<DeliveryService, 'quote' | 'courierName'>;
  discounts: Pick<DiscountService, 'claimUse' | 'holdUse'>;
  /** Keeps a courier address in the shopper's address book, when asked to at checkout. */
  saveAddress: (userId: string, address: CourierAddress) => Promise<void>;
  publicUrl: string;
  email: EmailContext;
  onEmailQueued?: () => void;
  log: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
}

/** The shop sells in rand only: a payment in anything else is not one it can count. */
const SHOP_CURRENCY = 'ZAR';

type CheckoutRow = typeof checkouts.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/** How the order reaches the shopper, and its fee, as the checkout freezes them. */
interface FrozenDelivery {
  feeCents: number;
  snapshot: Pick<CheckoutSnapshot, 'deliveryOption' | 'pickupPoint' | 'courier'>;
}

/** The payment pages' view of where the order goes. */
function deliveryOfSnapshot(snapshot: CheckoutSnapshot): Pick<PaymentVerification['metadata'], 'deliveryMethod' | 'deliverySpeed' | 'paxiPoint' | 'courier'> {
  if (snapshot.courier) {
    const { serviceLevel, address } = snapshot.courier;
    return { deliveryMethod: 'courier', courier: { serviceLevel, service: courierServiceLevels[serviceLevel], address } };
  }
  const point = snapshot.pickupPoint!;
  return {
    deliveryMethod: 'paxi',
    deliverySpeed: findDeliveryOption(snapshot.deliveryOption)!.method,
    paxiPoint: { id: point.code, name: point.name, address: point.address, city: point.town, province: point.province },
  };
}

function paxiDelivery(speed: DeliveryOption, point: PickupPoint, itemCount: number): FrozenDelivery {
  return {
    feeCents: collectionFeeCents(speed, itemCount),
    snapshot: {
      deliveryOption: speed.code,
      pickupPoint: { code: point.code, name: point.name, address: point.street, town: point.town, province: point.province, postalCode: point.postalCode },
    },
  };
}

/** What a checkout froze, as compared for "the same order again": the holds and the code's id aside. */
function frozenOrder(snapshot: CheckoutSnapshot): unknown {
  const { heldStock: _held, discount: _discount, ...order } = snapshot;
  return JSON.parse(JSON.stringify(order));
}

/**
 * A flag short because the shopper's own earlier page holds it (a provider that cannot close pages
 * keeps them payable until they expire): the refusal says so, and when it comes free.
 */
function shortForOwnPage(err: unknown, earlier: CheckoutRow[]): OutOfStockError | null {
  if (!(err instanceof OutOfStockError)) return null;
  const holding = earlier.filter((row) => row.stockHeld && row.snapshot.heldStock?.some((line) => line.productId === err.productId));
  if (holding.length === 0) return null;
  const held = holding.reduce((sum, row) => sum + row.snapshot.heldStock!.find((line) => line.productId === err.productId)!.quantity, 0);
  const until = new Date(Math.min(...holding.map((row) => row.expiresAt.getTime())));
  const what = `${held} ${countryName(err.productName)} ${held === 1 ? 'flag' : 'flags'}`;
  return new OutOfStockError(err.productId, err.productName, err.left, heldByEarlierPageMessage(what, until));
}

export interface Completion {
  order: OrderRow;
  /** false when an earlier caller (browser, webhook or reconciliation) already made the order. */
  created: boolean;
}

/**
 * From a full cart to one paid order. Whoever learns of the payment first (the shopper's return,
 * the provider's webhook, the reconciliation) calls completeCheckout; the unique checkout_id on
 * orders makes sure there is one order however many arrive.
 */
export function createCheckoutService(deps: CheckoutDeps) {
  const { db, payments } = deps;

  /** The courier's price for this cart now: the server's, whatever the browser showed. */
  async function courierDelivery(choice: Extract<DeliveryChoice, { method: 'courier' }>, cart: CartView): Promise<FrozenDelivery> {
    const rates = await deps.delivery.quote(choice.address, cart.cartItems, cart.subtotalCents);
    const rate = rates.find((offered) => offered.serviceLevel === choice.serviceLevel);
    if (!rate) throw new CourierUnavailableError(courierServiceNotOffered(choice.serviceLevel), 422);
    return {
      feeCents: rate.priceCents,
      snapshot: {
        deliveryOption: courierDeliveryOption(choice.serviceLevel),
        courier: { provider: deps.delivery.courierName, serviceLevel: choice.serviceLevel, address: choice.address },
      },
    };
  }

  /**
   * What the delivery costs and how the checkout freezes it, for the cart once claimed. A PAXI point
   * is looked up now, before the cart is claimed: a wrong point is the shopper's to mend first.
   */
  async function deliveryFor(choice: DeliveryChoice): Promise<(cart: CartView) => Promise<FrozenDelivery>> {
    if (choice.method === 'courier') return (cart) => courierDelivery(choice, cart);
    const point = await deps.findPickupPoint(choice.point.id);
    if (!point) throw new InvalidInputError(checkoutMessages.pickupPointRequired, 'point_unavailable');
    return async (cart) => paxiDelivery(paxiSpeeds[choice.speed], point, cart.itemCount);
  }

  async function ownCheckout(user: SessionUser, id: string): Promise<CheckoutRow> {
    const byId = isUuid(id) ? eq(checkouts.id, id) : eq(checkouts.providerCheckoutId, id);
    const [row] = await db.select().from(checkouts).where(and(byId, eq(checkouts.userId, user.id)));
    if (!row) throw new NotFoundError(checkoutMessages.paymentNotFound);
    return row;
  }

  /**
   * The shopper's earlier checkouts whose payment pages can still be paid: open ones, and, at a
   * provider that cannot close pages, cancelled ones too, until they expire.
   */
  function payablePagesOf(userId: string): Promise<CheckoutRow[]> {
    const payable = payments.closeCheckout ? eq(checkouts.status, 'open') : inArray(checkouts.status, ['open', 'cancelled']);
    return db
      .select()
      .from(checkouts)
      .where(and(eq(checkouts.userId, userId), eq(checkouts.provider, payments.name), isNotNull(checkouts.redirectUrl), gt(checkouts.expiresAt, new Date()), payable))
      .orderBy(checkouts.createdAt);
  }

  /** The same flags, prices, delivery, customer, code and total as an earlier checkout of the same cart. */
  function sameOrder(row: CheckoutRow, next: { cartSessionId: string; snapshot: CheckoutSnapshot; amount: number; discountCode: string | undefined }): boolean {
    return (
      row.cartSessionId === next.cartSessionId &&
      row.totalCents === next.amount &&
      row.snapshot.discount?.code === next.discountCode &&
      isDeepStrictEqual(frozenOrder(row.snapshot), frozenOrder(next.snapshot))
    );
  }

  /** The earlier page again, open once more if the shopper had cancelled it (it kept its holds). */
  async function reopen(row: CheckoutRow): Promise<{ id: string; redirectUrl: string }> {
    await db.update(checkouts).set({ status: 'open', updatedAt: sql`now()` }).where(and(eq(checkouts.id, row.id), eq(checkouts.status, 'cancelled')));
    return { id: row.id, redirectUrl: row.redirectUrl! };
  }

  /** Runs `work` in a transaction that is then rolled back: its refusal, if any, is thrown; nothing it wrote stays. */
  async function tryOut(work: (tx: Transaction) => Promise<unknown>): Promise<void> {
    try {
      await db.transaction(async (tx) => {
        await work(tx);
        tx.rollback();
      });
    } catch (err) {
      if (!(err instanceof TransactionRollbackError)) throw err;
    }
  }

  /**
   * Closes the payment pages of these checkouts at the provider; returns those closed, which can
   * no longer be paid. A page paid meanwhile gets its order, and the shopper is told of it.
   */
  async function closePages(rows: CheckoutRow[]): Promise<string[]> {
    const closed: string[] = [];
    for (const row of rows) {
      if ((await payments.closeCheckout!(row.providerCheckoutId!)) === 'closed') {
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
    let ended = false;
    if (pageOpen && payments.closeCheckout && (await payments.closeCheckout(checkout.providerCheckoutId!)) === 'paid') await completeCheckout(checkout);
    else if (end === 'expired' || !pageOpen || payments.closeCheckout) ended = await endUnpaid(db, checkout.id, end);
    else await leaveOpen(db, checkout.id);
    const [current] = await db.select({ status: checkouts.status }).from(checkouts).where(eq(checkouts.id, checkout.id));
    return { status: current!.status, ended };
  }

  async function orderOfCheckout(checkoutId: string): Promise<OrderRow | undefined> {
    const [row] = await db.select().from(orders).where(eq(orders.checkoutId, checkoutId));
    return row;
  }

  /** Places the order, marks the checkout paid and clears what was bought from the cart, in one transaction. */
  async function recordOrder(checkout: CheckoutRow, paymentId: string | null): Promise<Completion> {
    const { snapshot } = checkout;
    const result = await db.transaction((tx) =>
      placeOrder(tx, deps.email, checkout, { paymentId, paymentMethod: payments.name }, async (order) => {
        const [paid] = await tx
          .update(checkouts)
          .set({ status: 'paid', paymentId, updatedAt: sql`now()` })
          .where(eq(checkouts.id, checkout.id))
          .returning({ stockHeld: checkouts.stockHeld });
        const marks = await retakeHolds(tx, checkout, paid!.stockHeld);
        if (marks.length > 0) {
          deps.log.warn({ checkoutId: checkout.id, orderNumber: order.orderNumber, marks }, 'paid after its hold was given back: marked on the order desk');
          await markOversold(tx, order, marks);
        }
        await tx.delete(cartItems).where(
          and(
            eq(cartItems.sessionId, checkout.cartSessionId),
            inArray(
              cartItems.productId,
              snapshot.items.map((i) => i.productId),
            ),
          ),
        );
      }),
    );
    if (result) {
      deps.onEmailQueued?.();
      deps.log.info({ orderNumber: result.orderNumber, checkoutId: checkout.id }, 'order placed');
      return { order: result, created: true };
    }
    return { order: (await orderOfCheckout(checkout.id))!, created: false };
  }

  /**
   * Asks the provider whether the checkout is paid and, if so, makes its order (once). Returns
   * null while it is not paid; marks it failed when the provider says the payment failed.
   */
  async function completeCheckout(checkout: CheckoutRow): Promise<Completion | null> {
    const existing = await orderOfCheckout(checkout.id);
    if (existing) return { order: existing, created: false };
    if (!checkout.providerCheckoutId) return null;
    const status = await payments.getCheckout(checkout.providerCheckoutId);
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

  async function checkoutByProviderId(providerCheckoutId: string): Promise<CheckoutRow | undefined> {
    const [row] = await db
      .select()
      .from(checkouts)
      .where(and(eq(checkouts.provider, payments.name), eq(checkouts.providerCheckoutId, providerCheckoutId)));
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
      const [order] = await tx.select().from(orders).where(eq(orders.checkoutId, checkout.id)).for('update');
      // The order may still be on its way (its payment webhook is waiting for a retry): try again later.
      if (!order) throw new Error(`refund ${refundId}: checkout ${checkout.id} has no order yet`);
      // With the order locked, no other delivery of this refund is between this read and its counting below.
      const [known] = await tx.select({ id: orderRefunds.id }).from(orderRefunds).where(eq(orderRefunds.providerRefundId, refundId));
      if (known) {
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
  async function handleWebhook(event: PaymentWebhookEvent): Promise<string | null> {
    if (!event.checkoutId) {
      deps.log.warn({ webhook: event.id, type: event.type }, 'webhook without a checkout id');
      return 'The event names no checkout';
    }
    const checkout = await checkoutByProviderId(event.checkoutId);
    if (!checkout) {
      deps.log.warn({ webhook: event.id, checkoutId: event.checkoutId }, 'webhook for an unknown checkout');
      return `No checkout ${event.checkoutId} in this shop`;
    }
    if (event.type === 'payment.succeeded') {
      try {
        if (!(await completeCheckout(checkout))) throw new Error(`The payment provider does not report checkout ${event.checkoutId} as paid yet`);
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
      refusal = await handleWebhook(readPaymentEvent(row.id, row.payload));
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

  return {
    /**
     * Rebuilds the order from the shopper's cart and the catalogue, refuses a browser total that
     * differs (409 with the right total), freezes it as a checkout and opens the provider's page.
     */
    async createCheckout(user: SessionUser, input: CreateCheckoutInput): Promise<{ id: string; redirectUrl: string }> {
      if (!user.emailVerified) throw new ForbiddenError(checkoutMessages.emailVerificationRequired, 'email_unverified');
      const { metadata } = input;
      const deliveryOf = await deliveryFor(metadata.delivery);

      const cart = await deps.cart.claimForUser(user.id, undefined);
      if (cart.cartItems.length === 0) throw new InvalidInputError(`${checkoutMessages.cartEmpty}: ${checkoutMessages.cartEmptyDetail}`, 'cart_empty');
      const unavailable = cart.cartItems.find((item) => !item.available);
      if (unavailable) throw new FlagNoLongerSoldError(unavailable.productId, unavailable.productName);
      const subtotalCents = cart.subtotalCents;
      const delivery = await deliveryOf(cart);
      const deliveryFeeCents = delivery.feeCents;
      const { company, vatNumber, billingAddress, ...typed } = metadata.customerInfo;
      // The confirmation and the tax invoice go to the account's verified address, whatever the form says.
      const customer = { ...typed, email: user.email };

      const snapshot: CheckoutSnapshot = {
        customer,
        ...(company || vatNumber || billingAddress ? { invoiceTo: { company: company ?? null, vatNumber: vatNumber ?? null, address: billingAddress ?? null } } : {}),
        ...delivery.snapshot,
        items: cart.cartItems.map((item) => ({
          productId: item.productId,
          productName: item.productName,
          productImage: item.productImage,
          unitPriceCents: item.priceCents,
          quantity: item.quantity,
        })),
      };
      const earlier = await payablePagesOf(user.id);
      // The same order again (back from the payment page, Pay pressed again): the same page.
      const same = earlier.find((row) => sameOrder(row, { cartSessionId: cart.sessionId, snapshot, amount: input.amount, discountCode: metadata.discountCode }));
      if (same) return reopen(same);

      // The code's row and the stock are taken in the transaction that creates the checkout: the
      // last use of a code and the last flag each go to one shopper only. The total is known once
      // the code is counted, and a total the browser did not show rolls it all back. `replaced`:
      // the shopper's earlier checkouts whose pages are closed, whose holds go back first.
      const makeCheckout = async (tx: Transaction, replaced: string[]) => {
        for (const id of replaced) await endUnpaidIn(tx, id, 'cancelled');
        const discount = metadata.discountCode
          ? await deps.discounts.claimUse(tx, { code: metadata.discountCode, userId: user.id, subtotalCents, deliveryFeeCents })
          : null;
        const price = priceOrder({ lines: snapshot.items, deliveryFeeCents, discount: discount && { cents: discount.discountCents }, vatRegistered: isVatVendor(deps.email.shop) });
        const { totalCents } = price;
        const discountCents = price.discount.cents;
        if (input.amount !== totalCents) throw new TotalChangedError(totalCents);
        if (totalCents < MINIMUM_CARD_PAYMENT_CENTS) throw new InvalidInputError(BELOW_MINIMUM_MESSAGE);
        if (needsFullTaxInvoice(deps.email.shop, totalCents) && !billingAddress) {
          throw new InvalidInputError(checkoutMessages.billingAddressRequired, 'billing_address_required');
        }
        const heldStock = await holdStock(tx, snapshot.items);
        const rows = await tx
          .insert(checkouts)
          .values({
            userId: user.id,
            cartSessionId: cart.sessionId,
            provider: payments.name,
            subtotalCents: price.subtotalCents,
            deliveryFeeCents,
            discountCents,
            totalCents,
            snapshot: { ...snapshot, ...(discount && discountCents > 0 ? { discount } : {}), heldStock },
            stockHeld: heldStock.length > 0,
            expiresAt: new Date(Date.now() + CHECKOUT_LIFETIME_MS),
          })
          .returning();
        if (discount) await deps.discounts.holdUse(tx, discount, { checkoutId: rows[0]!.id, userId: user.id });
        return rows;
      };
      // Earlier pages the provider can close are closed, and their holds go back, only for a
      // checkout that will be made: it is tried first in a transaction that is rolled back, so that
      // a request refused (a changed total, a code used up) leaves every earlier page as it was.
      const closable = payments.closeCheckout ? earlier : [];
      if (closable.length > 0) await tryOut((tx) => makeCheckout(tx, closable.map((row) => row.id)));
      const replaced = await closePages(closable);
      const [checkout] = await db.transaction((tx) => makeCheckout(tx, replaced)).catch((err: unknown) => {
        throw (payments.closeCheckout ? null : shortForOwnPage(err, earlier)) ?? err;
      });
      const choice = metadata.delivery;
      if (choice.method === 'courier' && choice.saveAddress) {
        // The address book is a kindness: a full one does not stop the payment.
        await deps.saveAddress(user.id, choice.address).catch((err: unknown) => deps.log.warn({ err, userId: user.id }, 'could not keep the courier address in the address book'));
      }
      const { totalCents, discountCents } = checkout!;
      const back = (path: string) => `${deps.publicUrl}${path}?checkoutId=${checkout!.id}`;
      const opened = await payments.createCheckout({
        amountCents: totalCents,
        currency: 'ZAR',
        successUrl: back('/payment/success'),
        cancelUrl: back('/payment/cancel'),
        failureUrl: back('/payment/failed'),
        metadata: { checkoutId: checkout!.id },
        externalId: checkout!.id,
        // The checkout's own id: a retried request can never open a second payment for it.
        idempotencyKey: checkout!.id,
        subtotalCents,
        // The delivery fee is a line of its own and the discount is taken off below the lines, so that the page adds up to the amount charged.
        lineItems: [
          ...snapshot.items.map((item) => ({ displayName: countryName(item.productName), quantity: item.quantity, priceCents: item.unitPriceCents })),
          ...(deliveryFeeCents > 0 ? [{ displayName: deliveryFeeLabel(snapshot.deliveryOption), quantity: 1, priceCents: deliveryFeeCents }] : []),
        ],
        ...(discountCents > 0 ? { totalDiscountCents: discountCents } : {}),
      }).catch(async (err: unknown) => {
        // No payment page to pay on: the checkout failed, and its stock goes back at once.
        await endUnpaid(db, checkout!.id, 'failed');
        throw err;
      });
      await db
        .update(checkouts)
        .set({ providerCheckoutId: opened.id, redirectUrl: opened.redirectUrl, updatedAt: sql`now()` })
        .where(eq(checkouts.id, checkout!.id));
      return { id: checkout!.id, redirectUrl: opened.redirectUrl };
    },

    /** The payment's state for its owner, from the provider; a paid checkout also gets its order here. */
    async verify(user: SessionUser, id: string): Promise<PaymentVerification> {
      const checkout = await ownCheckout(user, id);
      const completion = await completeCheckout(checkout);
      const [current] = await db.select().from(checkouts).where(eq(checkouts.id, checkout.id));
      const { snapshot } = current!;
      const status = completion ? 'completed' : current!.status === 'open' ? 'pending' : current!.status;
      return {
        status,
        amount: current!.totalCents,
        currency: current!.currency,
        paymentId: completion?.order.paymentId ?? null,
        orderNumber: completion?.order.orderNumber ?? null,
        metadata: {
          checkoutId: current!.id,
          ...deliveryOfSnapshot(snapshot),
          deliveryLabel: deliveryFeeLabel(snapshot.deliveryOption),
          ...(snapshot.discount ? { discount: { code: snapshot.discount.code, discountCents: snapshot.discount.discountCents } } : {}),
          customerInfo: snapshot.customer,
          items: snapshot.items.map((item) => ({
            productId: item.productId,
            productName: item.productName,
            productImage: item.productImage,
            productPrice: item.unitPriceCents,
            quantity: item.quantity,
          })),
          totals: { subtotal: current!.subtotalCents, shipping: current!.deliveryFeeCents, discount: current!.discountCents, total: current!.totalCents },
        },
      };
    },

    /**
     * POST /api/payments/cancel: the shopper came back from the payment page without paying. The
     * page is closed and what it held goes back at once, where the provider can close it; otherwise
     * it keeps its holds until it expires.
     */
    async cancel(user: SessionUser, id: string): Promise<{ status: CheckoutStatus }> {
      const { status } = await leavePage(await ownCheckout(user, id), 'cancelled');
      return { status };
    },

    /** POST /api/payments/complete: the shopper's own checkout, by our id, the provider's id or the payment id. */
    async complete(user: SessionUser, ref: { checkoutId?: string; paymentId?: string }): Promise<Completion> {
      let checkout: CheckoutRow | undefined;
      if (ref.checkoutId) checkout = await ownCheckout(user, ref.checkoutId);
      else {
        [checkout] = await db
          .select()
          .from(checkouts)
          .where(and(eq(checkouts.paymentId, ref.paymentId!), eq(checkouts.userId, user.id)));
        if (!checkout) throw new NotFoundError(checkoutMessages.paymentNotFound);
      }
      const completion = await completeCheckout(checkout);
      if (!completion) throw new PaymentNotPaidError();
      return completion;
    },

    /** Stores a verified webhook; false for a repeated delivery of one already stored. */
    recordWebhook: (event: PaymentWebhookEvent): Promise<boolean> => storeWebhook(db, payments.name, event),

    /** Handles a stored webhook now, unless it is processed, or another process is at it. */
    async processWebhook(webhookId: string): Promise<void> {
      const row = await claimWebhook(db, webhookId);
      if (row) await handleStored(row);
    },

    /**
     * For webhooks that failed or were cut short, and shoppers who never came back from the payment
     * page: stored webhooks that are due are handled again, open checkouts are asked about, a paid
     * one gets its order, and one past its lifetime is expired.
     */
    async reconcile(limit = 20): Promise<Reconciliation> {
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
          const completion = await completeCheckout(checkout);
          if (completion?.created) completed += 1;
          else if (!completion && checkout.expiresAt.getTime() < Date.now() && (await leavePage(checkout, 'expired')).ended) expired += 1;
        } catch (err) {
          deps.log.warn({ err, checkoutId: checkout.id }, 'reconciliation could not settle a checkout');
        }
      }
      return { completed, expired, replayedWebhooks };
    },

    /**
     * Asks the provider to refund part of an order's payment (the order desk has checked the
     * amount). The key is made of the order, the amount refunded so far and this amount: a
     * repeated request answers the same refund.
     */
    async refund(order: Pick<OrderRow, 'id' | 'checkoutId' | 'refundedCents'>, amountCents: number): Promise<RefundResult> {
      const [checkout] = await db.select({ providerCheckoutId: checkouts.providerCheckoutId }).from(checkouts).where(eq(checkouts.id, order.checkoutId));
      return payments.refund(checkout!.providerCheckoutId!, { amountCents, idempotencyKey: `${order.id}-${order.refundedCents}-${amountCents}` });
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;

export interface Reconciliation {
  /** Orders made for checkouts whose shoppers never came back. */
  completed: number;
  /** Unpaid checkouts past their lifetime. */
  expired: number;
  /** Stored webhooks handled again and processed this time. */
  replayedWebhooks: number;
}

/** 409 with the total the server worked out, so the browser can show it and ask again. */
export class TotalChangedError extends ConflictError {
  constructor(expectedAmount: number) {
    super(`Your order total is now ${formatRand(expectedAmount)}. Please review your order and try again.`, 'cart_changed');
    this.publicDetails.expectedAmount = expectedAmount;
  }
}

/** The provider reports the checkout paid, but not in rand or not the order's total: no order is made. */
class PaymentMismatchError extends ConflictError {
  constructor(message: string) {
    super(message, 'payment_mismatch');
  }
}

/** The shopper's earlier payment page was paid while a newer checkout was being made: that payment is their order. */
class EarlierPagePaidError extends ConflictError {
  constructor(orderNumber: string) {
    super(`Your earlier payment went through: your order is ${orderNumber}, and nothing more was charged.`);
    this.publicDetails.orderNumber = orderNumber;
  }
}

/** The provider does not (yet) report the checkout as paid. */
class PaymentNotPaidError extends ConflictError {
  constructor() {
    super('The payment has not been completed', 'payment_not_paid');
  }
}
