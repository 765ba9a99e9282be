import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireSessionUser, type IdentityProvider } from '../auth/session';
import { UnauthorizedError } from '../errors';
import { parseInput } from '../http/parse';
import { serve } from '../http/contract';
import { completePaymentSchema, createCheckoutSchema } from '../../shared/checkout';
import type { CheckoutService } from './service';
import type { Reconciliation } from './reconcile';
import { countDiscountTry } from '../discounts/routes';
import type { RateLimiter } from '../rate-limit/service';

declare module 'fastify' {
  interface FastifyInstance {
    /** One round of the reconciliation, as the background job runs it (tests call it directly). */
    reconcileCheckouts(): Promise<Reconciliation>;
  }
}

const idParams = z.object({ id: z.string().trim().min(1).max(100) });
const cancelSchema = z.object({ checkoutId: z.string({ error: 'Say which checkout to cancel (checkoutId)' }).trim().min(1).max(100) });

export interface CheckoutRouteDeps {
  identity: IdentityProvider;
  checkout: CheckoutService;
  limiter: RateLimiter;
}

export function checkoutRoutes(app: FastifyInstance, { identity, checkout, limiter }: CheckoutRouteDeps): void {
  app.decorate('reconcileCheckouts', () => checkout.reconcile());

  serve(app, 'openCheckout', async (request) => {
    const user = await requireSessionUser(identity, request);
    const input = parseInput(createCheckoutSchema, request.body);
    if (input.metadata.discountCode) await countDiscountTry(limiter, request, user);
    return checkout.createCheckout(user, input);
  });

  app.get('/api/payments/yoco/verify/:id', async (request, reply) => {
    const user = await requireSessionUser(identity, request).catch((err: unknown) => {
      // Only a missing sign-in gets the spec's words; a database or sign-in service that is down says so itself (503).
      if (!(err instanceof UnauthorizedError)) throw err;
      throw new UnauthorizedError('Payment verification failed due to authentication issues.');
    });
    const { id } = parseInput(idParams, request.params);
    reply.header('cache-control', 'no-store');
    return checkout.verify(user, id);
  });

  app.post('/api/payments/complete', async (request) => {
    const user = await requireSessionUser(identity, request);
    const { order, created } = await checkout.complete(user, parseInput(completePaymentSchema, request.body));
    return {
      success: true,
      alreadyExisted: !created,
      message: created ? 'Order created' : `Order ${order.orderNumber} already exists`,
      order: { id: order.id, orderNumber: order.orderNumber, totalAmount: order.totalAmount, currency: order.currency, status: order.status },
    };
  });

  // The payment cancel page tells the shop at once, so that the flags the checkout held are for sale again.
  app.post('/api/payments/cancel', async (request) => {
    const user = await requireSessionUser(identity, request);
    return checkout.cancel(user, parseInput(cancelSchema, request.body).checkoutId);
  });
}
