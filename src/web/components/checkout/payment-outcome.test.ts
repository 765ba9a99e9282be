import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import {
  checkPayment,
  confirmSignedIn,
  paymentProblem,
  paymentTexts,
  settlePayment,
  type SettleDeps,
} from './payment-outcome';
import type { PaymentVerification } from '../../../shared/checkout';

const verification = (status: string): PaymentVerification => ({
  status,
  amount: 19_000,
  currency: 'ZAR',
  paymentId: status === 'completed' ? 'p_123' : null,
  orderNumber: status === 'completed' ? 'CF-1001' : null,
  orderLink: null,
  metadata: {
    checkoutId: 'a1b2',
    deliveryMethod: 'paxi',
    deliverySpeed: 'paxi-standard',
    paxiPoint: { id: 'P1234', name: 'PEP Sea Point', address: '12 Main Road', city: 'Cape Town', province: 'Western Cape' },
    customerInfo: { firstName: 'Thandi', lastName: 'Nkosi', email: 'thandi@example.co.za', phone: '+27821234567' },
    items: [{ productId: 'f1', productName: 'SOUTH AFRICA', productImage: '/flags/4x3/za.svg', productPrice: 13_000, quantity: 1 }],
    deliveryLabel: 'PAXI Standard collection fee',
    totals: { subtotal: 13_000, shipping: 6_000, discount: 0, total: 19_000 },
  },
});

const apiError = (status: number, body: object | string) =>
  new ApiError(status, typeof body === 'string' ? body : JSON.stringify(body), 'Error');

/** A fake API answering by method and path; unknown calls fail the test. */
function fakeApi(answers: Record<string, (body: unknown) => unknown>) {
  const calls: { method: string; path: string; body: unknown; headers?: Record<string, string> }[] = [];
  const request = vi.fn(async (method: string, path: string, body?: unknown, headers?: Record<string, string>) => {
    calls.push({ method, path, body, headers });
    const answer = answers[`${method} ${path}`];
    if (!answer) throw new Error(`unexpected call ${method} ${path}`);
    return answer(body);
  });
  return { request: request as unknown as NonNullable<SettleDeps['request']>, calls };
}

const signedIn = async () => ({ user: { id: 'u1' } });
const noSleep = async () => undefined;
const VERIFY = 'GET /api/payments/yoco/verify/a1b2';
const COMPLETE = 'POST /api/payments/complete';

describe('settlePayment', () => {
  it('fails without a checkout id and calls nothing', async () => {
    const { request, calls } = fakeApi({});
    const outcome = await settlePayment(null, { request, getSession: signedIn, cartSessionId: null });
    expect(outcome).toEqual({ kind: 'failed', message: paymentTexts.missingCheckout, status: null, checkoutId: null });
    expect(calls).toEqual([]);
    expect(outcome.kind === 'failed' && paymentProblem(outcome)).toMatchObject({ title: 'Payment Failed', message: `${paymentTexts.missingCheckout}.` });
  });

  it('verifies, completes with the cart session id and reports the order number', async () => {
    const { request, calls } = fakeApi({
      [VERIFY]: () => verification('completed'),
      [COMPLETE]: () => ({ success: true, alreadyExisted: true, message: 'Order CF-1001 already exists', order: { orderNumber: 'CF-1001' } }),
    });
    const outcome = await settlePayment('a1b2', { request, getSession: signedIn, cartSessionId: 'cart-session-123456', sleep: noSleep });
    expect(outcome).toMatchObject({ kind: 'success', orderNumber: 'CF-1001' });
    expect(calls[1]).toEqual({ method: 'POST', path: '/api/payments/complete', body: { checkoutId: 'a1b2', sessionId: 'cart-session-123456' } });
  });

  it("counts a completion refused with 'already exists' as success, and sends 'default' without a cart", async () => {
    const { request, calls } = fakeApi({
      [VERIFY]: () => verification('completed'),
      [COMPLETE]: () => {
        throw apiError(409, { message: 'Order CF-1001 already exists' });
      },
    });
    const outcome = await settlePayment('a1b2', { request, getSession: signedIn, cartSessionId: null, sleep: noSleep });
    expect(outcome).toMatchObject({ kind: 'success', orderNumber: 'CF-1001' });
    expect(calls[1]!.body).toMatchObject({ sessionId: 'default' });
  });

  it.each([
    ['failed', "We couldn't process your payment: your card was declined, and no money was taken."],
    ['cancelled', "We couldn't process your payment: the payment was cancelled, and no money was taken."],
    ['expired', "We couldn't process your payment: the payment expired before it was completed, and no money was taken."],
  ])("reports a '%s' payment as failed, in one message, without completing it", async (status, message) => {
    const { request, calls } = fakeApi({ [VERIFY]: () => verification(status) });
    const outcome = await settlePayment('a1b2', { request, getSession: signedIn, cartSessionId: null, sleep: noSleep });
    expect(outcome).toEqual({ kind: 'failed', message: `Payment ${status}`, status, checkoutId: 'a1b2' });
    expect(outcome.kind !== 'success' && outcome.kind !== 'ordered' && paymentProblem(outcome)).toEqual({
      title: 'Payment Failed',
      message,
      nextStep: 'Your flags are still in your cart: try again, with another card if yours was declined, or contact us.',
    });
    expect(calls).toHaveLength(1);
  });

  it("takes a guest's order as placed when the payment is confirmed, asking no sign-in and naming the cart", async () => {
    const { request, calls } = fakeApi({ [VERIFY]: () => ({ ...verification('completed'), orderLink: '/orders/CF-1001?key=1.k' }) });
    const outcome = await settlePayment('a1b2', { request, getSession: async () => null, cartSessionId: 'guest-cart-0123456789', sleep: noSleep });
    expect(outcome).toMatchObject({ kind: 'success', orderNumber: 'CF-1001', verification: { orderLink: '/orders/CF-1001?key=1.k' } });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([VERIFY]);
    expect(calls[0]!.headers).toEqual({ 'x-cart-session-id': 'guest-cart-0123456789' });
  });

  it('sends an order to be paid by bank transfer to its page, with no completion and no word of a payment', async () => {
    const { request, calls } = fakeApi({ [VERIFY]: () => ({ ...verification('ordered'), orderNumber: 'CF-1002' }) });
    expect(await settlePayment('a1b2', { request, getSession: signedIn, cartSessionId: null, sleep: noSleep })).toEqual({ kind: 'ordered', orderNumber: 'CF-1002', orderLink: null });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([VERIFY]);
  });

  it('checking a payment without settling it never completes an order, even a paid one', async () => {
    const { request, calls } = fakeApi({ [VERIFY]: () => verification('completed') });
    expect(await checkPayment('a1b2', { request, sleep: noSleep })).toMatchObject({ kind: 'paid' });
    expect(calls.map((c) => c.method)).toEqual(['GET']);
  });

  it('asks again about a pending payment before giving up', async () => {
    const statuses = ['pending', 'pending', 'completed'];
    const { request, calls } = fakeApi({
      [VERIFY]: () => verification(statuses.shift()!),
      [COMPLETE]: () => ({ success: true, order: { orderNumber: 'CF-1001' } }),
    });
    const sleep = vi.fn(noSleep);
    const outcome = await settlePayment('a1b2', { request, getSession: signedIn, cartSessionId: null, sleep });
    expect(outcome.kind).toBe('success');
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(3);
  });

  it.each([
    [404, paymentTexts.verifyNotFound, 'Payment Session Expired'],
    [401, paymentTexts.verifyAuthentication, 'Authentication Error'],
    [500, paymentTexts.verifyFailed, 'Payment Verification Failed'],
  ])('turns a verification answering %i into its message and heading', async (status, message, title) => {
    const { request } = fakeApi({
      [VERIFY]: () => {
        throw apiError(status, { message: 'server words' });
      },
    });
    const outcome = await settlePayment('a1b2', { request, getSession: signedIn, cartSessionId: null, sleep: noSleep });
    expect(outcome).toEqual({ kind: 'error', message, checkoutId: 'a1b2' });
    expect(outcome.kind !== 'success' && outcome.kind !== 'ordered' && paymentProblem(outcome).title).toBe(title);
  });

  it('does not complete when no fresh sign-in can be had', async () => {
    const { request, calls } = fakeApi({ [VERIFY]: () => verification('completed') });
    const outcome = await settlePayment('a1b2', { request, getSession: async () => null, cartSessionId: null, sleep: noSleep });
    expect(outcome).toEqual({ kind: 'error', message: paymentTexts.sessionLost, checkoutId: 'a1b2' });
    expect(calls).toHaveLength(1);
  });

  it('reports a refused completion with its status and the server message', async () => {
    const { request } = fakeApi({
      [VERIFY]: () => verification('completed'),
      [COMPLETE]: () => {
        throw apiError(409, { message: 'The payment has not been completed' });
      },
    });
    const outcome = await settlePayment('a1b2', { request, getSession: signedIn, cartSessionId: null, sleep: noSleep });
    expect(outcome).toEqual({ kind: 'error', message: 'Payment completion failed: 409 - The payment has not been completed', checkoutId: 'a1b2' });
  });

  it('tells a shopper whose sign-in lapsed to sign in again', async () => {
    const { request } = fakeApi({
      [VERIFY]: () => verification('completed'),
      [COMPLETE]: () => {
        throw apiError(401, { message: 'Not authenticated' });
      },
    });
    const outcome = await settlePayment('a1b2', { request, getSession: signedIn, cartSessionId: null, sleep: noSleep });
    expect(outcome).toMatchObject({ kind: 'error', message: paymentTexts.completeAuthentication });
    expect(outcome.kind !== 'success' && outcome.kind !== 'ordered' && paymentProblem(outcome).title).toBe('Authentication Error');
  });
});

describe('confirmSignedIn', () => {
  it('tries three times, waiting 1 s after the first failure and 0.5 s after the next', async () => {
    const sleep = vi.fn(noSleep);
    const getSession = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(null).mockResolvedValueOnce(null);
    expect(await confirmSignedIn(getSession, sleep)).toBe(false);
    expect(getSession).toHaveBeenCalledTimes(3);
    expect(sleep.mock.calls).toEqual([[1000], [500]]);
  });

  it('stops at the first session found', async () => {
    const sleep = vi.fn(noSleep);
    const getSession = vi.fn().mockResolvedValueOnce(null).mockResolvedValueOnce({ user: {} });
    expect(await confirmSignedIn(getSession, sleep)).toBe(true);
    expect(getSession).toHaveBeenCalledTimes(2);
    expect(sleep.mock.calls).toEqual([[1000]]);
  });
});

describe('payment page texts', () => {
  it('tells a shopper whose payment could not be confirmed to quote the reference if charged', () => {
    const problem = paymentProblem({ kind: 'error', message: paymentTexts.verifyNotFound, checkoutId: 'a1b2' });
    expect(problem).toEqual({
      title: 'Payment Session Expired',
      message: paymentTexts.verifyNotFound,
      nextStep: 'If you were charged, please contact us with your payment reference; otherwise try again.',
    });
    expect(paymentProblem({ kind: 'error', message: 'Failed to verify payment status.', checkoutId: null }).title).toBe('Payment Verification Failed');
  });
});
