import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { addToCartSchema, cartSessionIdSchema, claimCartSchema, updateCartItemSchema } from '../../shared/schemas';
import { CART_SESSION_HEADER } from '../../shared/cart';
import { parseInput } from '../http/parse';
import { isUuid } from '../http/ids';
import type { CartService } from './service';
import { NotFoundError } from '../errors';
import { requireSessionUser, type IdentityProvider } from '../auth/session';
import { serve } from '../http/contract';

const itemParams = z.object({ itemId: z.string() });
const sessionParams = z.object({ sessionId: cartSessionIdSchema });

/**
 * The session id that proves ownership of an item: the header, or `sessionId` in the query or
 * body. Without a valid one, or with a malformed item id, the item simply is not found.
 */
function ownedItem(request: FastifyRequest): { sessionId: string; itemId: string } {
  const { itemId } = parseInput(itemParams, request.params);
  const query = request.query as Record<string, unknown> | undefined;
  const body = request.body as Record<string, unknown> | undefined;
  const candidate = request.headers[CART_SESSION_HEADER] ?? query?.sessionId ?? body?.sessionId;
  const session = cartSessionIdSchema.safeParse(candidate);
  if (!session.success || !isUuid(itemId)) throw new NotFoundError('Cart item not found');
  return { sessionId: session.data, itemId };
}

export function cartRoutes(app: FastifyInstance, cart: CartService, identity: IdentityProvider): void {
  const addToCartInput = addToCartSchema(cart.lineLimit);
  const quantityInput = updateCartItemSchema(cart.lineLimit);

  /**
   * A signed-in shopper's cart id is not enough on its own: only that shopper, signed in, reaches
   * the cart (a shared computer keeps the id after sign-out). Anonymous carts need only the id.
   */
  async function assertCartAccess(request: FastifyRequest, sessionId: string): Promise<void> {
    const owner = await cart.ownerOf(sessionId);
    if (owner !== null && (await identity.userOf(request))?.id !== owner) throw new NotFoundError('Cart not found');
  }

  serve(app, 'cart', async (request, reply) => {
    const { sessionId } = parseInput(sessionParams, request.params);
    await assertCartAccess(request, sessionId);
    reply.header('cache-control', 'no-store');
    return cart.getCart(sessionId);
  });

  serve(app, 'addToCart', async (request, reply) => {
    const input = parseInput(addToCartInput, request.body);
    await assertCartAccess(request, input.sessionId);
    const item = await cart.addItem(input);
    return reply.code(201).send(item);
  });

  /**
   * Called by the browser when a shopper signs in: the anonymous cart joins the shopper's own cart,
   * whose session id the browser keeps from then on (on every device the shopper signs in on).
   */
  serve(app, 'claimCart', async (request, reply) => {
    const user = await requireSessionUser(identity, request);
    const { sessionId } = parseInput(claimCartSchema, request.body ?? {});
    reply.header('cache-control', 'no-store');
    return cart.claimForUser(user.id, sessionId);
  });

  serve(app, 'setCartQuantity', async (request) => {
    const { sessionId, itemId } = ownedItem(request);
    await assertCartAccess(request, sessionId);
    const { quantity } = parseInput(quantityInput, request.body);
    return cart.setQuantity(sessionId, itemId, quantity);
  });

  app.delete('/api/cart/clear/:sessionId', async (request) => {
    const { sessionId } = parseInput(sessionParams, request.params);
    await assertCartAccess(request, sessionId);
    await cart.clear(sessionId);
    return { message: 'Cart cleared' };
  });

  app.delete('/api/cart/:itemId', async (request) => {
    const { sessionId, itemId } = ownedItem(request);
    await assertCartAccess(request, sessionId);
    await cart.removeItem(sessionId, itemId);
    return { message: 'Item removed' };
  });
}
