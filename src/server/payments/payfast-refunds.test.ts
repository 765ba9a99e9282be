import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { ConflictError } from '../errors';
import { PaymentProviderError, type PaymentWebhookEvent } from './provider';
import { apiSignature, createPayfastRefunds, refundRequest, type PayfastRefundOptions } from './payfast-refunds';

const AT = new Date('2026-11-29T10:00:00.000Z');
const CHECKOUT = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';

/** PayFast's refund API as one test answers it, with what it was asked and what the shop kept. */
function refunds(answer: { status: number; text: string } | Error, options: Partial<PayfastRefundOptions> = {}) {
  const asked: { url: string; headers: Record<string, string>; body: string }[] = [];
  const kept: PaymentWebhookEvent[] = [];
  const refund = createPayfastRefunds({
    apiUrl: 'https://api.payfast.co.za',
    merchantId: '10000100',
    passphrase: 'jt7NOE43FZPn',
    testing: false,
    now: () => AT,
    records: { paymentOf: async (id) => (id === CHECKOUT ? { paymentId: '1124148' } : undefined), storeRefund: async (event) => void kept.push(event) },
    send: async (url, init) => {
      asked.push({ url, ...init });
      if (answer instanceof Error) throw answer;
      return answer;
    },
    ...options,
  });
  return { refund, asked, kept };
}

const SUCCESS = { status: 200, text: JSON.stringify({ code: 200, status: 'success', data: { response: { id: 'dc0521d3', status: 'COMPLETE' } } }) };

describe("PayFast's refund API", () => {
  it('signs the headers and body sorted by name with the passphrase, as PayFast documents', () => {
    // md5('amount=5000&merchant-id=10000100&notify_buyer=0&passphrase=jt7NOE43FZPn&reason=Refund+from+the+shop&timestamp=2026-11-29T10%3A00%3A00.000Z&version=v1')
    const request = refundRequest('10000100', 'jt7NOE43FZPn', { amount: 5_000, reason: 'Refund from the shop', notify_buyer: 0 }, AT.toISOString());
    expect(request.headers).toEqual({ 'merchant-id': '10000100', version: 'v1', timestamp: '2026-11-29T10:00:00.000Z', signature: '7f33c9ef9122ff582ab7d34f52739747', 'content-type': 'application/json' });
    expect(apiSignature({ b: '2', a: '1' }, 'p')).toBe(apiSignature({ a: '1', b: '2' }, 'p'));
  });

  it("asks for the refund of the checkout's payment in cents and keeps PayFast's yes as a confirmed refund for the inbox", async () => {
    const { refund, asked, kept } = refunds(SUCCESS);
    expect(await refund(CHECKOUT, { amountCents: 5_000, idempotencyKey: 'r1' })).toEqual({ refundId: 'payfast_dc0521d3', status: 'accepted', providerStatus: 'success' });
    expect(asked).toHaveLength(1);
    expect(asked[0]!.url).toBe('https://api.payfast.co.za/refunds/1124148');
    expect(JSON.parse(asked[0]!.body)).toEqual({ amount: 5_000, reason: 'Refund from the shop', notify_buyer: 0 });
    expect(kept).toEqual([
      expect.objectContaining({ id: 'payfast_refund_payfast_dc0521d3', type: 'refund.succeeded', checkoutId: CHECKOUT, refundId: 'payfast_dc0521d3', paymentId: '1124148', amountCents: 5_000, currency: 'ZAR' }),
    ]);
  });

  it("names the refund by the payment and the desk's key when PayFast's answer carries no id, and asks PayFast's sandbox with ?testing=true", async () => {
    const { refund, asked } = refunds({ status: 200, text: JSON.stringify({ code: 200, status: 'success', data: { response: true, message: 'Success' } }) }, { testing: true });
    expect((await refund(CHECKOUT, { amountCents: 100, idempotencyKey: 'rec-7' })).refundId).toBe('payfast_1124148_rec-7');
    expect(asked[0]!.url).toBe('https://api.payfast.co.za/refunds/1124148?testing=true');
  });

  it.each([
    [{ status: 400, text: JSON.stringify({ code: 400, status: 'failed', data: { response: 'Amount exceeds the available balance', message: 'Amount exceeds the available balance' } }) }, 'PayFast refused the refund (HTTP 400): Amount exceeds the available balance'],
    [{ status: 401, text: 'Merchant authorization failed' }, 'PayFast refused the refund (HTTP 401): Merchant authorization failed'],
    [{ status: 500, text: '<html>Internal Server Error</html>' }, 'PayFast refused the refund (HTTP 500): <html>Internal Server Error</html>'],
    [{ status: 200, text: JSON.stringify({ code: 200, status: 'success', data: { response: false, message: 'Refund not possible' } }) }, 'PayFast refused the refund (HTTP 200): Refund not possible'],
  ])('refuses in words, keeping nothing, when PayFast answers %j', async (answer, message) => {
    const { refund, kept } = refunds(answer);
    const err = await refund(CHECKOUT, { amountCents: 5_000, idempotencyKey: 'r1' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect((err as PaymentProviderError).message).toBe(message);
    expect((err as PaymentProviderError).status).toBe(502);
    expect(kept).toEqual([]);
  });

  it('says in words that PayFast did not answer, and that an order without a completed PayFast payment has nothing to refund there', async () => {
    const timedOut = Object.assign(new Error('The operation was aborted due to timeout'), { name: 'TimeoutError' });
    await expect(refunds(timedOut).refund(CHECKOUT, { amountCents: 5_000, idempotencyKey: 'r1' })).rejects.toThrow("PayFast's refund API did not answer: no answer within 15 s");
    const unknown = refunds(SUCCESS);
    await expect(unknown.refund('another-checkout', { amountCents: 5_000, idempotencyKey: 'r1' })).rejects.toBeInstanceOf(ConflictError);
    expect(unknown.asked).toEqual([]);
  });

  it('is chosen with PAYFAST_REFUNDS=api; anything but dashboard or api is refused at start, in words', () => {
    expect(loadConfig({ PAYMENT_PROVIDERS: 'payfast', PAYFAST_URL: 'fake', PAYFAST_REFUNDS: 'api' }).payments[0]).toMatchObject({ refunds: 'api', apiUrl: 'https://api.payfast.co.za' });
    expect(() => loadConfig({ PAYMENT_PROVIDERS: 'payfast', PAYFAST_URL: 'fake', PAYFAST_REFUNDS: 'yes' })).toThrow('PAYFAST_REFUNDS must be dashboard');
    expect(() => loadConfig({ PAYMENT_PROVIDERS: 'payfast', PAYFAST_URL: 'fake', PAYFAST_API_URL: 'ftp://x' })).toThrow('PAYFAST_API_URL must be an http(s) address');
  });
});
