/**
 * Who pays: a signed-in account, or, where the shop takes orders without one
 * (CHECKOUT_ACCOUNTS=optional), a guest known only by the anonymous cart they pay for and the
 * email address they type.
 */
import type { FastifyRequest } from 'fastify';
import { ForbiddenError, UnauthorizedError } from '../errors';
import type { IdentityProvider, SessionUser } from '../auth/session';
import type { CartService, CartView } from './service';
import { guestMessages } from '../../shared/guest-orders';

export type Buyer = { kind: 'account'; user: SessionUser } | { kind: 'guest'; cartSessionId: string };

export interface BuyerDeps {
  identity: IdentityProvider;
  /** CHECKOUT_ACCOUNTS=optional. */
  guestCheckout: boolean;
  cart: Pick<CartService, 'ownerOf'>;
}

/**
 * The buyer of a request: the signed-in account; else a guest paying for the cart named, when the
 * shop takes guests and the cart is no account's (an account's cart id stays on a shared computer
 * after sign-out, and only its owner, signed in, pays for it).
 */
export async function buyerOf({ identity, guestCheckout, cart }: BuyerDeps, request: FastifyRequest, cartSessionId: string | undefined): Promise<Buyer> {
  const user = await identity.userOf(request);
  if (user) return { kind: 'account', user };
  if (!guestCheckout) throw new UnauthorizedError(cartSessionId ? guestMessages.accountsRequired : 'Not authenticated');
  if (!cartSessionId) throw new UnauthorizedError(guestMessages.whichCart);
  if ((await cart.ownerOf(cartSessionId)) !== null) throw new ForbiddenError(guestMessages.accountsCart);
  return { kind: 'guest', cartSessionId };
}

/** The buyer's cart: an account's own (created at its first sign-in), or the guest's anonymous one. */
export async function cartOfBuyer(cart: Pick<CartService, 'claimForUser' | 'getCart'>, buyer: Buyer): Promise<CartView & { sessionId: string }> {
  if (buyer.kind === 'account') return cart.claimForUser(buyer.user.id, undefined);
  return { sessionId: buyer.cartSessionId, ...(await cart.getCart(buyer.cartSessionId)) };
}
