import { z } from 'zod';
import { unsetWhenBlank } from '../provider-registry';
import {
  checkCreateCheckoutInput,
  checkRefundInput,
  PaymentProviderError,
  refundAccepted,
  saysAlreadyRefunded,
  type CheckoutState,
  type CreateCheckoutInput,
  type CreatedCheckout,
  type WebhookPaymentProvider,
  type PaymentProviderDefinition,
  type RefundInput,
  type RefundResult,
} from './provider';
import { verifyPaymentWebhook, webhookKey } from './webhooks';
import { jsonOrText, retryAfterMs, whyNoAnswer } from '../lib/http-retry';

export interface YocoProviderOptions {
  /** https://payments.yoco.com/api, or a local fake in tests. */
  apiUrl: string;
  /** sk_test_… or sk_live_…; server side only. */
  secretKey: string;
  /** whsec_…, shown once when the webhook was registered with Yoco. */
  webhookSecret: string;
  fetch?: typeof fetch;
  /** Waits between tries; replaced in tests. */
  sleep?: (ms: number) => Promise<void>;
  /** How long one request may take before it counts as failed. */
  timeoutMs?: number;
  now?: () => Date;
}

/** At most this many tries of one request. */
export const MAX_TRIES = 3;
/** A Retry-After longer than this is not waited for: the request fails and says when to try again. */
const LONGEST_WAIT_MS = 5_000;
/** Waits when the provider did not say how long (after the first and the second try). */
const DEFAULT_WAITS_MS = [500, 1_000];

/**
 * 429: too many requests; 409: the same idempotency key is still being processed; 502-504: a
 * gateway hiccup. Every request is safe to repeat: GETs, and POSTs that carry an idempotency key.
 */
const RETRIED_STATUSES = new Set([409, 429, 502, 503, 504]);

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const errorBodySchema = z
  .object({
    errorType: z.string().optional(),
    errorCode: z.string().optional(),
    description: z.string().optional(),
    errorMessage: z.string().optional(),
    displayMessage: z.string().optional(),
    message: z.string().optional(),
  })
  .loose();

/** The provider's own words from any of its error shapes: {errorType, errorCode, description}, {errorMessage, errorCode}, {displayMessage}. */
function providerMessageOf(body: unknown): { message: string | undefined; errorCode?: string; errorType?: string } {
  const parsed = errorBodySchema.safeParse(body);
  if (!parsed.success) return { message: typeof body === 'string' && body.trim() ? body.trim().slice(0, 300) : undefined };
  const b = parsed.data;
  return { message: b.description ?? b.errorMessage ?? b.displayMessage ?? b.message, errorCode: b.errorCode, errorType: b.errorType };
}

const createdSchema = z.object({ id: z.string().min(1), redirectUrl: z.string().min(1), status: z.string() }).loose();

const checkoutSchema = z
  .object({
    id: z.string().min(1),
    status: z.string(),
    amount: z.number().int(),
    currency: z.string(),
    paymentId: z.string().nullish(),
    metadata: z.record(z.string(), z.unknown()).nullish(),
  })
  .loose();

const refundSchema = z
  .object({ id: z.string().optional(), refundId: z.string().optional(), message: z.string().optional(), status: z.string().optional() })
  .loose();

interface YocoResponse {
  status: number;
  headers: Headers;
  body: unknown;
}

export type YocoProvider = WebhookPaymentProvider & { readonly name: 'yoco' };

/** Yoco's Checkout API: create, fetch and refund checkouts; verify its webhooks. */
export function createYocoProvider(options: YocoProviderOptions): YocoProvider {
  const apiUrl = options.apiUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? defaultSleep;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const now = options.now ?? (() => new Date());
  // A malformed secret should stop the start, not fail the first webhook hours later.
  webhookKey(options.webhookSecret);

  /** One request with the bounded retries; every non-2xx answer becomes a PaymentProviderError. */
  async function request(method: 'GET' | 'POST', path: string, body?: unknown, idempotencyKey?: string): Promise<YocoResponse> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${options.secretKey}`,
      accept: 'application/json',
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    const payload = body === undefined ? undefined : JSON.stringify(body);

    for (let attempt = 1; ; attempt++) {
      let response: Response;
      try {
        response = await doFetch(`${apiUrl}${path}`, { method, headers, body: payload, signal: AbortSignal.timeout(timeoutMs) });
      } catch (err) {
        const reason = whyNoAnswer(err, timeoutMs);
        // A timed-out request may still be running there: trying again at once only adds load.
        if (attempt < MAX_TRIES && !(err instanceof Error && err.name === 'TimeoutError')) {
          await sleep(DEFAULT_WAITS_MS[attempt - 1] ?? LONGEST_WAIT_MS);
          continue;
        }
        throw new PaymentProviderError(`The payment provider could not be reached (${reason})`, null, reason);
      }
      const text = await response.text();
      const parsedBody = jsonOrText(text);
      if (response.ok) return { status: response.status, headers: response.headers, body: parsedBody };

      const wait = retryAfterMs(response.headers.get('retry-after'), now());
      if (RETRIED_STATUSES.has(response.status) && attempt < MAX_TRIES && (wait === undefined || wait <= LONGEST_WAIT_MS)) {
        await sleep(wait ?? DEFAULT_WAITS_MS[attempt - 1] ?? LONGEST_WAIT_MS);
        continue;
      }
      const said = providerMessageOf(parsedBody);
      const providerMessage = said.message ?? (response.statusText || `HTTP ${response.status}`);
      throw new PaymentProviderError(
        `The payment provider refused the request (HTTP ${response.status}): ${providerMessage}`,
        response.status,
        providerMessage,
        {
          errorCode: said.errorCode,
          errorType: said.errorType,
          retryAfterSeconds: wait === undefined ? undefined : Math.ceil(wait / 1000),
        },
      );
    }
  }

  function unexpected(what: string, body: unknown): PaymentProviderError {
    const shown = JSON.stringify(body)?.slice(0, 200) ?? String(body);
    return new PaymentProviderError(`The payment provider sent an unexpected ${what}: ${shown}`, null, `unexpected ${what}`);
  }

  const checkoutPath = (id: string) => `/checkouts/${encodeURIComponent(id)}`;

  return {
    name: 'yoco',

    async createCheckout(input: CreateCheckoutInput): Promise<CreatedCheckout> {
      const i = checkCreateCheckoutInput(input);
      const body = {
        amount: i.amountCents,
        currency: i.currency,
        successUrl: i.successUrl,
        cancelUrl: i.cancelUrl,
        failureUrl: i.failureUrl,
        metadata: i.metadata,
        externalId: i.externalId,
        ...(i.subtotalCents === undefined ? {} : { subtotalAmount: i.subtotalCents }),
        ...(i.totalDiscountCents === undefined ? {} : { totalDiscount: i.totalDiscountCents }),
        ...(i.totalTaxAmountCents === undefined ? {} : { totalTaxAmount: i.totalTaxAmountCents }),
        ...(i.lineItems
          ? {
              lineItems: i.lineItems.map((line) => ({
                displayName: line.displayName,
                quantity: line.quantity,
                pricingDetails: { price: line.priceCents, ...(line.taxAmountCents === undefined ? {} : { taxAmount: line.taxAmountCents }) },
              })),
            }
          : {}),
      };
      const response = await request('POST', '/checkouts', body, i.idempotencyKey);
      const created = createdSchema.safeParse(response.body);
      if (!created.success) throw unexpected('checkout', response.body);
      return {
        id: created.data.id,
        redirectUrl: created.data.redirectUrl,
        status: created.data.status,
        replayed: response.headers.get('idempotent-replayed') === 'true',
      };
    },

    async getCheckout(checkoutId: string): Promise<CheckoutState> {
      const response = await request('GET', checkoutPath(checkoutId));
      const parsed = checkoutSchema.safeParse(response.body);
      if (!parsed.success) throw unexpected('checkout', response.body);
      const c = parsed.data;
      return {
        id: c.id,
        status: c.status,
        paid: c.status === 'completed',
        amountCents: c.amount,
        currency: c.currency,
        paymentId: c.paymentId ?? null,
        metadata: stringMap(c.metadata),
      };
    },

    async refund(checkoutId: string, input: RefundInput): Promise<RefundResult> {
      checkRefundInput(input);
      const body = input.amountCents === undefined ? {} : { amount: input.amountCents };
      let response: YocoResponse;
      try {
        response = await request('POST', `${checkoutPath(checkoutId)}/refund`, body, input.idempotencyKey);
      } catch (err) {
        if (err instanceof PaymentProviderError && saysAlreadyRefunded(err.providerMessage)) {
          return { refundId: null, status: 'already_refunded', providerStatus: err.providerMessage };
        }
        throw err;
      }
      const parsed = refundSchema.safeParse(response.body);
      if (!parsed.success) throw unexpected('refund answer', response.body);
      const r = parsed.data;
      if (r.message && saysAlreadyRefunded(r.message)) return { refundId: r.refundId ?? null, status: 'already_refunded', providerStatus: r.status ?? r.message };
      if (!r.status || !refundAccepted(r.status)) {
        const said = r.message ?? r.status ?? 'no status';
        throw new PaymentProviderError(`The payment provider did not take the refund: ${said}`, response.status, said);
      }
      return { refundId: r.refundId ?? r.id ?? null, status: 'accepted', providerStatus: r.status };
    },

    verifyWebhook(rawBody, headers) {
      return verifyPaymentWebhook(options.webhookSecret, rawBody, headers, now());
    },
  };
}



/** Metadata is a string map; anything else in it is left out rather than trusted. */
function stringMap(value: Record<string, unknown> | null | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(value ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** PAYMENT_PROVIDER=yoco: the key and the webhook secret are required, the API URL has Yoco's own as default. */
const yocoSettings = z
  .object({
    YOCO_SECRET_KEY: unsetWhenBlank.pipe(z.string().regex(/^sk_(test|live)_\S+$/, 'YOCO_SECRET_KEY must be a Yoco secret key (sk_test_… or sk_live_…)')),
    YOCO_WEBHOOK_SECRET: unsetWhenBlank.pipe(
      z.string().regex(/^(whsec_)?[A-Za-z0-9+/]+={0,2}$/, "YOCO_WEBHOOK_SECRET must be the webhook's secret as Yoco showed it (whsec_…)"),
    ),
    YOCO_API_URL: z.url().default('https://payments.yoco.com/api'),
  })
  .transform((env) => ({ secretKey: env.YOCO_SECRET_KEY, webhookSecret: env.YOCO_WEBHOOK_SECRET, apiUrl: env.YOCO_API_URL }));

// Without the key no checkout can be made, and without the secret no payment webhook can be trusted.
export const yocoPayments: PaymentProviderDefinition<z.output<typeof yocoSettings>, YocoProvider> = {
  settings: yocoSettings,
  whereToGetThem: "from Yoco's portal and webhook registration",
  create: (settings, { fetch }) => createYocoProvider({ ...settings, fetch }),
  goingLiveProblem: ({ secretKey }) =>
    secretKey.startsWith('sk_test_')
      ? "YOCO_SECRET_KEY is a test key (sk_test_…), so no real money would move. Set the live key (sk_live_…) from Yoco's portal."
      : undefined,
};
