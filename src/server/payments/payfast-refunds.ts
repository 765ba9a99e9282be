import { createHash } from 'node:crypto';
import { z } from 'zod';
import { ConflictError } from '../errors';
import { jsonOrText, whyNoAnswer } from '../lib/http-retry';
import { checkRefundInput, PaymentProviderError, type PaymentWebhookEvent, type RefundInput, type RefundResult } from './provider';
import { readPaymentEvent } from './webhooks';

/*
 * PayFast's refund API (POST https://api.payfast.co.za/refunds/{pf_payment_id}), for merchants
 * PayFast has given it (PAYFAST_REFUNDS=api). PayFast answers at once and sends no notification of
 * the refund: the shop stores its answer as a verified refund.succeeded event, which the inbox
 * handles as it does Yoco's (counted once, with its credit note).
 */

export const PAYFAST_API_URL = 'https://api.payfast.co.za';
/** How long a refund call may take. */
export const PAYFAST_REFUND_TIMEOUT_MS = 15_000;

/** PayFast's API signature: MD5 of every header and body field and the passphrase, sorted by name, URL-encoded. */
export function apiSignature(params: Record<string, string>, passphrase: string): string {
  const all: Record<string, string> = { ...params, passphrase };
  const text = Object.keys(all)
    .sort()
    .map((name) => `${name}=${encodeURIComponent(all[name]!.trim()).replace(/%20/g, '+')}`)
    .join('&');
  return createHash('md5').update(text).digest('hex');
}

/** The headers and body of one refund request, signed. */
export function refundRequest(merchantId: string, passphrase: string, body: { amount: number; reason: string; notify_buyer: number }, timestamp: string) {
  const headers = { 'merchant-id': merchantId, version: 'v1', timestamp };
  const signature = apiSignature({ ...headers, amount: String(body.amount), reason: body.reason, notify_buyer: String(body.notify_buyer) }, passphrase);
  return { headers: { ...headers, signature, 'content-type': 'application/json' }, body };
}

const answerSchema = z
  .object({
    code: z.number().optional(),
    status: z.string(),
    // true, false, a message, or the refund itself ({ id, status, … }), as PayFast's answers vary.
    data: z.object({ response: z.unknown(), message: z.string().optional() }).loose().optional(),
  })
  .loose();

/** What the refunds need of the shop: the payment a checkout's ITN named, and where to keep PayFast's answer. */
interface RefundRecords {
  /** pf_payment_id of the checkout's COMPLETE ITN. */
  paymentOf(checkoutId: string): Promise<{ paymentId: string } | undefined>;
  /** Keeps a refund PayFast took as a verified event, handled by the next reconciliation. */
  storeRefund(event: PaymentWebhookEvent): Promise<void>;
}

export interface PayfastRefundOptions {
  /** https://api.payfast.co.za, or a call answered by the stand-in. */
  send: (url: string, init: { headers: Record<string, string>; body: string }) => Promise<{ status: number; text: string }>;
  apiUrl: string;
  merchantId: string;
  passphrase: string;
  /** PayFast's sandbox takes refunds only with ?testing=true. */
  testing: boolean;
  records: RefundRecords;
  now?: () => Date;
}

/** A refund through PayFast's API: asked, and on PayFast's yes, kept as the confirmed refund it is. */
export function createPayfastRefunds(options: PayfastRefundOptions) {
  const { apiUrl, merchantId, passphrase, records } = options;
  return async function refund(checkoutId: string, input: RefundInput): Promise<RefundResult> {
    checkRefundInput(input);
    if (input.amountCents === undefined) throw new ConflictError('A PayFast refund names its amount');
    const payment = await records.paymentOf(checkoutId);
    if (!payment) throw new ConflictError('PayFast has not told the shop of a completed payment for this order, so there is nothing to refund through it');
    const { headers, body } = refundRequest(merchantId, passphrase, { amount: input.amountCents, reason: 'Refund from the shop', notify_buyer: 0 }, (options.now ?? (() => new Date()))().toISOString());
    const url = `${apiUrl}/refunds/${encodeURIComponent(payment.paymentId)}${options.testing ? '?testing=true' : ''}`;
    let answer: { status: number; text: string };
    try {
      answer = await options.send(url, { headers, body: JSON.stringify(body) });
    } catch (err) {
      throw new PaymentProviderError(`PayFast's refund API did not answer: ${whyNoAnswer(err, PAYFAST_REFUND_TIMEOUT_MS)}`, null, whyNoAnswer(err, PAYFAST_REFUND_TIMEOUT_MS));
    }
    const parsed = answerSchema.safeParse(jsonOrText(answer.text));
    const said = parsed.success ? (parsed.data.data?.message ?? parsed.data.status) : answer.text.trim().slice(0, 200);
    if (answer.status !== 200 || !parsed.success || parsed.data.status !== 'success' || parsed.data.data?.response === false) {
      throw new PaymentProviderError(`PayFast refused the refund (HTTP ${answer.status}): ${said}`, answer.status, said);
    }
    const given = z.object({ id: z.union([z.string().min(1), z.number()]) }).safeParse(parsed.data.data?.response);
    const refundId = given.success ? `payfast_${String(given.data.id)}` : `payfast_${payment.paymentId}_${input.idempotencyKey}`;
    const webhookId = `payfast_refund_${refundId}`;
    await records.storeRefund(
      readPaymentEvent(webhookId, {
        id: webhookId,
        type: 'refund.succeeded',
        payload: { id: refundId, type: 'refund', paymentId: payment.paymentId, amount: input.amountCents, currency: 'ZAR', status: 'succeeded', metadata: { checkoutId } },
      }),
    );
    return { refundId, status: 'accepted', providerStatus: parsed.data.status };
  };
}
