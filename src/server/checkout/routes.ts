import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { UnauthorizedError } from '../errors';
import { buyerOf, type Buyer, type BuyerDeps } from '../cart/buyer';
import { emailSubject, ipSubject, rateRules, type RateLimiter } from '../rate-limit/service';
import { cartSessionIdSchema } from '../../shared/schemas';
import { CART_SESSION_HEADER } from '../../shared/cart';
import { parseInput } from '../http/parse';
import { serve } from '../http/contract';
import { completePaymentSchema, createCheckoutSchema } from '../../shared/checkout';
import type { CheckoutService } from './service';
import type { Reconciliation } from './reconcile';
import { countDiscountTry } from '../discounts/routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** One round of the reconciliation, as the background job runs it (tests call it directly). */
    reconcileCheckouts(): Promise<Reconciliation>;
  }
}

const idParams = z.object({ id: z.string().trim().min(1).max(100) });
const cancelSchema = z.object({ checkoutId: z.string({ error: 'Say which checkout to cancel (checkoutId)' }).trim().min(1).max(100) });

export interface CheckoutRouteDeps extends BuyerDeps {
  checkout: CheckoutService;
  limiter: RateLimiter;
}

export function checkoutRoutes(app: FastifyInstance, { checkout, limiter, ...buyers }: CheckoutRouteDeps): void {
  app.decorate('reconcileCheckouts', () => checkout.reconcile());

  /** The buyer of a payment page's call: the account signed in, or the guest whose cart the header names. */
  const payingBuyer = (request: FastifyRequest): Promise<Buyer> => {
    const header = cartSessionIdSchema.safeParse(request.headers[CART_SESSION_HEADER]);
    return buyerOf(buyers, request, header.success ? header.data : undefined);
  };

  serve(app, 'openCheckout', async (request) => {
    const input = parseInput(createCheckoutSchema, request.body);
    const buyer = await buyerOf(buyers, request, input.cartSessionId);
    if (buyer.kind === 'guest') {
      await limiter.consume([
        [rateRules.guestCheckouts, emailSubject(input.metadata.customerInfo.email)],
        [rateRules.guestCheckoutsPerIp, ipSubject(request.ip)],
      ]);
    }
    if (input.metadata.discountCode) await countDiscountTry(limiter, request, buyer);
    return checkout.createCheckout(buyer, input);
  });

  app.get('/api/payments/yoco/verify/:id', async (request, reply) => {
    const buyer = await payingBuyer(request).catch((err: unknown) => {
      // Only a missing sign-in gets the spec's words; a database or sign-in service that is down says so itself (503).
      if (!(err instanceof UnauthorizedError)) throw err;
      throw new UnauthorizedError('Payment verification failed due to authentication issues.');
    });
    const { id } = parseInput(idParams, request.params);
    reply.header('cache-control', 'no-store');
    return checkout.verify(buyer, id);
  });

  app.post('/api/payments/complete', async (request) => {
    const buyer = await payingBuyer(request);
    const { order, created } = await checkout.complete(buyer, parseInput(completePaymentSchema, request.body));
    return {
      success: true,
      alreadyExisted: !created,
      message: created ? 'Order created' : `Order ${order.orderNumber} already exists`,
      order: { id: order.id, orderNumber: order.orderNumber, totalAmount: order.totalAmount, currency: order.currency, status: order.status },
    };
  });

  // The payment cancel page tells the shop at once, so that the flags the checkout held are for sale again.
  app.post('/api/payments/cancel', async (request) => {
    const buyer = await payingBuyer(request);
    return checkout.cancel(buyer, parseInput(cancelSchema, request.body).checkoutId);
  });
}
