/**
 * From a full cart to one paid order, in named steps: making the checkout (create-checkout.ts),
 * its payment pages (payment-pages.ts), completing it once paid (complete-checkout.ts), the
 * provider's webhooks (payment-webhooks.ts) and the reconciliation (reconcile.ts). This file puts
 * them together and answers the shopper's payment pages.
 */
import { and, eq } from 'drizzle-orm';
import { checkouts, type CheckoutStatus, type DeliverySnapshot } from '../db/schema';
import { ConflictError, NotFoundError } from '../errors';
import type { Buyer } from '../cart/buyer';
import type { RefundResult } from '../payments/provider';
import { checkoutMessages, type PaymentVerification } from '../../shared/checkout';
import { courierServiceLevels, deliveryFeeLabel, deliveryOptionOf } from '../../shared/delivery';
import { createCheckoutStep } from './create-checkout';
import { createCompletion, type Completion } from './complete-checkout';
import { checkoutsOf, createPaymentPages } from './payment-pages';
import { createPaymentWebhooks } from './payment-webhooks';
import { createReconciliation } from './reconcile';
import type { CheckoutDeps, CheckoutRow, OrderRow } from './deps';
import { orderItemOf } from '../orders/service';

/** The payment pages' view of where the order goes. */
function deliveryOfSnapshot(delivery: DeliverySnapshot): Pick<PaymentVerification['metadata'], 'deliveryMethod' | 'deliverySpeed' | 'paxiPoint' | 'courier'> {
  if (delivery.method === 'courier') {
    const { serviceLevel, address } = delivery;
    return { deliveryMethod: 'courier', courier: { serviceLevel, service: courierServiceLevels[serviceLevel], address } };
  }
  const { point } = delivery;
  return {
    deliveryMethod: 'paxi',
    deliverySpeed: delivery.speed,
    paxiPoint: { id: point.code, name: point.name, address: point.address, city: point.town, province: point.province },
  };
}

export function createCheckoutService(deps: CheckoutDeps) {
  const { db, payments } = deps;
  const completing = createCompletion(deps);
  const { completeCheckout } = completing;
  const pages = createPaymentPages(deps, completing);
  const { ownCheckout, leavePage } = pages;
  const webhooks = createPaymentWebhooks(deps, completing);

  return {
    createCheckout: createCheckoutStep(deps, pages, completing),

    /** The payment's state for its owner, from the provider; a paid checkout also gets its order here. */
    async verify(buyer: Buyer, id: string): Promise<PaymentVerification> {
      const checkout = await ownCheckout(buyer, id);
      const completion = await completeCheckout(checkout);
      const [current] = await db.select().from(checkouts).where(eq(checkouts.id, checkout.id));
      const { snapshot } = current!;
      // 'ordered': placed to be paid by bank transfer; the order's page says how to pay.
      const status = current!.status === 'ordered' ? 'ordered' : completion ? 'completed' : current!.status === 'open' ? 'pending' : current!.status;
      const orderNumber = completion?.order.orderNumber ?? null;
      return {
        status,
        amount: current!.totalCents,
        currency: current!.currency,
        paymentId: completion?.order.paymentId ?? null,
        orderNumber,
        orderLink: orderNumber && current!.guest ? `/orders/${orderNumber}?key=${deps.orderLinks.keyFor(orderNumber)}` : null,
        metadata: {
          checkoutId: current!.id,
          ...deliveryOfSnapshot(snapshot.delivery),
          deliveryLabel: deliveryFeeLabel(deliveryOptionOf(snapshot.delivery)),
          ...(snapshot.discount ? { discount: { code: snapshot.discount.code, discountCents: snapshot.discount.discountCents } } : {}),
          customerInfo: snapshot.customer,
          items: snapshot.items.map(orderItemOf),
          totals: { subtotal: current!.subtotalCents, shipping: current!.deliveryFeeCents, discount: current!.discountCents, total: current!.totalCents },
        },
      };
    },

    /**
     * POST /api/payments/cancel: the shopper came back from the payment page without paying. The
     * page is closed and what it held goes back at once, where the provider can close it; otherwise
     * it keeps its holds until it expires.
     */
    async cancel(buyer: Buyer, id: string): Promise<{ status: CheckoutStatus }> {
      const { status } = await leavePage(await ownCheckout(buyer, id), 'cancelled');
      return { status };
    },

    /** POST /api/payments/complete: the shopper's own checkout, by our id, the provider's id or the payment id. */
    async complete(buyer: Buyer, ref: { checkoutId?: string; paymentId?: string }): Promise<Completion> {
      let checkout: CheckoutRow | undefined;
      if (ref.checkoutId) checkout = await ownCheckout(buyer, ref.checkoutId);
      else {
        [checkout] = await db
          .select()
          .from(checkouts)
          .where(and(eq(checkouts.paymentId, ref.paymentId!), checkoutsOf(buyer)));
        if (!checkout) throw new NotFoundError(checkoutMessages.paymentNotFound);
      }
      const completion = await completeCheckout(checkout);
      if (!completion) throw new PaymentNotPaidError();
      return completion;
    },

    recordWebhook: webhooks.recordWebhook,
    processWebhook: webhooks.processWebhook,
    reconcile: createReconciliation(deps, completing, pages, webhooks),

    /**
     * Asks the provider to refund part of an order's payment (the order desk has checked the
     * amount). The key is made of the order, the amount refunded so far and this amount: a
     * repeated request answers the same refund.
     */
    async refund(order: Pick<OrderRow, 'id' | 'checkoutId' | 'refundedCents'>, amountCents: number): Promise<RefundResult> {
      const [checkout] = await db.select({ provider: checkouts.provider, providerCheckoutId: checkouts.providerCheckoutId }).from(checkouts).where(eq(checkouts.id, order.checkoutId));
      const provider = payments.of(checkout!);
      if (!provider.refund) throw new ConflictError(`This payment is refunded by hand ${provider.refundsByHand}: make the refund there, then record it on the order desk`);
      return provider.refund(checkout!.providerCheckoutId!, { amountCents, idempotencyKey: `${order.id}-${order.refundedCents}-${amountCents}` });
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;

/** The provider does not (yet) report the checkout as paid. */
class PaymentNotPaidError extends ConflictError {
  constructor() {
    super('The payment has not been completed', 'payment_not_paid');
  }
}
