import { and, desc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { isUuid } from '../http/ids';
import { cartItems, checkouts, orders, paymentWebhooks, type CheckoutSnapshot, type CheckoutStatus, type OrderItem } from '../db/schema';
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from '../errors';
import type { CartService } from '../cart/service';
import type { SessionUser } from '../auth/session';
import { MINIMUM_CARD_PAYMENT_CENTS, BELOW_MINIMUM_MESSAGE, type PaymentProvider, type PaymentWebhookEvent, type RefundResult } from '../payments/provider';
import type { PickupPoint } from '../pickup/service';
import { refundableFrom } from '../orders/transitions';
import { enqueueEmail } from '../notify/outbox';
import { orderConfirmationMessage, type EmailContext } from '../notify/templates';
import { recordOrderEvent } from '../orders/events';
import { checkoutMessages, type CreateCheckoutInput, type PaymentVerification } from '../../shared/checkout';
import { collectionFeeCents, findDeliveryOption } from '../../shared/shop-facts';
import { formatRand } from '../../shared/money';
import { endUnpaid, holdStock, releaseEarlierHolds, retakeStock } from './stock';

/** An unpaid checkout older than this is expired by the reconciliation. */
export const CHECKOUT_LIFETIME_MS = 60 * 60 * 1000;
/** The reconciliation asks the provider about open checkouts older than this (younger ones are still on the payment page). */
export const RECONCILE_AFTER_MS = 2 * 60 * 1000;

export interface CheckoutDeps {
  db: Database;
  cart: CartService;
  payments: PaymentProvider;
  findPickupPoint: (code: string) => Promise<PickupPoint | null>;
  publicUrl: string;
  email: EmailContext;
  onEmailQueued?: () => void;
  log: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
}

type CheckoutRow = typeof checkouts.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

export interface Completion {
  order: OrderRow;
  /** false when an earlier caller (browser, webhook or reconciliation) already made the order. */
  created: boolean;
}

function pointAddress(point: CheckoutSnapshot['pickupPoint']): string {
  return [point.address, point.town, point.province, point.postalCode].filter(Boolean).join(', ');
}

/**
 * From a full cart to one paid order. Whoever learns of the payment first (the shopper's return,
 * the provider's webhook, the reconciliation) calls completeCheckout; the unique checkout_id on
 * orders makes sure there is one order however many arrive.
 */
export function createCheckoutService(deps: CheckoutDeps) {
  const { db, payments } = deps;

  async function ownCheckout(user: SessionUser, id: string): Promise<CheckoutRow> {
    const byId = isUuid(id) ? eq(checkouts.id, id) : eq(checkouts.providerCheckoutId, id);
    const [row] = await db.select().from(checkouts).where(and(byId, eq(checkouts.userId, user.id)));
    if (!row) throw new NotFoundError(checkoutMessages.paymentNotFound);
    return row;
  }

  async function orderOfCheckout(checkoutId: string): Promise<OrderRow | undefined> {
    const [row] = await db.select().from(orders).where(eq(orders.checkoutId, checkoutId));
    return row;
  }

  /** Writes the order, clears what was bought from the cart and queues the email, in one transaction. */
  async function recordOrder(checkout: CheckoutRow, paymentId: string | null): Promise<Completion> {
    const { snapshot } = checkout;
    const items: OrderItem[] = snapshot.items.map((item) => ({
      productId: item.productId,
      productName: item.productName,
      productImage: item.productImage,
      productPrice: item.unitPriceCents,
      quantity: item.quantity,
    }));
    const result = await db.transaction(async (tx) => {
      const [order] = await tx
        .insert(orders)
        .values({
          orderNumber: sql`'CF-' || nextval('order_number_seq')`,
          checkoutId: checkout.id,
          userId: checkout.userId,
          customerName: `${snapshot.customer.firstName} ${snapshot.customer.lastName}`,
          customerEmail: snapshot.customer.email,
          customerPhone: snapshot.customer.phone,
          deliveryOption: snapshot.deliveryOption,
          paxiLocationId: snapshot.pickupPoint.code,
          paxiLocationName: snapshot.pickupPoint.name,
          paxiLocationAddress: pointAddress(snapshot.pickupPoint),
          shippingCity: snapshot.pickupPoint.town,
          shippingProvince: snapshot.pickupPoint.province,
          shippingPostalCode: snapshot.pickupPoint.postalCode,
          subtotalCents: checkout.subtotalCents,
          deliveryFeeCents: checkout.deliveryFeeCents,
          totalAmount: checkout.totalCents,
          currency: checkout.currency,
          items,
          paymentId,
          paymentMethod: payments.name === 'yoco' ? 'yoco' : 'sandbox',
          paymentStatus: 'paid',
          status: 'paid',
        })
        .onConflictDoNothing({ target: orders.checkoutId })
        .returning();
      if (!order) return undefined;
      const [paid] = await tx
        .update(checkouts)
        .set({ status: 'paid', paymentId, updatedAt: sql`now()` })
        .where(eq(checkouts.id, checkout.id))
        .returning({ stockHeld: checkouts.stockHeld });
      // Paid after its stock was given back (cancelled, or replaced by a newer checkout): the order stands, so the stock is taken again.
      if (!paid!.stockHeld) {
        const short = await retakeStock(tx, checkout.id, snapshot.heldStock ?? []);
        if (short.length > 0) deps.log.warn({ checkoutId: checkout.id, short }, 'paid after its stock was given back, and not enough is left');
      }
      await tx.delete(cartItems).where(
        and(
          eq(cartItems.sessionId, checkout.cartSessionId),
          inArray(
            cartItems.productId,
            items.map((i) => i.productId),
          ),
        ),
      );
      await recordOrderEvent(tx, order.id, 'placed', { note: `Paid ${formatRand(order.totalAmount)} by card` });
      await enqueueEmail(tx, orderConfirmationMessage(deps.email, order));
      return order;
    });
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
      if (status.status === 'failed' && checkout.status === 'open') await endUnpaid(db, checkout.id, 'failed');
      return null;
    }
    if (status.amountCents !== checkout.totalCents) {
      // Paid, but not what the order costs: record nothing automatically; the log tells the owner.
      deps.log.warn({ checkoutId: checkout.id, paid: status.amountCents, expected: checkout.totalCents }, 'paid amount differs from the order total');
      throw new ConflictError('The amount paid does not match the order. Please contact us with your payment reference.');
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

  return {
    /**
     * Rebuilds the order from the shopper's cart and the catalogue, refuses a browser total that
     * differs (409 with the right total), freezes it as a checkout and opens the provider's page.
     */
    async createCheckout(user: SessionUser, input: CreateCheckoutInput): Promise<{ id: string; redirectUrl: string }> {
      if (!user.emailVerified) throw new ForbiddenError(checkoutMessages.emailVerificationRequired);
      const speed = findDeliveryOption(input.metadata.deliverySpeed)!;
      const point = await deps.findPickupPoint(input.metadata.paxiPoint.id);
      if (!point) throw new InvalidInputError(checkoutMessages.pickupPointRequired);

      const cart = await deps.cart.claimForUser(user.id, undefined);
      if (cart.cartItems.length === 0) throw new InvalidInputError(`${checkoutMessages.cartEmpty}: ${checkoutMessages.cartEmptyDetail}`);
      const subtotalCents = cart.subtotalCents;
      const deliveryFeeCents = collectionFeeCents(speed, cart.itemCount);
      const totalCents = subtotalCents + deliveryFeeCents;
      if (input.amount !== totalCents) {
        throw new TotalChangedError(totalCents);
      }
      if (totalCents < MINIMUM_CARD_PAYMENT_CENTS) throw new InvalidInputError(BELOW_MINIMUM_MESSAGE);

      const snapshot: CheckoutSnapshot = {
        customer: input.metadata.customerInfo,
        deliveryOption: speed.code,
        pickupPoint: {
          code: point.code,
          name: point.name,
          address: point.street,
          town: point.town,
          province: point.province,
          postalCode: point.postalCode,
        },
        items: cart.cartItems.map((item) => ({
          productId: item.productId,
          productName: item.productName,
          productImage: item.productImage,
          unitPriceCents: item.priceCents,
          quantity: item.quantity,
        })),
      };
      await releaseEarlierHolds(db, user.id);
      // The stock is taken in the transaction that creates the checkout: the last flag goes to one shopper only.
      const [checkout] = await db.transaction(async (tx) => {
        const heldStock = await holdStock(tx, snapshot.items);
        return tx
          .insert(checkouts)
          .values({
            userId: user.id,
            cartSessionId: cart.sessionId,
            provider: payments.name,
            subtotalCents,
            deliveryFeeCents,
            totalCents,
            snapshot: { ...snapshot, heldStock },
            stockHeld: heldStock.length > 0,
            expiresAt: new Date(Date.now() + CHECKOUT_LIFETIME_MS),
          })
          .returning();
      });
      const back = (path: string) => `${deps.publicUrl}${path}?checkoutId=${checkout!.id}`;
      const opened = await payments.createCheckout({
        amountCents: totalCents,
        currency: 'ZAR',
        successUrl: back('/payment/success'),
        cancelUrl: back('/payment/cancel'),
        failureUrl: back('/payment/success'),
        metadata: { checkoutId: checkout!.id },
        externalId: checkout!.id,
        // The checkout's own id: a retried request can never open a second payment for it.
        idempotencyKey: checkout!.id,
        subtotalCents,
        lineItems: snapshot.items.map((item) => ({ displayName: item.productName, quantity: item.quantity, priceCents: item.unitPriceCents })),
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
          deliveryMethod: 'paxi',
          deliverySpeed: findDeliveryOption(snapshot.deliveryOption)!.method,
          paxiPoint: {
            id: snapshot.pickupPoint.code,
            name: snapshot.pickupPoint.name,
            address: snapshot.pickupPoint.address,
            city: snapshot.pickupPoint.town,
            province: snapshot.pickupPoint.province,
          },
          customerInfo: snapshot.customer,
        },
      };
    },

    /** POST /api/payments/cancel: the shopper came back from the payment page without paying; the stock goes back at once. */
    async cancel(user: SessionUser, id: string): Promise<{ status: CheckoutStatus }> {
      const checkout = await ownCheckout(user, id);
      await endUnpaid(db, checkout.id, 'cancelled');
      const [current] = await db.select({ status: checkouts.status }).from(checkouts).where(eq(checkouts.id, checkout.id));
      return { status: current!.status };
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

    /**
     * A verified webhook. Returns false for one already seen (acknowledged, nothing done again).
     * What it announces is confirmed with the provider before anything changes.
     */
    async recordWebhook(event: PaymentWebhookEvent): Promise<boolean> {
      const [fresh] = await db
        .insert(paymentWebhooks)
        .values({ id: event.id, provider: payments.name, type: event.type, payload: event.raw })
        .onConflictDoNothing()
        .returning({ id: paymentWebhooks.id });
      return fresh !== undefined;
    },

    async handleWebhook(event: PaymentWebhookEvent): Promise<void> {
      if (!event.checkoutId) return;
      const checkout = await checkoutByProviderId(event.checkoutId);
      if (!checkout) {
        deps.log.warn({ webhook: event.id, checkoutId: event.checkoutId }, 'webhook for an unknown checkout');
        return;
      }
      if (event.type === 'payment.succeeded') await completeCheckout(checkout);
      else if (event.type === 'refund.succeeded' && event.amountCents !== undefined) {
        const amountCents = event.amountCents;
        // The order's timeline shows the refund with the change; refundId settles the order desk's request.
        await db.transaction(async (tx) => {
          const [refunded] = await tx
            .update(orders)
            .set({
              refundedCents: sql`least(${orders.totalAmount}, ${orders.refundedCents} + ${amountCents})`,
              paymentStatus: sql`CASE WHEN ${orders.refundedCents} + ${amountCents} >= ${orders.totalAmount} THEN 'refunded' ELSE 'partially_refunded' END`,
              updatedAt: sql`now()`,
            })
            .where(and(eq(orders.checkoutId, checkout.id), inArray(orders.paymentStatus, refundableFrom)))
            .returning({ id: orders.id });
          if (refunded) {
            await recordOrderEvent(tx, refunded.id, 'refunded', {
              note: `Refunded ${formatRand(amountCents)} to the customer's card`,
              details: { refundId: event.refundId ?? null, amountCents },
            });
          }
        });
      } else if (event.type === 'refund.failed') {
        // Nothing moved: the timeline says so, and the order desk may ask for the refund again.
        const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.checkoutId, checkout.id));
        if (order) {
          const amount = event.amountCents === undefined ? 'A refund' : `The refund of ${formatRand(event.amountCents)}`;
          await recordOrderEvent(db, order.id, 'refund_failed', {
            note: `${amount} failed at the payment provider${event.failureReason ? `: ${event.failureReason}` : ''}`,
            details: { refundId: event.refundId ?? null, amountCents: event.amountCents ?? null },
          });
        }
      }
    },

    /**
     * For shoppers who never came back from the payment page: open checkouts are asked about, a
     * paid one gets its order, and one past its lifetime is expired.
     */
    async reconcile(limit = 20): Promise<{ completed: number; expired: number }> {
      const open = await db
        .select()
        .from(checkouts)
        .where(
          and(
            // A cancelled checkout's payment page can still be paid until it expires: keep asking about it.
            or(eq(checkouts.status, 'open'), and(eq(checkouts.status, 'cancelled'), gt(checkouts.expiresAt, new Date()))),
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
          else if (!completion && checkout.expiresAt.getTime() < Date.now() && (await endUnpaid(db, checkout.id, 'expired'))) expired += 1;
        } catch (err) {
          deps.log.warn({ err, checkoutId: checkout.id }, 'reconciliation could not settle a checkout');
        }
      }
      return { completed, expired };
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

    /** The signed-in shopper's orders, newest first (the profile's order history). */
    async ordersOf(userId: string): Promise<OrderRow[]> {
      return db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt));
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;

/** 409 with the total the server worked out, so the browser can show it and ask again. */
export class TotalChangedError extends ConflictError {
  constructor(expectedAmount: number) {
    super(`Your order total is now ${formatRand(expectedAmount)}. Please review your order and try again.`);
    this.publicDetails.expectedAmount = expectedAmount;
  }
}

/** The provider does not (yet) report the checkout as paid. */
export class PaymentNotPaidError extends ConflictError {
  constructor() {
    super('The payment has not been completed');
  }
}
