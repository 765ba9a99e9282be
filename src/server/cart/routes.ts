import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { addToCartSchema, cartSessionIdSchema, updateCartItemSchema } from '../../shared/schemas';
import { parseInput } from '../http/parse';
import type { CartService } from './service';
import { NotFoundError } from '../errors';

/** Header that carries the cart session id on item calls, whose paths hold only the item id. */
export const CART_SESSION_HEADER = 'x-cart-session-id';

const itemParams = z.object({ itemId: z.string() });
const sessionParams = z.object({ sessionId: cartSessionIdSchema });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
  if (!session.success || !UUID.test(itemId)) throw new NotFoundError('Cart item not found');
  return { sessionId: session.data, itemId };
}

export function cartRoutes(app: FastifyInstance, cart: CartService): void {
  app.get('/api/cart/:sessionId', async (request, reply) => {
    const { sessionId } = parseInput(sessionParams, request.params);
    reply.header('cache-control', 'no-store');
    return cart.getCart(sessionId);
  });

  app.post('/api/cart', async (request, reply) => {
    const input = parseInput(addToCartSchema, request.body);
    const item = await cart.addItem(input);
    return reply.code(201).send(item);
  });

  app.put('/api/cart/:itemId', async (request) => {
    const { sessionId, itemId } = ownedItem(request);
    const { quantity } = parseInput(updateCartItemSchema, request.body);
    return cart.setQuantity(sessionId, itemId, quantity);
  });

  app.delete('/api/cart/clear/:sessionId', async (request) => {
    const { sessionId } = parseInput(sessionParams, request.params);
    await cart.clear(sessionId);
    return { message: 'Cart cleared' };
  });

  app.delete('/api/cart/:itemId', async (request) => {
    const { sessionId, itemId } = ownedItem(request);
    await cart.removeItem(sessionId, itemId);
    return { message: 'Item removed' };
  });
}
