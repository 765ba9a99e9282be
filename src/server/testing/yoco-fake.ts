import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake for Yoco's Checkout API, written from Yoco's documented behaviour (see
 * shared/reference), for tests: checkouts, status, refunds, idempotency keys, and signed webhooks.
 * It signs webhooks with its own code, not the shop's, so the two check each other.
 */

interface FakeCheckout {
  id: string;
  status: string;
  amount: number;
  currency: string;
  redirectUrl: string;
  paymentId: string | null;
  successUrl?: string;
  cancelUrl?: string;
  failureUrl?: string;
  metadata: Record<string, string>;
  merchantId: string;
  processingMode: 'test' | 'live';
  externalId?: string;
  /** Not in Yoco's answer: what the fake keeps to judge refunds. */
  refundedCents: number;
  /** Everything the create request sent, display fields included. */
  request: Record<string, unknown>;
}

interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

interface ScriptedResponse {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

interface WebhookOptions {
  /** Sign with another secret than the one given. */
  wrongSecret?: boolean;
  /** Seconds added to the current time in webhook-timestamp (negative: in the past). */
  timestampOffsetSeconds?: number;
  /** Change the body after signing it. */
  tamper?: boolean;
  /** Signature entries placed before the real one (key rotation: several v1 entries). */
  extraSignatures?: string[];
  /** Header left out. */
  omit?: 'webhook-id' | 'webhook-timestamp' | 'webhook-signature';
  webhookId?: string;
}

interface SignedWebhook {
  headers: Record<string, string>;
  body: Buffer;
}

export interface AnsweredRefund {
  checkoutId: string;
  refundId: string;
  amountCents: number;
}

export interface YocoFake {
  /** Base URL to use as YOCO_API_URL, e.g. http://127.0.0.1:40123/api */
  apiUrl: string;
  secretKey: string;
  requests: RecordedRequest[];
  checkouts: Map<string, FakeCheckout>;
  /** The next requests, whatever they are, get these answers in order (errors, 429s, odd bodies). */
  respondNext(...responses: ScriptedResponse[]): void;
  /** The shopper paid on Yoco's page: status completed with a payment id. */
  markPaid(checkoutId: string): FakeCheckout;
  setStatus(checkoutId: string, status: string): void;
  paymentSucceeded(checkoutId: string): object;
  /** A refund's webhook event; with `refundId`, about the refund the fake answered with that id. */
  refundEvent(checkoutId: string, type: 'refund.succeeded' | 'refund.failed', amountCents: number, refundId?: string): object;
  /**
   * Runs before a refund's 202 answer goes out, when set: Yoco's refund.succeeded webhook can reach
   * the shop before the answer to the refund call does.
   */
  beforeRefundAnswer?: (refund: AnsweredRefund) => Promise<void>;
  /** A webhook delivery as Yoco would send it, signed with `secret` (whsec_…). */
  signWebhook(secret: string, event: object, options?: WebhookOptions): SignedWebhook;
  close(): Promise<void>;
}

/** The shop's settings for paying through this fake, with the webhook secret the test signs with. */
export function yocoSettings(fake: YocoFake, webhookSecret: string): Record<string, string> {
  return { PAYMENT_PROVIDER: 'yoco', YOCO_API_URL: fake.apiUrl, YOCO_SECRET_KEY: fake.secretKey, YOCO_WEBHOOK_SECRET: webhookSecret };
}

const id = (prefix: string) => `${prefix}${randomBytes(12).toString('hex')}`;

function hmacSignature(secret: string, webhookId: string, timestamp: string, body: Buffer): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return createHmac('sha256', key).update(Buffer.concat([Buffer.from(`${webhookId}.${timestamp}.`), body])).digest('base64');
}

interface Remembered {
  requestBody: string;
  status: number;
  body: unknown;
}

export async function startYocoFake(options: { secretKey?: string } = {}): Promise<YocoFake> {
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(16).toString('hex')}`;
  const requests: RecordedRequest[] = [];
  const checkouts = new Map<string, FakeCheckout>();
  const scripted: ScriptedResponse[] = [];
  /** Idempotency keys per path: a repeated key replays the first answer. */
  const remembered = new Map<string, Remembered>();
  /** The refunds answered, by the answer's body: beforeRefundAnswer is told of each. */
  const answeredRefunds = new WeakMap<object, AnsweredRefund>();

  function handle(method: string, path: string, headers: http.IncomingHttpHeaders, rawBody: string): ScriptedResponse {
    if (headers.authorization !== `Bearer ${secretKey}` || !secretKey.startsWith('sk_test_')) {
      return { status: 401, body: { errorType: 'authentication_error', errorCode: 'invalid_key', description: 'Invalid API key.' } };
    }
    let body: Record<string, unknown> = {};
    if (rawBody) {
      try {
        body = JSON.parse(rawBody) as Record<string, unknown>;
      } catch {
        return { status: 400, body: { errorType: 'invalid_request_error', errorCode: 'invalid_json', description: 'The body is not JSON.' } };
      }
    }

    if (method === 'POST' && path === '/api/checkouts') {
      const amount = body.amount;
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 200) {
        return {
          status: 400,
          body: { errorType: 'invalid_request_error', errorCode: 'invalid_amount', description: 'amount must be at least 200 cents.' },
        };
      }
      if (body.currency !== 'ZAR') {
        return { status: 400, body: { errorType: 'invalid_request_error', errorCode: 'invalid_currency', description: 'currency must be ZAR.' } };
      }
      const checkoutId = id('ch_');
      const checkout: FakeCheckout = {
        id: checkoutId,
        status: 'created',
        amount,
        currency: 'ZAR',
        redirectUrl: `https://c.yoco.com/checkout/${checkoutId}`,
        paymentId: null,
        successUrl: body.successUrl as string | undefined,
        cancelUrl: body.cancelUrl as string | undefined,
        failureUrl: body.failureUrl as string | undefined,
        metadata: (body.metadata as Record<string, string> | undefined) ?? {},
        merchantId: 'acc_fake',
        processingMode: 'test',
        externalId: body.externalId as string | undefined,
        refundedCents: 0,
        request: body,
      };
      checkouts.set(checkoutId, checkout);
      return { status: 200, body: publicView(checkout) };
    }

    const checkoutMatch = /^\/api\/checkouts\/([^/]+)(\/refund)?$/.exec(path);
    if (checkoutMatch) {
      const checkout = checkouts.get(decodeURIComponent(checkoutMatch[1]!));
      if (!checkout) return { status: 404, body: { errorMessage: 'Checkout not found.', errorCode: 'not_found' } };
      if (method === 'GET' && !checkoutMatch[2]) return { status: 200, body: publicView(checkout) };
      if (method === 'POST' && checkoutMatch[2]) {
        if (checkout.status !== 'completed') {
          return { status: 400, body: { errorType: 'invalid_request_error', errorCode: 'not_paid', description: 'The checkout has not been paid.' } };
        }
        const refundable = checkout.amount - checkout.refundedCents;
        if (refundable === 0) return { status: 400, body: { errorMessage: 'Payment has already been refunded.', errorCode: 'already_refunded' } };
        const amountCents = body.amount === undefined ? refundable : body.amount;
        if (typeof amountCents !== 'number' || !Number.isInteger(amountCents) || amountCents <= 0 || amountCents > refundable) {
          return { status: 400, body: { errorMessage: 'The refund amount is not valid.', errorCode: 'invalid_amount' } };
        }
        checkout.refundedCents += amountCents;
        const answer = { id: checkout.id, refundId: id('rfd_'), message: 'Refund in progress', status: 'successful' };
        answeredRefunds.set(answer, { checkoutId: checkout.id, refundId: answer.refundId, amountCents });
        return { status: 202, body: answer };
      }
    }
    return { status: 404, body: { displayMessage: 'Not found.' } };
  }

  function publicView(c: FakeCheckout): object {
    const { refundedCents: _refunded, request: _request, ...view } = c;
    return view;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const method = req.method ?? 'GET';
      const path = (req.url ?? '/').split('?', 1)[0]!;
      let parsedBody: unknown = rawBody;
      try {
        parsedBody = rawBody ? JSON.parse(rawBody) : undefined;
      } catch {
        // Kept as text: the request is recorded as it came.
      }
      requests.push({ method, path, headers: req.headers, body: parsedBody });

      const send = async (answer: ScriptedResponse, extra: Record<string, string> = {}) => {
        const refund = typeof answer.body === 'object' && answer.body !== null ? answeredRefunds.get(answer.body) : undefined;
        if (refund && extra['idempotent-replayed'] === undefined) await fake.beforeRefundAnswer?.(refund);
        const text = answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
        res.writeHead(answer.status, {
          ...(typeof answer.body === 'string' ? { 'content-type': 'text/plain' } : { 'content-type': 'application/json' }),
          ...answer.headers,
          ...extra,
        });
        res.end(text);
      };

      const next = scripted.shift();
      if (next) return send(next);

      const key = req.headers['idempotency-key'];
      if (method === 'POST' && typeof key === 'string') {
        const slot = `${path} ${key}`;
        const earlier = remembered.get(slot);
        if (earlier) {
          if (earlier.requestBody !== rawBody) {
            return send({ status: 422, body: { errorMessage: 'Idempotency key was used with a different request.', errorCode: 'idempotency_mismatch' } });
          }
          return send({ status: earlier.status, body: earlier.body }, { 'idempotent-replayed': 'true' });
        }
        const answer = handle(method, path, req.headers, rawBody);
        if (answer.status < 500) remembered.set(slot, { requestBody: rawBody, status: answer.status, body: answer.body });
        return send(answer);
      }
      return send(handle(method, path, req.headers, rawBody));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  function checkoutOf(checkoutId: string): FakeCheckout {
    const checkout = checkouts.get(checkoutId);
    if (!checkout) throw new Error(`The fake has no checkout ${checkoutId}`);
    return checkout;
  }

  const fake: YocoFake = {
    apiUrl: `http://127.0.0.1:${port}/api`,
    secretKey,
    requests,
    checkouts,
    respondNext: (...responses) => void scripted.push(...responses),
    markPaid(checkoutId) {
      const checkout = checkoutOf(checkoutId);
      checkout.status = 'completed';
      checkout.paymentId ??= id('p_');
      return checkout;
    },
    setStatus(checkoutId, status) {
      checkoutOf(checkoutId).status = status;
    },
    paymentSucceeded(checkoutId) {
      const checkout = checkoutOf(checkoutId);
      const at = new Date().toISOString();
      return {
        id: id('evt_'),
        type: 'payment.succeeded',
        createdDate: at,
        payload: {
          id: checkout.paymentId,
          type: 'payment',
          createdDate: at,
          amount: checkout.amount,
          currency: checkout.currency,
          status: 'succeeded',
          mode: 'test',
          paymentMethodDetails: { type: 'card', card: { expiryMonth: 11, expiryYear: 2030, maskedCard: '************4242', scheme: 'visa' } },
          metadata: { checkoutId: checkout.id },
        },
      };
    },
    refundEvent(checkoutId, type, amountCents, refundId) {
      const checkout = checkoutOf(checkoutId);
      const failed = type === 'refund.failed';
      return {
        id: id('evt_'),
        type,
        createdDate: new Date().toISOString(),
        payload: {
          id: refundId ?? id('rfd_'),
          type: 'refund',
          amount: amountCents,
          currency: checkout.currency,
          paymentId: checkout.paymentId,
          status: failed ? 'failed' : 'succeeded',
          mode: 'test',
          metadata: { checkoutId: checkout.id },
          refundableAmount: checkout.amount - checkout.refundedCents,
          ...(failed ? { failureReason: 'Refunds work only on live-mode checkouts' } : {}),
        },
      };
    },
    signWebhook(secret, event, opts = {}) {
      const webhookId = opts.webhookId ?? id('msg_');
      const timestamp = String(Math.floor(Date.now() / 1000) + (opts.timestampOffsetSeconds ?? 0));
      const body = Buffer.from(JSON.stringify(event));
      const key = opts.wrongSecret ? `whsec_${randomBytes(24).toString('base64')}` : secret;
      const signature = [...(opts.extraSignatures ?? []), `v1,${hmacSignature(key, webhookId, timestamp, body)}`].join(' ');
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'webhook-id': webhookId,
        'webhook-timestamp': timestamp,
        'webhook-signature': signature,
      };
      if (opts.omit) delete headers[opts.omit];
      const sent = opts.tamper ? Buffer.from(body.toString('utf8').replace(/"amount":(\d+)/, (_m, n: string) => `"amount":${Number(n) + 1}`)) : body;
      return { headers, body: sent };
    },
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
  return fake;
}
