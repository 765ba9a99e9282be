import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import {
  confirmSignedIn,
  formatAmountPaid,
  outcomeToast,
  paymentErrorToast,
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
  metadata: {
    checkoutId: 'a1b2',
    deliveryMethod: 'paxi',
    deliverySpeed: 'paxi-standard',
    paxiPoint: { id: 'P1234', name: 'PEP Sea Point', address: '12 Main Road', city: 'Cape Town', province: 'Western Cape' },
    customerInfo: { firstName: 'Thandi', lastName: 'Nkosi', email: 'thandi@example.co.za', phone: '+27821234567' },
    items: [{ productId: 'f1', productName: 'SOUTH AFRICA', productImage: '/flags/4x3/za.svg', productPrice: 13_000, quantity: 1 }],
    totals: { subtotal: 13_000, shipping: 6_000, total: 19_000 },
  },
});

const apiError = (status: number, body: object | string) =>
  new ApiError(status, typeof body === 'string' ? body : JSON.stringify(body), 'Error');

/** A fake API answering by method and path; unknown calls fail the test. */
function fakeApi(answers: Record<string, (body: unknown) => unknown>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const request = vi.fn(async (method: string, path: string, body?: unknown) => {
    calls.push({ method, path, body });
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
    expect(outcome.kind === 'failed' && outcomeToast(outcome)).toMatchObject({ title: 'Payment Failed', description: paymentTexts.missingCheckout });
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

  it.each(['failed', 'cancelled', 'expired'])("reports a '%s' payment as failed with the spec's toast", async (status) => {
    const { request, calls } = fakeApi({ [VERIFY]: () => verification(status) });
    const outcome = await settlePayment('a1b2', { request, getSession: signedIn, cartSessionId: null, sleep: noSleep });
    expect(outcome).toEqual({ kind: 'failed', message: `Payment ${status}`, status, checkoutId: 'a1b2' });
    expect(outcomeToast(outcome)).toEqual({ title: 'Payment Failed', description: `Payment was ${status}. Please try again.`, variant: 'destructive' });
    expect(calls).toHaveLength(1);
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
  ])('turns a verification answering %i into its message and toast', async (status, message, title) => {
    const { request } = fakeApi({
      [VERIFY]: () => {
        throw apiError(status, { message: 'server words' });
      },
    });
    const outcome = await settlePayment('a1b2', { request, getSession: signedIn, cartSessionId: null, sleep: noSleep });
    expect(outcome).toEqual({ kind: 'error', message, checkoutId: 'a1b2' });
    expect(outcomeToast(outcome)?.title).toBe(title);
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
    expect(outcomeToast(outcome)?.title).toBe('Authentication Error');
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
  it('writes the amount paid with the currency code, or with R when there is none', () => {
    expect(formatAmountPaid(12_345, 'ZAR')).toBe('ZAR 123.45');
    expect(formatAmountPaid(19_000, '')).toBe('R190.00');
  });

  it('chooses the toast by what went wrong', () => {
    expect(paymentErrorToast('Payment not found. The checkout may have expired or the payment ID is invalid.', 'a1b2')).toEqual({
      title: 'Payment Session Expired',
      description:
        'Payment not found. The checkout may have expired or the payment ID is invalid. If you were charged, please contact support with your payment reference (a1b2).',
    });
    expect(paymentErrorToast('Payment verification failed due to authentication issues.', null).title).toBe('Authentication Error');
    expect(paymentErrorToast('Failed to verify payment status.', null).title).toBe('Payment Verification Failed');
  });
});
