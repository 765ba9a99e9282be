import { createHmac } from 'node:crypto';
import { sameText } from '../lib/same-text';
import { z } from 'zod';
import { findUnstorableText } from '../http/text-guard';
import { WebhookVerificationError, type PaymentWebhookEvent, type WebhookHeaders } from './provider';

/**
 * The Standard Webhooks scheme, which Yoco uses: headers webhook-id, webhook-timestamp (Unix
 * seconds) and webhook-signature ('v1,<base64>' entries separated by spaces); the signature is
 * HMAC-SHA256 over `${id}.${timestamp}.${rawBody}` with the base64-decoded secret (without 'whsec_').
 */

/** A delivery whose timestamp is further off than this, either way, is refused (replays, skewed clocks). */
const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

const SECRET_PREFIX = 'whsec_';
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** The HMAC key inside a webhook secret; throws when the secret is not one. */
export function webhookKey(secret: string): Buffer {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  const key = BASE64.test(encoded) ? Buffer.from(encoded, 'base64') : Buffer.alloc(0);
  if (key.length === 0) throw new Error('A webhook secret must be whsec_ followed by base64 text');
  return key;
}

function sign(key: Buffer, id: string, timestamp: string, rawBody: Buffer): string {
  return createHmac('sha256', key).update(`${id}.${timestamp}.`).update(rawBody).digest('base64');
}

export interface SignedWebhookHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/** The headers a sender attaches to one delivery of `rawBody`. */
export function signWebhook(secret: string, id: string, rawBody: Buffer, at: Date = new Date()): SignedWebhookHeaders {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  return {
    'webhook-id': id,
    'webhook-timestamp': timestamp,
    'webhook-signature': `v1,${sign(webhookKey(secret), id, timestamp, rawBody)}`,
  };
}

/** Header names arrive lower-cased from Node, but callers may pass any case; repeated headers are joined. */
function header(headers: WebhookHeaders, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name || value === undefined) continue;
    const text = Array.isArray(value) ? value.join(' ') : value;
    return text.trim() === '' ? undefined : text.trim();
  }
  return undefined;
}

/**
 * Verifies one delivery and returns its webhook-id. Throws WebhookVerificationError naming the
 * problem; the body is not read here, so a tampered body never reaches a parser.
 */
export function verifyWebhookSignature(secret: string, rawBody: Buffer, headers: WebhookHeaders, now: Date = new Date()): string {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures) {
    throw new WebhookVerificationError('The webhook lacks its webhook-id, webhook-timestamp or webhook-signature header', 'missing_headers');
  }
  if (!/^\d{1,12}$/.test(timestamp)) {
    throw new WebhookVerificationError('The webhook timestamp is not a Unix time', 'stale_timestamp');
  }
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (Math.abs(nowSeconds - Number(timestamp)) > WEBHOOK_TOLERANCE_SECONDS) {
    throw new WebhookVerificationError('The webhook timestamp is more than 5 minutes off', 'stale_timestamp');
  }
  const expected = sign(webhookKey(secret), id, timestamp, rawBody);
  const matches = signatures
    .split(' ')
    .filter((entry) => entry.startsWith('v1,'))
    .some((entry) => sameText(entry.slice(3), expected));
  if (!matches) throw new WebhookVerificationError('The webhook signature does not match', 'bad_signature');
  return id;
}

const envelopeSchema = z.object({
  id: z.string().optional(),
  type: z.string().min(1),
  createdDate: z.string().optional(),
  payload: z
    .object({
      id: z.string().optional(),
      type: z.string().optional(),
      amount: z.number().optional(),
      currency: z.string().optional(),
      status: z.string().optional(),
      paymentId: z.string().optional(),
      failureReason: z.string().optional(),
      metadata: z.record(z.string(), z.unknown()).nullish(),
    })
    .loose(),
});

/** Verifies a delivery (see verifyWebhookSignature), then reads Yoco's envelope {id, type, createdDate, payload}. */
export function verifyPaymentWebhook(secret: string, rawBody: Buffer, headers: WebhookHeaders, now: Date = new Date()): PaymentWebhookEvent {
  const webhookId = verifyWebhookSignature(secret, rawBody, headers, now);
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new WebhookVerificationError('The webhook body is not JSON', 'bad_payload');
  }
  // Stored as it came (jsonb), which refuses a NUL character: the provider gets a 400, not a 500 it would retry for days.
  const unstorable = findUnstorableText(json, (path) => (path.length === 0 ? 'The webhook body' : `The webhook body ${path.join('.')}`));
  if (unstorable) throw new WebhookVerificationError(unstorable, 'bad_payload');
  return readPaymentEvent(webhookId, json);
}

/** A payment notification of a provider with its own format (PayFast's ITN, Ozow's notification), as the shop's event. */
export interface ProviderNotification {
  /** Unique per event and the same for each delivery of it: `payfast_<pf_payment_id>_COMPLETE`. */
  webhookId: string;
  type: 'payment.succeeded' | 'payment.failed';
  /** The provider's checkout id the shop keeps (checkouts.provider_checkout_id). */
  checkoutId: string;
  /** The provider's id for the payment (pf_payment_id, Ozow's TransactionId). */
  paymentId: string;
  amountCents: number;
  currency: string;
  /** The provider's own status word: COMPLETE, Cancelled, … */
  status: string;
  /** The fields as the provider sent them, kept with the event for whoever looks at it later. */
  fields: Record<string, string>;
}

/**
 * A verified notification in the envelope the shop stores and handles ({id, type, payload}, as
 * Yoco's), with the provider's own fields beside it: every provider's events are read back the
 * same way (readPaymentEvent).
 */
export function shopEnvelope(notification: ProviderNotification): PaymentWebhookEvent {
  const { webhookId, type, checkoutId, paymentId, amountCents, currency, status, fields } = notification;
  const raw = { id: webhookId, type, payload: { id: paymentId, amount: amountCents, currency, status, metadata: { checkoutId } }, notification: fields };
  return readPaymentEvent(webhookId, raw);
}

/**
 * Reads an envelope already verified: on arrival, and again when a stored event is handled later
 * (the signature was checked when it came in).
 */
export function readPaymentEvent(webhookId: string, json: unknown): PaymentWebhookEvent {
  const parsed = envelopeSchema.safeParse(json);
  if (!parsed.success) throw new WebhookVerificationError('The webhook body is not a payment event', 'bad_payload');
  const { id: eventId, type, payload } = parsed.data;
  const isRefund = payload.type === 'refund' || type.startsWith('refund.');
  const checkoutId = payload.metadata?.checkoutId;
  return {
    id: webhookId,
    eventId,
    type,
    checkoutId: typeof checkoutId === 'string' ? checkoutId : undefined,
    paymentId: isRefund ? payload.paymentId : payload.id,
    refundId: isRefund ? payload.id : undefined,
    amountCents: payload.amount,
    currency: payload.currency,
    status: payload.status,
    failureReason: payload.failureReason,
    raw: json,
  };
}
