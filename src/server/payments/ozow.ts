import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { InvalidInputError } from '../errors';
import { escapeHtml } from '../lib/html';
import { findUnstorableText } from '../http/text-guard';
import { unsetWhenBlank } from '../provider-registry';
import { checkoutReference } from '../../shared/checkout';
import { formatRand, parseRandToCents } from '../../shared/money';
import { MINIMUM_CARD_PAYMENT_CENTS } from '../../shared/shop-facts';
import { paymentPageLayout, sendClosedHandOver, sendFormHandOver, sendPaymentPage, stillPayable } from './payment-page';
import {
  checkCreateCheckoutInput,
  PaymentProviderError,
  WebhookVerificationError,
  type CheckoutState,
  type PaymentLogger,
  type PaymentProvider,
  type PaymentProviderDefinition,
  type WebhookDelivery,
  type WebhookHeaders,
} from './provider';
import { shopEnvelope } from './webhooks';
import { notificationHash, PAYMENT_REQUEST_FIELDS, paymentRequestHash, sameHash, type NotificationField, type RequestField } from './ozow-hashes';
import { jsonOrText, whyNoAnswer } from '../lib/http-retry';
import { createOzowFake, OZOW_FAKE_API_PATH, OZOW_FAKE_PAY_PATH, OZOW_FAKE_TEST_SETTINGS } from './ozow-fake';

/*
 * Ozow (pay by bank, Instant EFT): the shopper is handed to Ozow's page with a form post of
 * fields signed with the site's private key (HashCheck); Ozow posts a notification, signed the
 * same way, to the shop. Neither is trusted alone: the shop asks Ozow's transaction status API
 * (by the shop's transaction reference, with the API key) before an order is placed.
 */

const OZOW_LIVE_PAY_URL = 'https://pay.ozow.com';
const OZOW_LIVE_API_URL = 'https://api.ozow.com';
/** Where Ozow posts its notifications (the payment request's NotifyUrl). */
export const OZOW_NOTIFY_PATH = '/api/payments/ozow/notify';
/** The shop's page that hands the shopper to Ozow with the signed fields in its query. */
const OZOW_HAND_OVER_PATH = '/pay/ozow';

/** Cents as Ozow's Amount: rands with two decimals. */
export function ozowAmount(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** Ozow's BankReference, on the buyer's statement, is at most 20 characters. */
const BANK_REFERENCE_MAX = 20;
/** Ozow's Customer field is at most 100 characters. */
const CUSTOMER_MAX = 100;

const ozowStatuses = ['Complete', 'Cancelled', 'Error', 'Abandoned', 'PendingInvestigation', 'Pending'] as const;
const failedStatuses: readonly string[] = ['Cancelled', 'Error', 'Abandoned'];

export interface OzowSettings {
  siteCode: string;
  privateKey: string;
  apiKey: string;
  /** Ozow's payment page, or 'fake': the stand-in the shop serves at /fake/ozow. */
  payUrl: string;
  /** Ozow's API, or 'fake': the stand-in's, answered inside the shop. */
  apiUrl: string;
  /** Ozow's test mode: payments are simulated, no money moves. */
  isTest: boolean;
}

export interface OzowProviderOptions extends OzowSettings {
  publicUrl: string;
  /** Whether the checkout may still be handed to Ozow (stillPayable); every checkout when left out (tests of the provider alone). */
  payable?: (checkoutId: string) => Promise<boolean>;
  deliver: WebhookDelivery;
  logger?: PaymentLogger;
  fetch?: typeof fetch;
  /** Waits between tries; replaced in tests. */
  sleep?: (ms: number) => Promise<void>;
  /** How long one call to the status API may take. */
  timeoutMs?: number;
}

export type OzowProvider = PaymentProvider & { readonly name: 'ozow'; readonly webhookPath: string };

/** At most this many tries of one status query. */
const MAX_TRIES = 3;
const WAITS_MS = [500, 1_000];
/** A gateway hiccup or a server fault: a GET is safe to ask again. */
const RETRIED_STATUSES = new Set([500, 502, 503, 504]);
const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Ozow answers amounts as numbers (190.5) or, in places, as text ("190.50"). */
const amountSchema = z.union([z.number(), z.string()]).transform((value, ctx) => {
  const cents = typeof value === 'number' ? Math.round(value * 100) : parseRandToCents(value);
  if (cents === undefined || !Number.isSafeInteger(cents) || cents < 0) {
    ctx.addIssue({ code: 'custom', message: 'not an amount' });
    return z.NEVER;
  }
  return cents;
});

/** One attempt to pay a reference, as GetTransactionByReference answers it. */
const transactionSchema = z
  .object({
    transactionId: z.string().min(1),
    transactionReference: z.string(),
    amount: amountSchema,
    status: z.string(),
    // Ozow takes rand only; an answer without the field is in rand.
    currencyCode: z.string().nullish(),
    siteCode: z.string().nullish(),
  })
  .loose();

type OzowTransaction = z.output<typeof transactionSchema>;

/** Longest text of each notification field: Ozow's documented sizes. */
const notificationLimits: Record<NotificationField | 'Hash', number> = {
  SiteCode: 50,
  TransactionId: 50,
  TransactionReference: 50,
  Amount: 15,
  Status: 50,
  Optional1: 50,
  Optional2: 50,
  Optional3: 50,
  Optional4: 50,
  Optional5: 50,
  CurrencyCode: 3,
  IsTest: 5,
  StatusMessage: 500,
  Hash: 128,
};
/** Every field at its longest, escaped, fits well within this. */
const MAX_NOTIFICATION_BYTES = 16 * 1024;
const REQUIRED_NOTIFICATION_FIELDS = ['SiteCode', 'TransactionId', 'TransactionReference', 'Amount', 'Status', 'Hash'] as const;

function headerText(headers: WebhookHeaders, name: string): string {
  const value = Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  return (Array.isArray(value) ? value.join(',') : (value ?? '')).toLowerCase();
}

/** The notification's form fields, or why it is not one Ozow would send. */
function readNotificationForm(rawBody: Buffer, headers: WebhookHeaders): Record<NotificationField | 'Hash', string> {
  const refuse = (message: string) => new WebhookVerificationError(message, 'bad_payload');
  if (!headerText(headers, 'content-type').startsWith('application/x-www-form-urlencoded')) {
    throw refuse('An Ozow notification is a form post (application/x-www-form-urlencoded)');
  }
  if (rawBody.length > MAX_NOTIFICATION_BYTES) throw refuse(`The notification is larger than ${MAX_NOTIFICATION_BYTES / 1024} KB`);
  const form = new URLSearchParams(rawBody.toString('utf8'));
  const fields = {} as Record<NotificationField | 'Hash', string>;
  for (const name of Object.keys(notificationLimits) as (NotificationField | 'Hash')[]) {
    const values = form.getAll(name);
    if (values.length > 1) throw refuse(`The notification has ${name} more than once`);
    const value = values[0] ?? '';
    const unstorable = findUnstorableText(value, () => `The notification's ${name}`);
    if (unstorable) throw refuse(unstorable);
    if (value.length > notificationLimits[name]) throw refuse(`The notification's ${name} is longer than ${notificationLimits[name]} characters`);
    fields[name] = value;
  }
  const missing = REQUIRED_NOTIFICATION_FIELDS.filter((name) => fields[name] === '');
  if (missing.length > 0) throw refuse(`The notification lacks ${missing.join(', ')}`);
  return fields;
}

/** Ozow's Instant EFT: the hand-over page, the notification checks and the status API. */
export function createOzowProvider(options: OzowProviderOptions): OzowProvider {
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const fake =
    options.payUrl === 'fake' || options.apiUrl === 'fake'
      ? createOzowFake({ siteCode: options.siteCode, privateKey: options.privateKey, apiKey: options.apiKey, deliver: options.deliver, logger: options.logger })
      : undefined;
  const payUrl = options.payUrl === 'fake' ? `${publicUrl}${OZOW_FAKE_PAY_PATH}` : options.payUrl;
  const apiUrl = (options.apiUrl === 'fake' ? `${publicUrl}${OZOW_FAKE_API_PATH}` : options.apiUrl).replace(/\/+$/, '');
  // The stand-in's API is asked inside the process, as its notifications arrive: no network, no
  // proxy in the way, whatever PUBLIC_URL is.
  const doFetch = options.apiUrl === 'fake' && fake ? fake.fetch : (options.fetch ?? fetch);
  const sleep = options.sleep ?? defaultSleep;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const isTest = options.isTest ? 'true' : 'false';

  /** Every attempt Ozow knows for this reference; an unknown reference has none. */
  async function transactionsOf(reference: string): Promise<OzowTransaction[]> {
    const query = new URLSearchParams({ siteCode: options.siteCode, transactionReference: reference });
    // Ozow answers test payments only when asked for them.
    if (options.isTest) query.set('isTest', 'true');
    const url = `${apiUrl}/GetTransactionByReference?${query}`;
    const headers = { ApiKey: options.apiKey, Accept: 'application/json' };
    for (let attempt = 1; ; attempt++) {
      let response: Response;
      try {
        response = await doFetch(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
      } catch (err) {
        const timedOut = err instanceof Error && err.name === 'TimeoutError';
        const reason = whyNoAnswer(err, timeoutMs);
        // A query that timed out is not asked again at once: the answer would keep the caller (Ozow's notification) waiting past its own limit.
        if (!timedOut && attempt < MAX_TRIES) {
          await sleep(WAITS_MS[attempt - 1]!);
          continue;
        }
        throw new PaymentProviderError(`Ozow's transaction status API could not be reached (${reason})`, null, reason);
      }
      const text = await response.text();
      if (!response.ok) {
        if (RETRIED_STATUSES.has(response.status) && attempt < MAX_TRIES) {
          await sleep(WAITS_MS[attempt - 1]!);
          continue;
        }
        const said = text.trim().slice(0, 200) || response.statusText || `HTTP ${response.status}`;
        throw new PaymentProviderError(`Ozow's transaction status API refused the request (HTTP ${response.status}): ${said}`, response.status, said);
      }
      const parsed = z.array(transactionSchema).safeParse(jsonOrText(text));
      if (!parsed.success) {
        const said = `unexpected answer: ${text.slice(0, 200)}`;
        throw new PaymentProviderError(`Ozow's transaction status API sent an ${said}`, null, said);
      }
      return parsed.data.filter((t) => t.transactionReference === reference && (!t.siteCode || t.siteCode === options.siteCode));
    }
  }

  function currencyOf(transaction: OzowTransaction): string {
    return transaction.currencyCode || 'ZAR';
  }

  /** The fields of the payment request for one checkout, HashCheck last. */
  function paymentRequest(input: ReturnType<typeof checkCreateCheckoutInput>): [string, string][] {
    const fields: Partial<Record<RequestField, string>> = {
      SiteCode: options.siteCode,
      CountryCode: 'ZA',
      CurrencyCode: 'ZAR',
      Amount: ozowAmount(input.amountCents),
      TransactionReference: input.externalId,
      BankReference: checkoutReference(input.externalId).slice(0, BANK_REFERENCE_MAX),
      Customer: input.buyer ? `${input.buyer.firstName} ${input.buyer.lastName}`.trim().slice(0, CUSTOMER_MAX) : undefined,
      CancelUrl: input.cancelUrl,
      ErrorUrl: input.failureUrl,
      SuccessUrl: input.successUrl,
      NotifyUrl: `${publicUrl}${OZOW_NOTIFY_PATH}`,
      IsTest: isTest,
    };
    const sent = PAYMENT_REQUEST_FIELDS.flatMap((name): [string, string][] => (fields[name] ? [[name, fields[name]]] : []));
    return [...sent, ['HashCheck', paymentRequestHash(fields, options.privateKey)]];
  }

  /** The signed fields of a hand-over page's query, or why they are not the shop's. */
  function readHandOver(query: unknown): { fields: [string, string][]; amountCents: number } {
    const parsed = z.record(z.string(), z.string().max(2_000)).safeParse(query);
    if (!parsed.success) throw new InvalidInputError('The payment link is damaged: a field is repeated or too long.');
    const given = parsed.data;
    const fields: Partial<Record<RequestField, string>> = {};
    for (const name of PAYMENT_REQUEST_FIELDS) if (given[name]) fields[name] = given[name];
    const hashCheck = given.HashCheck ?? '';
    if (!sameHash(paymentRequestHash(fields, options.privateKey), hashCheck)) throw new InvalidInputError('The payment link is damaged or was changed: its signature does not match.');
    if (fields.SiteCode !== options.siteCode) throw new InvalidInputError("The payment link is for another Ozow site than this shop's.");
    const amountCents = parseRandToCents(fields.Amount ?? '');
    if (amountCents === undefined || amountCents < MINIMUM_CARD_PAYMENT_CENTS) throw new InvalidInputError('The payment link has no amount the shop can take.');
    const sent = PAYMENT_REQUEST_FIELDS.flatMap((name): [string, string][] => (fields[name] ? [[name, fields[name]]] : []));
    return { fields: [...sent, ['HashCheck', hashCheck.toLowerCase()]], amountCents };
  }

  function handOverProblem(reply: FastifyReply, shopName: string, message: string): FastifyReply {
    const html = paymentPageLayout({
      title: `Payment link not valid – ${shopName}`,
      shopName,
      body: `<h1>This payment link is not valid</h1>
<p>${escapeHtml(message)}</p>
<p class="muted">Nothing was charged. Go back to the shop's checkout to pay.</p>
<a class="link" href="/">Go to ${escapeHtml(shopName)}</a>`,
    });
    return sendPaymentPage(reply, 400, html);
  }

  return {
    name: 'ozow',
    webhookPath: OZOW_NOTIFY_PATH,

    async createCheckout(input) {
      const i = checkCreateCheckoutInput(input);
      const query = new URLSearchParams(paymentRequest(i));
      // The checkout's own id is Ozow's TransactionReference, which the status API is asked by.
      return { id: i.externalId, redirectUrl: `${publicUrl}${OZOW_HAND_OVER_PATH}?${query}`, status: 'created', replayed: false };
    },

    async getCheckout(checkoutId): Promise<CheckoutState> {
      const transactions = await transactionsOf(checkoutId);
      const paid = transactions.find((t) => t.status === 'Complete');
      if (paid) {
        return { id: checkoutId, status: paid.status, paid: true, amountCents: paid.amount, currency: currencyOf(paid), paymentId: paid.transactionId, metadata: {} };
      }
      const last = transactions.at(-1);
      // Every attempt failed: the checkout ends. None yet, or one still pending: it stays open.
      const failed = transactions.length > 0 && transactions.every((t) => failedStatuses.includes(t.status));
      return { id: checkoutId, status: failed ? 'failed' : 'pending', paid: false, amountCents: last?.amount ?? 0, currency: last ? currencyOf(last) : 'ZAR', paymentId: null, metadata: {} };
    },

    // Ozow has no refund call for the shop: the merchant refunds on its dashboard, and the desk records it.
    refundsByHand: "from Ozow's merchant dashboard",

    async verifyWebhook(rawBody, headers) {
      const fields = readNotificationForm(rawBody, headers);
      if (!sameHash(notificationHash(fields, options.privateKey), fields.Hash)) {
        throw new WebhookVerificationError('The Ozow notification hash does not match', 'bad_signature');
      }
      if (fields.SiteCode !== options.siteCode) {
        throw new WebhookVerificationError(`The notification is for another Ozow site (${fields.SiteCode}), not this shop's`, 'unknown_sender');
      }
      const amountCents = parseRandToCents(fields.Amount);
      if (amountCents === undefined) throw new WebhookVerificationError(`The notification's Amount is not an amount of rand: ${fields.Amount}`, 'bad_payload');
      const status = ozowStatuses.find((s) => s === fields.Status);
      if (!status) throw new WebhookVerificationError(`The notification's Status is not one of Ozow's: ${fields.Status}`, 'bad_payload');
      if (fields.IsTest.toLowerCase() === 'true' && !options.isTest) {
        throw new WebhookVerificationError('The notification is of a test payment, which moves no money, and this shop takes live Ozow payments', 'not_confirmed');
      }
      if (status === 'Pending' || status === 'PendingInvestigation') {
        // Ozow notifies again once it is settled; the reconciliation asks meanwhile.
        throw new WebhookVerificationError(`Ozow reports the payment as ${status}: nothing to do until it completes or fails`, 'not_confirmed');
      }
      let transactions: OzowTransaction[];
      try {
        transactions = await transactionsOf(fields.TransactionReference);
      } catch (err) {
        if (!(err instanceof PaymentProviderError)) throw err;
        throw new WebhookVerificationError(`The notification could not be confirmed: ${err.message}. Try again later.`, 'not_confirmed');
      }
      const confirmed = transactions.find((t) => t.transactionId.toLowerCase() === fields.TransactionId.toLowerCase());
      if (!confirmed) {
        throw new WebhookVerificationError(`Ozow does not know transaction ${fields.TransactionId} for reference ${fields.TransactionReference}`, 'not_confirmed');
      }
      if (confirmed.status !== status) {
        throw new WebhookVerificationError(`Ozow reports transaction ${confirmed.transactionId} as ${confirmed.status}, not ${status}`, 'not_confirmed');
      }
      if (confirmed.amount !== amountCents) {
        throw new WebhookVerificationError(`Ozow reports transaction ${confirmed.transactionId} for ${formatRand(confirmed.amount)}, not ${formatRand(amountCents)}`, 'not_confirmed');
      }
      const { Hash: _hash, ...kept } = fields;
      return shopEnvelope({
        webhookId: `ozow_${confirmed.transactionId}_${status}`,
        type: status === 'Complete' ? 'payment.succeeded' : 'payment.failed',
        checkoutId: fields.TransactionReference,
        paymentId: confirmed.transactionId,
        amountCents,
        currency: currencyOf(confirmed),
        status,
        fields: kept,
      });
    },

    registerRoutes(app, shopName) {
      app.get(OZOW_HAND_OVER_PATH, async (request, reply) => {
        let handOver: ReturnType<typeof readHandOver>;
        try {
          handOver = readHandOver(request.query);
        } catch (err) {
          if (!(err instanceof InvalidInputError)) throw err;
          return handOverProblem(reply, shopName, err.message);
        }
        const reference = new Map(handOver.fields).get('TransactionReference') ?? '';
        if (options.payable && !(await options.payable(reference))) return sendClosedHandOver(reply, shopName);
        return sendFormHandOver(reply, shopName, { action: payUrl, fields: handOver.fields, providerLabel: 'Ozow', amount: formatRand(handOver.amountCents) });
      });
      if (fake) fake.registerRoutes(app, shopName);
      const mode = fake ? 'the Ozow stand-in (no real money moves)' : options.isTest ? "Ozow's test mode (no real money moves)" : 'Ozow';
      app.log.child({ component: 'payments' }).info(`payments: ${mode}, notifications at ${publicUrl}${OZOW_NOTIFY_PATH}`);
    },
  };
}



const isHttpUrl = (text: string) => URL.canParse(text) && /^https?:$/.test(new URL(text).protocol);

const urlOrFake = (name: string) =>
  unsetWhenBlank.pipe(
    z
      .string()
      .refine((value) => value === 'fake' || isHttpUrl(value), `${name} must be an http(s) address or fake`)
      .optional(),
  );

/**
 * PAYMENT_PROVIDERS=ozow: the site code and both keys from Ozow's merchant admin. With OZOW_URL=fake
 * the shop serves a stand-in of Ozow's page and API, and the keys default to the stand-in's.
 */
const ozowSettings = z
  .object({
    OZOW_SITE_CODE: unsetWhenBlank.pipe(z.string().max(50, 'OZOW_SITE_CODE is at most 50 characters').optional()),
    OZOW_PRIVATE_KEY: unsetWhenBlank,
    OZOW_API_KEY: unsetWhenBlank,
    OZOW_URL: urlOrFake('OZOW_URL'),
    OZOW_API_URL: urlOrFake('OZOW_API_URL'),
    OZOW_IS_TEST: unsetWhenBlank.pipe(z.enum(['true', 'false'], 'OZOW_IS_TEST must be true or false').optional()),
  })
  .superRefine((env, ctx) => {
    if (env.OZOW_URL === 'fake') return;
    for (const name of ['OZOW_SITE_CODE', 'OZOW_PRIVATE_KEY', 'OZOW_API_KEY'] as const) {
      if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: `${name} is required` });
    }
    if (env.OZOW_API_URL === 'fake') ctx.addIssue({ code: 'custom', path: ['OZOW_API_URL'], message: "OZOW_API_URL=fake answers only the stand-in's payments: set OZOW_URL=fake too" });
  })
  .transform(
    (env): OzowSettings => ({
      siteCode: env.OZOW_SITE_CODE ?? OZOW_FAKE_TEST_SETTINGS.siteCode,
      privateKey: env.OZOW_PRIVATE_KEY ?? OZOW_FAKE_TEST_SETTINGS.privateKey,
      apiKey: env.OZOW_API_KEY ?? OZOW_FAKE_TEST_SETTINGS.apiKey,
      payUrl: env.OZOW_URL ?? OZOW_LIVE_PAY_URL,
      apiUrl: env.OZOW_API_URL ?? (env.OZOW_URL === 'fake' ? 'fake' : OZOW_LIVE_API_URL),
      isTest: env.OZOW_IS_TEST === 'true',
    }),
  );

export const ozowPayments: PaymentProviderDefinition<OzowSettings, OzowProvider> = {
  settings: ozowSettings,
  whereToGetThem: "Ozow's merchant admin, under the site's details and API keys",
  create: (settings, { db, publicUrl, deliver, logger, fetch }) =>
    createOzowProvider({ ...settings, publicUrl, payable: (checkoutId) => stillPayable(db, checkoutId), deliver, logger, fetch }),
  goingLiveProblem: ({ payUrl, apiUrl, isTest }) => {
    if (payUrl === 'fake' || apiUrl === 'fake') {
      return "OZOW_URL or OZOW_API_URL is fake: the shop's own stand-in takes the payments, so no real money would move. Set Ozow's addresses (or leave them unset) with the site code and keys from Ozow's merchant admin.";
    }
    if (isTest) return "OZOW_IS_TEST is true: Ozow only simulates the payments, so no real money would move. Set OZOW_IS_TEST=false.";
    return undefined;
  },
};
