import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { adminActor } from '../admin/routes';
import { z } from 'zod';
import type { CartService } from '../cart/service';
import { buyerOf, cartOfBuyer, type Buyer, type BuyerDeps } from '../cart/buyer';
import { parseInput } from '../http/parse';
import { serve } from '../http/contract';
import { ipSubject, rateRules, type RateLimiter } from '../rate-limit/service';
import { InvalidInputError } from '../errors';
import { checkoutMessages, discountPreviewSchema } from '../../shared/checkout';
import { createDiscountCodeSchema, updateDiscountCodeSchema } from '../../shared/discounts';
import type { DiscountService } from './service';

const codeParams = z.object({ id: z.string() });

/** The order desk's discount codes: make one, list them with their uses and revenue, switch one off. */
/**
 * Each try at a code counts, at Apply and at Pay, per shopper and per IP address: a shopper tries a
 * code or two, and a guesser gets nowhere.
 */
export function countDiscountTry(limiter: RateLimiter, request: FastifyRequest, buyer: Buyer): Promise<void> {
  return limiter.consume([
    [rateRules.discountTries, buyer.kind === 'account' ? `user:${buyer.user.id}` : `cart:${buyer.cartSessionId}`],
    [rateRules.discountTriesPerIp, ipSubject(request.ip)],
  ]);
}

export interface DiscountRouteDeps extends BuyerDeps {
  discounts: DiscountService;
  cart: Pick<CartService, 'claimForUser' | 'getCart' | 'codeSubtotalCents' | 'ownerOf'>;
  requireAdmin: preHandlerAsyncHookHandler;
  limiter: RateLimiter;
  /** The payment provider can close a payment page: a shopper's next checkout frees what their earlier pages hold. */
  ownPagesClose: boolean;
}

export async function discountCodeRoutes(app: FastifyInstance, deps: DiscountRouteDeps): Promise<void> {
  // Apply at checkout: what the code takes off the shopper's cart now. The checkout counts it again when it is made.
  serve(app, 'previewDiscount', async (request, reply) => {
    const input = parseInput(discountPreviewSchema, request.body);
    const buyer = await buyerOf(deps, request, input.cartSessionId);
    await countDiscountTry(deps.limiter, request, buyer);
    const cart = await cartOfBuyer(deps.cart, buyer);
    if (cart.cartItems.length === 0) throw new InvalidInputError(`${checkoutMessages.cartEmpty}: ${checkoutMessages.cartEmptyDetail}`, 'cart_empty');
    reply.header('cache-control', 'no-store');
    return deps.discounts.preview({
      code: input.code,
      customer: buyer.kind === 'account' ? { userId: buyer.user.id } : input.email ? { guestEmail: input.email.toLowerCase() } : null,
      subtotalCents: cart.subtotalCents,
      codeSubtotalCents: deps.cart.codeSubtotalCents(cart.cartItems),
      deliveryFeeCents: input.deliveryFeeCents,
      ownPagesClose: deps.ownPagesClose,
    });
  });


  await app.register(async (desk) => {
    desk.addHook('preHandler', deps.requireAdmin);
    desk.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });
    desk.get('/api/admin/discount-codes', async () => ({ codes: await deps.discounts.list() }));
    serve(desk, 'createDiscountCode', async (request, reply) => {
      const code = await deps.discounts.create(adminActor(request), parseInput(createDiscountCodeSchema, request.body));
      return reply.code(201).send(code);
    });
    serve(desk, 'switchDiscountCode', async (request) => {
      const { id } = parseInput(codeParams, request.params);
      const { active } = parseInput(updateDiscountCodeSchema, request.body);
      return deps.discounts.setActive(adminActor(request), id, active);
    });
  });
}
