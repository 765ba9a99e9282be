import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TotalChangedError } from '../checkout/create-checkout';
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError, TooManyRequestsError, UnauthorizedError } from '../errors';
import { PaymentProviderError } from '../payments/provider';
import { registerErrorHandling } from './errors';
import { parseInput } from './parse';

describe('error answers', () => {
  let app: FastifyInstance;
  const refusals: Record<string, () => never> = {
    invalid: () => {
      throw new InvalidInputError('Please enter a tracking number');
    },
    unauthorized: () => {
      throw new UnauthorizedError();
    },
    unverified: () => {
      throw new ForbiddenError('Verify your email first', 'email_unverified');
    },
    missing: () => {
      throw new NotFoundError('Product not found');
    },
    conflict: () => {
      throw new ConflictError('Order CF-1001 is sent and cannot be marked sent');
    },
    total: () => {
      throw new TotalChangedError(19_000);
    },
    limited: () => {
      throw new TooManyRequestsError(30);
    },
    provider: () => {
      throw new PaymentProviderError('The payment provider could not be reached (timeout)', null, 'timeout');
    },
  };

  beforeAll(async () => {
    app = Fastify();
    registerErrorHandling(app);
    for (const [name, refuse] of Object.entries(refusals)) app.get(`/${name}`, async () => refuse());
    const searchSchema = z.object({ address: z.string().trim().min(1, 'Address Required: Please enter an address.').max(5, 'Too long') });
    app.post('/search', async (request) => parseInput(searchSchema, request.body, { 'Address Required: Please enter an address.': 'address_required' }));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  const get = async (name: string) => {
    const res = await app.inject({ url: `/${name}` });
    return { status: res.statusCode, body: res.json() };
  };

  it('carry the refusal code beside the message and any details', async () => {
    expect(await get('invalid')).toEqual({ status: 400, body: { message: 'Please enter a tracking number', code: 'invalid_input' } });
    expect(await get('unauthorized')).toEqual({ status: 401, body: { message: 'Not authenticated', code: 'not_signed_in' } });
    expect(await get('unverified')).toEqual({ status: 403, body: { message: 'Verify your email first', code: 'email_unverified' } });
    expect(await get('missing')).toEqual({ status: 404, body: { message: 'Product not found', code: 'not_found' } });
    expect(await get('conflict')).toEqual({ status: 409, body: { message: 'Order CF-1001 is sent and cannot be marked sent', code: 'conflict' } });
    expect(await get('total')).toEqual({
      status: 409,
      body: { message: 'Your order total is now R190.00. Please review your order and try again.', code: 'cart_changed', expectedAmount: 19_000 },
    });
    expect(await get('limited')).toEqual({ status: 429, body: { message: 'Too many failed attempts. Please try again later.', code: 'too_many_attempts' } });
    expect(await get('provider')).toEqual({
      status: 502,
      body: { message: 'The payment provider could not be reached (timeout)', code: 'payment_provider_failed' },
    });
  });

  it('give a refusal of the input schema the code the route names for its message, else invalid_input', async () => {
    const search = (address: string) => app.inject({ method: 'POST', url: '/search', payload: { address } }).then((res) => res.json());
    expect(await search(' ')).toEqual({ message: 'Address Required: Please enter an address.', code: 'address_required' });
    expect(await search('Sea Point')).toEqual({ message: 'Too long', code: 'invalid_input' });
  });
});
