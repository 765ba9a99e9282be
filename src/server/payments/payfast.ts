import { createHash } from 'node:crypto';
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/client';
import { checkouts, paymentWebhooks } from '../db/schema';
import { InvalidInputError } from '../errors';
import { isUuid } from '../http/ids';
import { findUnstorableText } from '../http/text-guard';
import { escapeHtml } from '../lib/html';
import { unsetWhenBlank } from '../provider-registry';
import { checkoutReference } from '../../shared/checkout';
import { formatRand } from '../../shared/money';
import { paymentPageLayout, sendClosedHandOver, sendFormHandOver, sendPaymentPage, stillPayable } from './payment-page';
import { createPayfastFake, PAYFAST_FAKE_PATH, type PayfastFake } from './payfast-fake';
import {
  checkCreateCheckoutInput,
  PaymentProviderError,
  WebhookVerificationError,
  type CheckoutState,
  type PaymentLogger,
  type PaymentProvider,
  type PaymentProviderDefinition,
  type PaymentWebhookEvent,
  type WebhookDelivery,
  type WebhookHeaders,
  type WebhookSender,
} from './provider';
import { readPaymentEvent, shopEnvelope } from './webhooks';
import { whyNoAnswer } from '../lib/http-retry';
import { sameText } from '../lib/same-text';
import { apiSignature, createPayfastRefunds, PAYFAST_API_URL, PAYFAST_REFUND_TIMEOUT_MS } from './payfast-refunds';

/*
 * PayFast (payfast.io): the shopper is handed to PayFast's process page with a signed form, and
 * PayFast tells the shop of the payment by an ITN (instant transaction notification), a form post
 * to notify_url that is trusted only after PayFast's four checks. PayFast has no call that says
 * whether a payment was made, so the verified ITNs the shop stored are its answer.
 */

const PAYFAST_LIVE_URL = 'https://www.payfast.co.za';
export const PAYFAST_SANDBOX_URL = 'https://sandbox.payfast.co.za';
/** The hosts PayFast publishes as the senders of its ITNs. */
export const PAYFAST_HOSTS = ['www.payfast.co.za', 'w1w.payfast.co.za', 'w2w.payfast.co.za', 'sandbox.payfast.co.za'] as const;
/** PayFast's published sandbox merchant: what the stand-in takes when the settings name none. */
export const PAYFAST_TEST_MERCHANT = { merchantId: '10000100', merchantKey: '46f0cd694581a', passphrase: 'jt7NOE43FZPn' } as const;

export const PAYFAST_NOTIFY_PATH = '/api/payments/payfast/notify';
/** The shop's page that posts the signed form to PayFast; its query string is the form. */
const PAYFAST_HAND_OVER_PATH = '/pay/payfast';


/** The fields of the payment form in the order PayFast documents them, which is the order it signs them in. */
const FORM_FIELDS = [
  'merchant_id',
  'merchant_key',
  'return_url',
  'cancel_url',
  'notify_url',
  'name_first',
  'name_last',
  'email_address',
  'cell_number',
  'm_payment_id',
  'amount',
  'item_name',
  'item_description',
] as const;
const FORM_FIELD_NAMES = new Set<string>(FORM_FIELDS);

type Fields = ReadonlyArray<readonly [string, string]>;

/** Looking names up in the DNS again after this long: PayFast moves its senders seldom, but it does. */
const SOURCE_CACHE_MS = 10 * 60 * 1000;
const RETRY_LOOKUP_MS = 60 * 1000;
const VALIDATE_TIMEOUT_MS = 10_000;
/** An ITN is a couple of dozen short fields; a body or a field far past that is not one. */
const ITN_BODY_LIMIT_BYTES = 16 * 1024;
const ITN_FIELD_LIMIT = 1_000;
const ITN_FIELD_COUNT_LIMIT = 60;

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/**
 * PHP's urlencode, which PayFast's signature is made with: every byte of the UTF-8 text except
 * A-Z, a-z, 0-9, '-', '_' and '.' becomes %XX in upper case, and a space becomes '+'.
 */
export function phpUrlencode(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const c = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-_.]/.test(c)) out += c;
    else if (byte === 0x20) out += '+';
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

const withPassphrase = (paramString: string, passphrase: string | undefined) =>
  passphrase ? `${paramString}&passphrase=${phpUrlencode(passphrase.trim())}` : paramString;

/** The signature of a payment form: its non-empty fields, trimmed, in the order given (PayFast's). */
export function formSignature(fields: Fields, passphrase: string | undefined): string {
  const paramString = fields
    .filter(([, value]) => value.trim() !== '')
    .map(([name, value]) => `${name}=${phpUrlencode(value.trim())}`)
    .join('&');
  return md5(withPassphrase(paramString, passphrase));
}

/** An ITN's parameter string: every field as posted, in the order posted, but the signature. The validate call posts it back. */
export function itnParamString(fields: Fields): string {
  return fields
    .filter(([name]) => name !== 'signature')
    .map(([name, value]) => `${name}=${phpUrlencode(value)}`)
    .join('&');
}

export function itnSignature(fields: Fields, passphrase: string | undefined): string {
  return md5(withPassphrase(itnParamString(fields), passphrase));
}

/** A signature as sent (hex in any letter case) against the one worked out. */
const sameHex = (given: string, expected: string) => sameText(given.toLowerCase(), expected);

/** Rands with two decimals, as PayFast's amount field wants them: 19000 → "190.00". */
const toRands = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** "190.00" → 19000; undefined for anything but rands with two decimals. */
function toCents(amount: string | undefined): number | undefined {
  const match = amount === undefined ? null : /^(\d{1,9})\.(\d{2})$/.exec(amount);
  return match ? Number(match[1]) * 100 + Number(match[2]) : undefined;
}

/** At most `max` characters (not UTF-16 units), trimmed. */
const cut = (text: string, max: number) => Array.from(text.trim()).slice(0, max).join('').trim();

/** PayFast wants a South African cellphone in its 0… form; the shop keeps +27…. Anything else is left out. */
function cellNumber(phone: string): string {
  const match = /^\+27([678]\d{8})$/.exec(phone.replace(/[\s()-]/g, ''));
  return match ? `0${match[1]}` : '';
}

// --- Who may send an ITN -------------------------------------------------------------------

type ItnSource = { kind: 'address'; address: string } | { kind: 'range'; address: string; prefix: number } | { kind: 'host'; host: string };

const HOST_NAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;
const LOOPBACK: ItnSource[] = [
  { kind: 'range', address: '127.0.0.0', prefix: 8 },
  { kind: 'address', address: '::1' },
];

/** One entry of PAYFAST_ITN_SOURCES: an address, a CIDR range or a host name; undefined when it is none. */
function readSource(entry: string): ItnSource | undefined {
  if (isIP(entry)) return { kind: 'address', address: entry };
  const range = /^([^/]+)\/(\d{1,3})$/.exec(entry);
  if (range) {
    const family = isIP(range[1]!);
    const prefix = Number(range[2]);
    return family && prefix <= (family === 4 ? 32 : 128) ? { kind: 'range', address: range[1]!, prefix } : undefined;
  }
  return HOST_NAME.test(entry) && !/^[\d.]+$/.test(entry) ? { kind: 'host', host: entry.toLowerCase() } : undefined;
}

const familyOf = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** An IPv4 sender seen through an IPv6 socket (::ffff:196.33.227.224) is the IPv4 address. */
function senderAddress(ip: string): string | undefined {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  const address = mapped ? mapped[1]! : ip;
  return isIP(address) ? address : undefined;
}

type LookupAll = (host: string) => Promise<string[]>;
const lookupAll: LookupAll = async (host) => (await dnsLookup(host, { all: true })).map((found) => found.address);

/**
 * Whether an address is one of the sources: addresses and ranges at once, host names through the
 * DNS, looked up again every few minutes. A host whose lookup fails keeps the addresses it had.
 */
function createSenderCheck(sources: readonly ItnSource[], lookup: LookupAll, logger: PaymentLogger | undefined, now: () => number) {
  const fixed = new BlockList();
  for (const source of sources) {
    if (source.kind === 'address') fixed.addAddress(source.address, familyOf(source.address));
    if (source.kind === 'range') fixed.addSubnet(source.address, source.prefix, familyOf(source.address));
  }
  const hosts = sources.flatMap((source) => (source.kind === 'host' ? [source.host] : []));
  let known = new Map<string, string[]>();
  let resolved = new BlockList();
  let lookedUpAt = -Infinity;
  let refreshing: Promise<void> | undefined;

  async function refresh(): Promise<void> {
    const found = await Promise.allSettled(hosts.map((host) => lookup(host)));
    const next = new Map<string, string[]>();
    let failed = false;
    found.forEach((result, i) => {
      const host = hosts[i]!;
      if (result.status === 'fulfilled') next.set(host, result.value.filter((address) => isIP(address)));
      else {
        failed = true;
        logger?.warn({ host, err: result.reason }, 'could not look up a PayFast ITN host; keeping its last addresses');
        next.set(host, known.get(host) ?? []);
      }
    });
    known = next;
    resolved = new BlockList();
    for (const address of [...next.values()].flat()) resolved.addAddress(address, familyOf(address));
    // A failed lookup is tried again within a minute rather than in ten.
    lookedUpAt = now() - (failed ? SOURCE_CACHE_MS - RETRY_LOOKUP_MS : 0);
  }

  return async (ip: string): Promise<boolean> => {
    const address = senderAddress(ip);
    if (!address) return false;
    if (fixed.check(address, familyOf(address))) return true;
    if (hosts.length === 0) return false;
    if (now() - lookedUpAt > SOURCE_CACHE_MS) {
      refreshing ??= refresh().finally(() => (refreshing = undefined));
      await refreshing;
    }
    return resolved.check(address, familyOf(address));
  };
}

// --- Settings ------------------------------------------------------------------------------

const payfastSettings = z
  .object({
    PAYFAST_URL: unsetWhenBlank.pipe(
      z
        .string()
        .refine(
          (url) => url === 'fake' || (/^https?:\/\//.test(url) && URL.canParse(url)),
          `PAYFAST_URL must be ${PAYFAST_LIVE_URL}, ${PAYFAST_SANDBOX_URL} or fake (the shop's own stand-in)`,
        )
        .optional(),
    ),
    PAYFAST_MERCHANT_ID: unsetWhenBlank.pipe(z.string().regex(/^\d{1,20}$/, "PAYFAST_MERCHANT_ID must be the merchant ID from PayFast's dashboard: digits, like 10000100").optional()),
    PAYFAST_MERCHANT_KEY: unsetWhenBlank.pipe(
      z.string().regex(/^[A-Za-z0-9]{1,40}$/, "PAYFAST_MERCHANT_KEY must be the merchant key from PayFast's dashboard: letters and digits, like 46f0cd694581a").optional(),
    ),
    PAYFAST_PASSPHRASE: unsetWhenBlank.pipe(z.string().max(100, 'PAYFAST_PASSPHRASE is at most 100 characters').optional()),
    PAYFAST_REFUNDS: unsetWhenBlank.pipe(
      z.enum(['dashboard', 'api'], "PAYFAST_REFUNDS must be dashboard (refunds made on PayFast's dashboard and recorded on the desk) or api (PayFast's refund API)").optional(),
    ),
    PAYFAST_API_URL: unsetWhenBlank.pipe(z.url({ protocol: /^https?$/, error: 'PAYFAST_API_URL must be an http(s) address, like https://api.payfast.co.za' }).optional()),
    PAYFAST_ITN_SOURCES: unsetWhenBlank.pipe(
      z
        .string()
        .transform((list, ctx) => {
          const entries = list.split(/[\s,]+/).filter(Boolean);
          const sources = entries.map(readSource);
          const bad = entries.filter((_, i) => !sources[i]);
          if (bad.length > 0) {
            ctx.addIssue({ code: 'custom', message: `PAYFAST_ITN_SOURCES lists ${bad.join(', ')}: each entry must be an address, a CIDR range (196.33.227.0/24) or a host name` });
            return z.NEVER;
          }
          return sources as ItnSource[];
        })
        .optional(),
    ),
  })
  .superRefine((env, ctx) => {
    // The stand-in has PayFast's test merchant by default; a real PayFast needs the shop's own. The
    // passphrase is what makes a signature the shop's own: the merchant key is in every payment form.
    if (env.PAYFAST_URL === 'fake') return;
    for (const name of ['PAYFAST_MERCHANT_ID', 'PAYFAST_MERCHANT_KEY', 'PAYFAST_PASSPHRASE'] as const) {
      if (env[name] === undefined) ctx.addIssue({ code: 'custom', path: [name], message: `${name} is required` });
    }
  })
  .transform((env) => {
    const fake = env.PAYFAST_URL === 'fake';
    return {
      url: fake ? ('fake' as const) : (env.PAYFAST_URL ?? PAYFAST_LIVE_URL).replace(/\/+$/, ''),
      merchantId: env.PAYFAST_MERCHANT_ID ?? PAYFAST_TEST_MERCHANT.merchantId,
      merchantKey: env.PAYFAST_MERCHANT_KEY ?? PAYFAST_TEST_MERCHANT.merchantKey,
      passphrase: env.PAYFAST_PASSPHRASE ?? PAYFAST_TEST_MERCHANT.passphrase,
      itnSources: env.PAYFAST_ITN_SOURCES ?? (fake ? LOOPBACK : PAYFAST_HOSTS.map((host): ItnSource => ({ kind: 'host', host }))),
      refunds: env.PAYFAST_REFUNDS ?? ('dashboard' as const),
      apiUrl: (env.PAYFAST_API_URL ?? PAYFAST_API_URL).replace(/\/+$/, ''),
    };
  });

export type PayfastSettings = z.output<typeof payfastSettings>;

// --- What the shop keeps ---------------------------------------------------------------------

/** The shop's own records PayFast's checks need: the checkout an ITN names, and the ITNs stored for it. */
export interface PayfastRecords {
  checkout(id: string): Promise<{ provider: string; totalCents: number } | undefined>;
  /** The verified ITNs of a checkout, as the webhook route stored them. */
  notifications(checkoutId: string): Promise<{ status?: string; paymentId?: string; amountCents?: number; currency?: string }[]>;
  /** Whether the checkout may still be handed to PayFast (stillPayable). */
  payable(checkoutId: string): Promise<boolean>;
  /** Keeps a refund PayFast's API took as a verified event: the next reconciliation counts it. */
  storeRefund(event: PaymentWebhookEvent): Promise<void>;
}

function payfastRecords(db: Database): PayfastRecords {
  return {
    async checkout(id) {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select({ provider: checkouts.provider, totalCents: checkouts.totalCents }).from(checkouts).where(eq(checkouts.id, id));
      return row;
    },
    async notifications(checkoutId) {
      const rows = await db
        .select({ id: paymentWebhooks.id, payload: paymentWebhooks.payload })
        .from(paymentWebhooks)
        .where(and(eq(paymentWebhooks.provider, 'payfast'), sql`${paymentWebhooks.payload} -> 'payload' -> 'metadata' ->> 'checkoutId' = ${checkoutId}`));
      return rows.map((row) => readPaymentEvent(row.id, row.payload));
    },
    payable: (checkoutId) => stillPayable(db, checkoutId),
    async storeRefund(event) {
      await db
        .insert(paymentWebhooks)
        .values({ id: event.id, provider: 'payfast', type: event.type, payload: event.raw, nextAttemptAt: sql`now()` })
        .onConflictDoNothing();
    },
  };
}

// --- The provider --------------------------------------------------------------------------

/** PayFast's answer to a validate call. */
type Validation = (paramString: string) => Promise<{ status: number; text: string }>;

export interface PayfastProviderOptions {
  settings: PayfastSettings;
  publicUrl: string;
  records: PayfastRecords;
  /** How the stand-in's ITNs reach the shop (PAYFAST_URL=fake). */
  deliver: WebhookDelivery;
  logger?: PaymentLogger;
  fetch?: typeof fetch;
  /** Replaces the DNS lookup of the ITN hosts (tests). */
  lookup?: LookupAll;
  validateTimeoutMs?: number;
  now?: () => number;
}

export interface PayfastProvider extends PaymentProvider {
  readonly name: 'payfast';
  verifyWebhook(rawBody: Buffer, headers: WebhookHeaders, sender: WebhookSender): Promise<PaymentWebhookEvent>;
  registerRoutes(app: FastifyInstance, shopName: string): void;
  close(): Promise<void>;
}

function checkoutNotFound(): PaymentProviderError {
  return new PaymentProviderError('The payment provider refused the request (HTTP 404): Checkout not found', 404, 'Checkout not found');
}


/** The header's value, whatever its case, or undefined. */
function header(headers: WebhookHeaders, name: string): string | undefined {
  const found = Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  return Array.isArray(found) ? found.join(', ') : found;
}

/** An ITN's body as its fields in the order posted; throws in words for anything but a plain form. */
function readItnForm(rawBody: Buffer, headers: WebhookHeaders): Fields {
  const refuse = (message: string) => new WebhookVerificationError(message, 'bad_payload');
  const type = header(headers, 'content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') throw refuse('A PayFast notification is a form post (application/x-www-form-urlencoded)');
  if (rawBody.length > ITN_BODY_LIMIT_BYTES) throw refuse(`The notification is larger than ${ITN_BODY_LIMIT_BYTES / 1024} KB, which no PayFast notification is`);
  const text = rawBody.toString('utf8');
  const pairs = text === '' ? [] : text.split('&');
  if (pairs.length > ITN_FIELD_COUNT_LIMIT) throw refuse(`The notification has more than ${ITN_FIELD_COUNT_LIMIT} fields, which no PayFast notification has`);
  const fields: [string, string][] = [];
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    let name: string;
    let value: string;
    try {
      name = decodeURIComponent((at < 0 ? pair : pair.slice(0, at)).replaceAll('+', ' '));
      value = at < 0 ? '' : decodeURIComponent(pair.slice(at + 1).replaceAll('+', ' '));
    } catch {
      throw refuse('The notification is not a well-formed form: a field is not URL-encoded UTF-8');
    }
    if (!/^[a-z0-9_]{1,40}$/.test(name)) throw refuse(`The notification has a field named ${JSON.stringify(name.slice(0, 40))}, which is not a PayFast field name`);
    if (fields.some(([seen]) => seen === name)) throw refuse(`The notification names the field ${name} twice`);
    if (value.length > ITN_FIELD_LIMIT) throw refuse(`The notification field ${name} is longer than ${ITN_FIELD_LIMIT} characters`);
    fields.push([name, value]);
  }
  // Stored as it came (jsonb), which refuses a NUL character: PayFast gets a 400 in words, not a 500 it would retry for days.
  const unstorable = findUnstorableText(Object.fromEntries(fields), (path) => `The notification field ${path.join('.')}`);
  if (unstorable) throw refuse(unstorable);
  return fields;
}

const ITN_TYPES = { COMPLETE: 'payment.succeeded', CANCELLED: 'payment.failed' } as const;

export function createPayfastProvider(options: PayfastProviderOptions): PayfastProvider {
  const { settings, records } = options;
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const { merchantId, merchantKey, passphrase } = settings;
  const fake: PayfastFake | undefined =
    settings.url === 'fake'
      ? createPayfastFake({
          merchantId,
          merchantKey,
          signing: {
            form: (fields) => formSignature(fields, passphrase),
            itn: (fields) => ({ paramString: itnParamString(fields), signature: itnSignature(fields, passphrase) }),
            api: (params) => apiSignature(params, passphrase),
          },
          deliver: options.deliver,
          logger: options.logger,
        })
      : undefined;
  const payfastUrl = settings.url === 'fake' ? `${publicUrl}${PAYFAST_FAKE_PATH}` : settings.url;
  const notifyUrl = `${publicUrl}${PAYFAST_NOTIFY_PATH}`;
  const timeoutMs = options.validateTimeoutMs ?? VALIDATE_TIMEOUT_MS;
  const isSource = createSenderCheck(settings.itnSources, options.lookup ?? lookupAll, options.logger, options.now ?? Date.now);

  // The stand-in answers in this process, as its ITNs arrive in it; a real PayFast over HTTPS.
  const validate: Validation = fake
    ? async (paramString) => ({ status: 200, text: fake.validate(paramString) })
    : async (paramString) => {
        const response = await (options.fetch ?? fetch)(`${payfastUrl}/eng/query/validate`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: paramString,
          signal: AbortSignal.timeout(timeoutMs),
        });
        return { status: response.status, text: await response.text() };
      };

  // Refunds through PayFast's API, where PayFast gave the merchant it; otherwise on its dashboard, recorded on the desk.
  const refundThroughApi =
    settings.refunds === 'api'
      ? createPayfastRefunds({
          apiUrl: fake ? `${publicUrl}${PAYFAST_FAKE_PATH}/api` : settings.apiUrl,
          merchantId,
          passphrase,
          testing: settings.url === PAYFAST_SANDBOX_URL,
          records: {
            async paymentOf(checkoutId) {
              const paid = (await records.notifications(checkoutId)).find((n) => n.status === 'COMPLETE' && n.paymentId);
              return paid && { paymentId: paid.paymentId! };
            },
            storeRefund: (event) => records.storeRefund(event),
          },
          send: fake
            ? async (url, init) => fake.refund(decodeURIComponent(new URL(url).pathname.split('/').pop()!), init.headers, init.body)
            : async (url, init) => {
                const response = await (options.fetch ?? fetch)(url, { method: 'POST', headers: init.headers, body: init.body, signal: AbortSignal.timeout(PAYFAST_REFUND_TIMEOUT_MS) });
                return { status: response.status, text: await response.text() };
              },
        })
      : undefined;

  /** PayFast's fourth check: it confirms it sent this ITN. Anything else is refused so that PayFast sends it again. */
  async function confirm(paramString: string): Promise<void> {
    let answer: { status: number; text: string };
    try {
      answer = await validate(paramString);
    } catch (err) {
      const reason = whyNoAnswer(err, timeoutMs);
      throw new WebhookVerificationError(`PayFast could not be asked to confirm the notification (${reason}); PayFast will send it again`, 'not_confirmed');
    }
    if (answer.status !== 200) {
      throw new WebhookVerificationError(`PayFast's validation answered HTTP ${answer.status}, not a confirmation; PayFast will send the notification again`, 'not_confirmed');
    }
    const said = answer.text.trim();
    if (said !== 'VALID') {
      throw new WebhookVerificationError(`PayFast did not confirm the notification: its validation answered ${JSON.stringify(said.slice(0, 40))}`, 'not_confirmed');
    }
  }

  function paymentFields(input: ReturnType<typeof checkCreateCheckoutInput>): Fields {
    const { buyer } = input;
    const lines = (input.lineItems ?? []).map((line) => `${line.quantity} x ${line.displayName}`).join(', ');
    const fields: [string, string][] = [
      ['merchant_id', merchantId],
      ['merchant_key', merchantKey],
      ['return_url', input.successUrl],
      ['cancel_url', input.cancelUrl],
      ['notify_url', notifyUrl],
      ['name_first', cut(buyer?.firstName ?? '', 100)],
      ['name_last', cut(buyer?.lastName ?? '', 100)],
      ['email_address', cut(buyer?.email ?? '', 100)],
      ['cell_number', cellNumber(buyer?.phone ?? '')],
      ['m_payment_id', input.externalId],
      ['amount', toRands(input.amountCents)],
      ['item_name', `Flags, payment reference ${checkoutReference(input.externalId)}`],
      ['item_description', cut(lines, 255)],
    ];
    return fields.filter(([, value]) => value !== '');
  }

  /** The hand-over page's query as the signed form, in PayFast's order; undefined when it is not one this shop signed. */
  function signedForm(query: string): { fields: Fields; signature: string; amountCents: number } | undefined {
    const pairs = [...new URLSearchParams(query)];
    const byName = new Map(pairs);
    if (byName.size !== pairs.length || pairs.some(([name]) => name !== 'signature' && !FORM_FIELD_NAMES.has(name))) return undefined;
    const signature = byName.get('signature') ?? '';
    const fields = FORM_FIELDS.flatMap((name) => (byName.has(name) ? [[name, byName.get(name)!] as const] : []));
    const amountCents = toCents(byName.get('amount'));
    if (byName.get('merchant_id') !== merchantId || amountCents === undefined || !sameHex(signature, formSignature(fields, passphrase))) return undefined;
    return { fields, signature, amountCents };
  }

  return {
    name: 'payfast',
    webhookPath: PAYFAST_NOTIFY_PATH,

    async createCheckout(input) {
      const checked = checkCreateCheckoutInput(input);
      // The ITN names the checkout by m_payment_id, and the shop finds it by that id.
      if (!isUuid(checked.externalId)) throw new InvalidInputError("A PayFast payment needs the shop's checkout id (a uuid) as its reference");
      const fields = paymentFields(checked);
      const query = new URLSearchParams([...fields.map(([name, value]) => [name, value]), ['signature', formSignature(fields, passphrase)]]);
      return { id: checked.externalId, redirectUrl: `${publicUrl}${PAYFAST_HAND_OVER_PATH}?${query}`, status: 'created', replayed: false };
    },

    // PayFast has no call for a payment's status: the ITNs the shop verified and stored are its word.
    async getCheckout(checkoutId): Promise<CheckoutState> {
      const checkout = await records.checkout(checkoutId);
      if (!checkout || checkout.provider !== 'payfast') throw checkoutNotFound();
      const notifications = await records.notifications(checkoutId);
      const complete = notifications.find((n) => n.status === 'COMPLETE');
      const cancelled = notifications.some((n) => n.status === 'CANCELLED');
      const state = { id: checkoutId, currency: 'ZAR', metadata: { checkoutId } };
      if (complete) {
        return { ...state, status: 'COMPLETE', paid: true, amountCents: complete.amountCents ?? 0, currency: complete.currency ?? 'ZAR', paymentId: complete.paymentId ?? null };
      }
      return { ...state, status: cancelled ? 'failed' : 'pending', paid: false, amountCents: checkout.totalCents, paymentId: null };
    },

    // The merchant refunds on PayFast's dashboard; the order desk records it there after.
    ...(refundThroughApi ? { refund: refundThroughApi } : { refundsByHand: "on PayFast's dashboard (Transactions → Refund)" }),

    async verifyWebhook(rawBody, headers, sender) {
      const fields = readItnForm(rawBody, headers);
      const field = new Map(fields);
      // 1. The signature, over the fields as posted, with the passphrase only PayFast and the shop know.
      const signature = field.get('signature') ?? '';
      if (!sameHex(signature, itnSignature(fields, passphrase))) {
        throw new WebhookVerificationError('The notification signature does not match (PAYFAST_PASSPHRASE)', 'bad_signature');
      }
      // 2. The sender is one of PayFast's.
      if (!(await isSource(sender.ip))) {
        throw new WebhookVerificationError(`The notification came from ${sender.ip}, which is not one of PayFast's addresses (PAYFAST_ITN_SOURCES)`, 'unknown_sender');
      }
      // 3. For this merchant, a checkout of this shop, and its amount.
      const refuse = (message: string) => new WebhookVerificationError(message, 'bad_payload');
      if (field.get('merchant_id') !== merchantId) throw refuse(`The notification is for merchant ${field.get('merchant_id') ?? '(none)'}, not this shop's (PAYFAST_MERCHANT_ID)`);
      const checkoutId = field.get('m_payment_id') ?? '';
      const checkout = await records.checkout(checkoutId);
      if (!checkout || checkout.provider !== 'payfast') throw refuse(`The notification names checkout ${JSON.stringify(checkoutId.slice(0, 100))}, which this shop did not open with PayFast`);
      const amountCents = toCents(field.get('amount_gross'));
      if (amountCents === undefined) throw refuse('The notification amount_gross is not rands with two decimals');
      if (amountCents !== checkout.totalCents) {
        throw refuse(`The notification is for ${formatRand(amountCents)}, but the checkout's total is ${formatRand(checkout.totalCents)}`);
      }
      const paymentId = field.get('pf_payment_id') ?? '';
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(paymentId)) throw refuse('The notification has no pf_payment_id');
      const status = field.get('payment_status') ?? '';
      if (!Object.hasOwn(ITN_TYPES, status)) throw refuse(`The notification's payment_status ${JSON.stringify(status.slice(0, 40))} is not one the shop acts on (COMPLETE or CANCELLED)`);
      // 4. PayFast confirms it sent it.
      await confirm(itnParamString(fields));
      return shopEnvelope({
        // One event per payment and outcome, however often PayFast sends it.
        webhookId: `payfast_${paymentId}_${status}`,
        type: ITN_TYPES[status as keyof typeof ITN_TYPES],
        checkoutId,
        paymentId,
        amountCents,
        currency: 'ZAR',
        status,
        fields: Object.fromEntries(fields.filter(([name]) => name !== 'signature')),
      });
    },

    registerRoutes(app, shopName) {
      // Stateless: the query is the signed form; one not signed with this shop's passphrase is refused.
      app.get(PAYFAST_HAND_OVER_PATH, async (request, reply) => {
        const form = signedForm(request.url.split('?')[1] ?? '');
        if (!form) {
          const html = paymentPageLayout({
            title: `Payment link not valid – ${shopName}`,
            shopName,
            body: `<h1>This payment link is not valid</h1>\n<p>It was changed or cut short on the way. Nothing was charged. Go back to the shop and start the checkout again.</p>\n<a class="link" href="/">Go to ${escapeHtml(shopName)}</a>`,
          });
          return sendPaymentPage(reply, 400, html);
        }
        if (!(await records.payable(new Map(form.fields).get('m_payment_id') ?? ''))) return sendClosedHandOver(reply, shopName);
        return sendFormHandOver(reply, shopName, {
          action: `${payfastUrl}/eng/process`,
          fields: [...form.fields, ['signature', form.signature]],
          providerLabel: 'PayFast',
          amount: formatRand(form.amountCents),
        });
      });
      fake?.registerRoutes(app, shopName);
      const where = fake ? `the shop's stand-in at ${payfastUrl} (no real money moves)` : payfastUrl;
      app.log.child({ component: 'payments' }).info(`payments: PayFast at ${where}, ITNs to ${notifyUrl}`);
    },

    close: async () => fake?.close(),
  };
}

export const payfastPayments: PaymentProviderDefinition<PayfastSettings, PayfastProvider> = {
  settings: payfastSettings,
  whereToGetThem: "from PayFast's dashboard: Settings → Merchant details, and the passphrase under Settings → Security",
  create: (settings, { db, publicUrl, deliver, logger, fetch }) => createPayfastProvider({ settings, publicUrl, records: payfastRecords(db), deliver, logger, fetch }),
  goingLiveProblem: ({ url }) => {
    if (url === 'fake') return "PAYFAST_URL is fake, so no real payment would be taken: the shop's own stand-in plays PayFast. Set PAYFAST_URL to https://www.payfast.co.za with the shop's merchant ID, key and passphrase.";
    if (new URL(url).origin !== PAYFAST_LIVE_URL) return `PAYFAST_URL is ${url}, not PayFast's live site, so no real money would move. Set PAYFAST_URL to ${PAYFAST_LIVE_URL}.`;
    return undefined;
  },
};
