import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { addressInputSchema, deleteAccountSchema, profileUpdateSchema, wishlistAddSchema } from '../../shared/profile';
import { orderNumberParamsSchema } from '../../shared/orders';
import { requireSessionUser, type IdentityProvider } from '../auth/session';
import { NotFoundError } from '../errors';
import type { RateLimiter } from '../rate-limit/service';
import { checksFor, consumeAttempt } from '../auth/limits';
import { parseInput } from '../http/parse';
import { serve } from '../http/contract';
import { isUuid } from '../http/ids';
import { WrongPasswordError, type ProfileService } from './service';
import type { GuestOrders } from '../orders/guest-orders';

const idParams = z.object({ id: z.string() });
const productParams = z.object({ productId: z.string() });

/** A malformed id cannot name one of the caller's rows: it is simply not found. */
function addressId(request: FastifyRequest): string {
  const { id } = parseInput(idParams, request.params);
  if (!isUuid(id)) throw new NotFoundError('Address not found');
  return id;
}

function wishlistProductId(request: FastifyRequest): string {
  const { productId } = parseInput(productParams, request.params);
  if (!isUuid(productId)) throw new NotFoundError('This flag is not in your wishlist');
  return productId;
}

/** Personal answers must not be kept by the browser's or any proxy's cache. */
export function personal(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-store');
}

/**
 * The signed-in shopper's own profile, addresses, orders and wishlist, and deleting the account.
 * Every route needs a session (cookie or bearer) and reaches only the caller's rows.
 */
export function accountRoutes(
  app: FastifyInstance,
  { identity, profiles, limiter, guestOrders }: { identity: IdentityProvider; profiles: ProfileService; limiter: RateLimiter; guestOrders: Pick<GuestOrders, 'claimFor'> },
): void {
  const signedIn = (request: FastifyRequest) => requireSessionUser(identity, request);

  app.get('/api/profile', async (request, reply) => {
    const user = await signedIn(request);
    personal(reply);
    return profiles.getProfile(user.id);
  });

  serve(app, 'saveProfile', async (request) => {
    const user = await signedIn(request);
    const update = parseInput(profileUpdateSchema, request.body);
    return { profile: await profiles.updateProfile(user.id, update) };
  });

  app.get('/api/profile/addresses', async (request, reply) => {
    const user = await signedIn(request);
    personal(reply);
    return { addresses: await profiles.listAddresses(user.id) };
  });

  serve(app, 'addAddress', async (request, reply) => {
    const user = await signedIn(request);
    const input = parseInput(addressInputSchema, request.body);
    return reply.code(201).send(await profiles.addAddress(user.id, input));
  });

  serve(app, 'updateAddress', async (request) => {
    const user = await signedIn(request);
    const id = addressId(request);
    const input = parseInput(addressInputSchema, request.body);
    return profiles.updateAddress(user.id, id, input);
  });

  serve(app, 'makeAddressDefault', async (request) => {
    const user = await signedIn(request);
    return profiles.setDefaultAddress(user.id, addressId(request));
  });

  app.delete('/api/profile/addresses/:id', async (request) => {
    const user = await signedIn(request);
    await profiles.removeAddress(user.id, addressId(request));
    return { message: 'Address removed' };
  });

  // An account sees the orders it placed as a guest with its verified address, claimed as it first looks.
  app.get('/api/profile/orders', async (request, reply) => {
    const user = await signedIn(request);
    await guestOrders.claimFor(user);
    personal(reply);
    return { orders: await profiles.listOrders(user.id) };
  });

  app.get('/api/profile/orders/:orderNumber', async (request, reply) => {
    const user = await signedIn(request);
    const { orderNumber } = parseInput(orderNumberParamsSchema, request.params);
    await guestOrders.claimFor(user);
    personal(reply);
    return profiles.orderDetail({ userId: user.id }, orderNumber);
  });

  app.post('/api/profile/delete', async (request, reply) => {
    const user = await signedIn(request);
    const input = parseInput(deleteAccountSchema, request.body);
    // A wrong password here counts like a failed sign-in: a borrowed session must not become a way to guess it.
    const checks = checksFor('signInFailures', request, user.email);
    await consumeAttempt(limiter, 'signInFailures', checks);
    try {
      await profiles.deleteAccount(user.id, input, () => identity.beforeDeletion(request, user.id));
    } catch (err) {
      if (!(err instanceof WrongPasswordError)) await limiter.giveBack(checks);
      throw err;
    }
    await limiter.giveBack(checks);
    // The account is gone either way, so a cookie not expired is logged rather than reported.
    try {
      await identity.signOut(request, reply);
    } catch (err) {
      request.log.warn({ err }, 'account deleted, but its cookies were not expired');
    }
    return { success: true, message: 'Your account has been deleted' };
  });

  app.get('/api/wishlist', async (request, reply) => {
    const user = await signedIn(request);
    personal(reply);
    return { items: await profiles.listWishlist(user.id) };
  });

  app.post('/api/wishlist', async (request) => {
    const user = await signedIn(request);
    const { productId } = parseInput(wishlistAddSchema, request.body);
    return profiles.addToWishlist(user.id, productId);
  });

  app.delete('/api/wishlist/:productId', async (request) => {
    const user = await signedIn(request);
    await profiles.removeFromWishlist(user.id, wishlistProductId(request));
    return { message: 'Removed from wishlist' };
  });
}
