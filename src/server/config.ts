import path from 'node:path';
import { z } from 'zod';
import type { ShopDetails } from '../shared/shop-details';
import { VAT_NUMBER_PATTERN } from '../shared/tax-documents';
import { DEFAULT_LINE_LIMIT, LINE_LIMIT_CEILING } from '../shared/cart';
import type { QuantityBreak } from '../shared/pricing';
import { mailProviderKind } from './notify/mailer';
import { smsProviderKind } from './notify/sms';
import { readPaymentSettings } from './payments/providers';
import { courierProviderKind } from './delivery/providers';
import { readProviderSettings, unsetWhenBlank as optional, type Environment } from './provider-registry';
import { readSignInSettings } from './auth/firebase-settings';

/**
 * The seller's details a fresh shop starts with, so that the footer and terms read well on a new
 * machine. They are made up (a 555 phone number, a VAT number nobody holds): a public shop must set its own.
 */
export const sampleShop: ShopDetails = {
  name: 'Cape Flag Co.',
  legalName: 'Cape Flag Company (Pty) Ltd',
  registrationNumber: '2004/012345/07',
  vatNumber: '4123456789',
  address: '12 Bree Street, Cape Town City Centre, Cape Town, 8001, South Africa',
  phone: '+27 21 555 0142',
  email: 'hello@capeflag.co.za',
};

const PUBLIC_URL_MESSAGE = 'PUBLIC_URL must be the http or https address of the shop, such as https://flags.example.co.za';
const BACKUP_KEEP_MESSAGE = 'BACKUP_KEEP must be a whole number of backups from 1 to 365';
const CHECKOUT_REMINDER_MESSAGE = 'CHECKOUT_REMINDER_MINUTES must be a whole number of minutes from 1 to 10080 (a week)';
const CART_LINE_LIMIT_MESSAGE = `CART_LINE_LIMIT must be a whole number of flags from 1 to ${LINE_LIMIT_CEILING}`;
const QUANTITY_BREAKS_MESSAGE =
  'QUANTITY_BREAKS must list up to 5 breaks as quantity:percent, smallest quantity first, like 10:10,25:15 (from 2 to 1000 flags of one size, 1 to 50 percent off, each larger than the one before), or be empty for none';
const SSR_PAGES_MESSAGE = 'SSR_PAGES_PER_SECOND must be a whole number from 0 (the browser renders every page) to 9999';

/** A setting that is a whole number from `min` to `max`: digits only (no sign, point or exponent), else refused in `message`. */
function wholeNumberSetting(message: string, min: number, max: number, fallback: number) {
  return optional.pipe(
    z
      .string()
      .regex(/^\d{1,9}$/, message)
      .transform(Number)
      .refine((value) => value >= min && value <= max, message)
      .default(fallback),
  );
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: optional.pipe(
    z
      .url({ protocol: /^https?$/, error: PUBLIC_URL_MESSAGE, abort: true })
      // Links are PUBLIC_URL followed by a path: a password, query or fragment in it would end up in every one.
      .refine((value) => {
        const url = new URL(value);
        return !url.username && !url.password && !url.search && !url.hash;
      }, PUBLIC_URL_MESSAGE)
      .optional(),
  ),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optional.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
      .optional(),
  ),
  MAIL_FROM: optional,
  ORDER_DESK_EMAIL: optional.pipe(z.email('ORDER_DESK_EMAIL must be an email address').optional()),
  ORDER_DESK_DIGEST_TIME: optional.pipe(
    z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'ORDER_DESK_DIGEST_TIME must be a time of day such as 08:00')
      .optional(),
  ),
  ADMIN_EMAILS: optional.pipe(
    z
      .string()
      .refine(
        (v) => parseAdminEmails(v).every((e) => z.email().safeParse(e).success),
        'ADMIN_EMAILS must be a comma-separated list of email addresses',
      )
      .optional(),
  ),
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  GOOGLE_DISCOVERY_URL: z.url().default('https://accounts.google.com/.well-known/openid-configuration'),
  SESSION_SECRET: optional,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SHOP_NAME: z.string().default(sampleShop.name),
  SHOP_LEGAL_NAME: z.string().default(sampleShop.legalName),
  SHOP_REGISTRATION_NUMBER: z.string().default(sampleShop.registrationNumber),
  // Empty: the shop is not registered for VAT, so it charges none and no page speaks of it.
  SHOP_VAT_NUMBER: z
    .string()
    .transform((v) => v.replaceAll(' ', ''))
    .refine(
      (v) => v === '' || VAT_NUMBER_PATTERN.test(v),
      'SHOP_VAT_NUMBER must be a South African VAT number such as 4123456789 (10 digits starting with 4), or empty for a shop not registered for VAT',
    )
    .default(sampleShop.vatNumber),
  SHOP_ADDRESS: z.string().default(sampleShop.address),
  SHOP_PHONE: z.string().default(sampleShop.phone),
  SHOP_EMAIL: z.string().default(sampleShop.email),
  SHOP_DEMO: optional.pipe(z.enum(['true', 'false'], "SHOP_DEMO must be 'true' or 'false'").optional()),
  METRICS_TOKEN: optional.pipe(z.string().min(16, 'METRICS_TOKEN must be at least 16 characters (a random secret)').optional()),
  SSR_PAGES_PER_SECOND: wholeNumberSetting(SSR_PAGES_MESSAGE, 0, 9999, 10),
  CART_LINE_LIMIT: wholeNumberSetting(CART_LINE_LIMIT_MESSAGE, 1, LINE_LIMIT_CEILING, DEFAULT_LINE_LIMIT),
  QUANTITY_BREAKS: optional.pipe(
    z
      .string()
      .regex(/^\d{1,4}:\d{1,2}(,\d{1,4}:\d{1,2}){0,4}$/, QUANTITY_BREAKS_MESSAGE)
      .transform((text) =>
        text.split(',').map((tier): QuantityBreak => {
          const [minQuantity, percentOff] = tier.split(':').map(Number) as [number, number];
          return { minQuantity, percentOff };
        }),
      )
      .refine(
        (tiers) =>
          tiers.every(
            (tier, i) =>
              tier.minQuantity >= 2 &&
              tier.minQuantity <= LINE_LIMIT_CEILING &&
              tier.percentOff >= 1 &&
              tier.percentOff <= 50 &&
              (i === 0 || (tier.minQuantity > tiers[i - 1]!.minQuantity && tier.percentOff > tiers[i - 1]!.percentOff)),
          ),
        QUANTITY_BREAKS_MESSAGE,
      )
      .optional(),
  ),
  QUANTITY_BREAKS_WITH_CODES: optional.pipe(z.enum(['true', 'false'], "QUANTITY_BREAKS_WITH_CODES must be 'true' or 'false'").optional()),
  CHECKOUT_ACCOUNTS: optional.pipe(z.enum(['required', 'optional'], "CHECKOUT_ACCOUNTS must be 'required' (every buyer signs in) or 'optional' (guests may pay too)").optional()),
  CHECKOUT_REMINDER_MINUTES: wholeNumberSetting(CHECKOUT_REMINDER_MESSAGE, 1, 7 * 24 * 60, 60),
  BACKUP_DIR: optional,
  BACKUP_KEEP: wholeNumberSetting(BACKUP_KEEP_MESSAGE, 1, 365, 7),
});

/** The owner's own machine: only a browser on it can reach these addresses. */
function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || hostname === '::1' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/** 'a@x.co.za, B@Y.co.za,' → ['a@x.co.za', 'b@y.co.za']: case-insensitive, blanks dropped, no duplicates. */
function parseAdminEmails(value: string | undefined): string[] {
  const emails = (value ?? '')
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter((e) => e !== '');
  return [...new Set(emails)];
}

/** Settings since renamed: a shop set up with the old name keeps its value. */
function withNewNames(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (env.SSR_PAGES_PER_SECOND !== undefined || env.PAGE_DRAWINGS_PER_SECOND === undefined) return env;
  return { ...env, SSR_PAGES_PER_SECOND: env.PAGE_DRAWINGS_PER_SECOND };
}

/**
 * The only reader of process.env. Bad settings stop the start with a message naming every variable
 * to fix. What it answers is the shop's Config, whose type is read from it (written once, here).
 */

export function loadConfig(given: NodeJS.ProcessEnv = process.env) {
  const env = withNewNames(given);
  const parsed = envSchema.safeParse(env);
  const problems = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  // Every process behind the load balancer must verify the others' cookies and links, so a secret
  // generated per process (as on the embedded database) would sign people out at random.
  if (parsed.success && parsed.data.DATABASE_URL && !parsed.data.SESSION_SECRET) {
    problems.push('SESSION_SECRET is required with DATABASE_URL (all processes must share it)');
  }
  if (parsed.success && parsed.data.DATABASE_URL && parsed.data.BACKUP_DIR) {
    problems.push("BACKUP_DIR backs up the embedded database; with DATABASE_URL back up with PostgreSQL's pg_dump (see docs/operations.md)");
  }
  const payments = readPaymentSettings(env as Environment);
  const sms = readProviderSettings(smsProviderKind, env as Environment);
  const mail = readProviderSettings(mailProviderKind, env as Environment);
  const courier = readProviderSettings(courierProviderKind, env as Environment);
  const signIn = readSignInSettings(env);
  problems.push(...payments.problems, ...sms.problems, ...mail.problems, ...courier.problems, ...signIn.problems);
  if (problems.length > 0 || !parsed.success || !payments.settings || !sms.settings || !mail.settings || !courier.settings || !signIn.settings) {
    throw new Error(`Invalid configuration:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
  }
  const e = parsed.data;
  const [digestHour, digestMinute] = (e.ORDER_DESK_DIGEST_TIME ?? '08:00').split(':').map(Number);
  const google =
    e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
      ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, discoveryUrl: e.GOOGLE_DISCOVERY_URL }
      : undefined;
  // Parsed once, here: the URL parser writes the scheme and host in small letters (127.1 as 127.0.0.1).
  const publicUrl = new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`);
  return {
    port: e.PORT,
    host: e.HOST,
    /** PUBLIC_URL as every link writes it: scheme and host in small letters, no trailing slash. */
    publicUrl: publicUrl.href.replace(/\/+$/, ''),
    /** PUBLIC_URL is https (in any letter case): cookies are Secure and browsers are told to keep to https. */
    servedOverHttps: publicUrl.protocol === 'https:',
    /**
     * Other people can reach the shop: PUBLIC_URL names anything but this machine's loopback
     * (localhost, 127.0.0.0/8, [::1]), over http too, or HOST listens beyond it (0.0.0.0, a network
     * address), which puts the dev mailbox within reach of the network. Such a shop must be live or a
     * declared demo (going-live.ts).
     */
    publicShop: !isLoopback(publicUrl.hostname) || !isLoopback(e.HOST.toLowerCase()),
    /** PUBLIC_URL itself names an address beyond this machine (else only HOST makes the shop public). */
    publicAddress: !isLoopback(publicUrl.hostname),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    shop: {
      name: e.SHOP_NAME,
      legalName: e.SHOP_LEGAL_NAME,
      registrationNumber: e.SHOP_REGISTRATION_NUMBER,
      vatNumber: e.SHOP_VAT_NUMBER,
      address: e.SHOP_ADDRESS,
      phone: e.SHOP_PHONE,
      email: e.SHOP_EMAIL,
    } satisfies ShopDetails,
    /** SMTP when SMTP_URL is set; otherwise the dev mailbox at /dev/mailbox. */
    mail: mail.settings,
    /** The sender of every email: MAIL_FROM, or the shop's name and email. */
    mailFrom: e.MAIL_FROM ?? `"${e.SHOP_NAME.replace(/["\\]/g, '')}" <${e.SHOP_EMAIL}>`,
    /** Where the shop's own mail goes (contact messages, the daily digest); the shop's email when unset. */
    orderDeskEmail: e.ORDER_DESK_EMAIL ?? e.SHOP_EMAIL,
    /** When the order-desk digest goes out each day, in South African time. */
    orderDeskDigestAt: { hour: digestHour!, minute: digestMinute! },
    /** Where text messages go: BulkSMS, or the dev mailbox (nothing leaves the machine). */
    sms: sms.settings,
    /** How cards are paid: the sandbox served by the shop itself, or Yoco. */
    payments: payments.settings,
    /** Door-to-door delivery: flat prices per service level, or Shiplogic's live rates and bookings. */
    courier: courier.settings,
    /** ADMIN_EMAILS, trimmed and lower-cased: verified accounts with these emails are admins. */
    adminEmails: parseAdminEmails(e.ADMIN_EMAILS),
    /** Who signs shoppers in: the shop's own accounts, or Firebase Authentication (AUTH_PROVIDER=firebase). */
    signIn: signIn.settings,
    /** Google sign-in is offered only when both its client id and secret are set (with Firebase: FIREBASE_GOOGLE_SIGN_IN). */
    googleEnabled: signIn.settings.provider === 'firebase' ? signIn.settings.googleSignIn : google !== undefined,
    /** Google's OpenID Connect client, when enabled. */
    google,
    /** SESSION_SECRET; unset, the embedded database keeps a generated one in DATA_DIR. */
    sessionSecret: e.SESSION_SECRET,
    /** SHOP_DEMO=true: a public demo, allowed to run on fakes; every page says so. */
    demo: e.SHOP_DEMO === 'true',
    /** The bearer token a Prometheus scraper sends for /metrics; unset: no metrics are served. */
    metricsToken: e.METRICS_TOKEN,
    /** New public pages the server renders a second at most (decision 0032); 0: the browser renders them all. */
    ssrPagesPerSecond: e.SSR_PAGES_PER_SECOND,
    /** The most of one flag on one cart line (CART_LINE_LIMIT); more than that is a quote. */
    cartLineLimit: e.CART_LINE_LIMIT,
    /** Lower prices for many of one size (QUANTITY_BREAKS); none unless the owner sets them. */
    quantityBreaks: e.QUANTITY_BREAKS ?? [],
    /** Whether a discount code also takes off lines already at a quantity price (QUANTITY_BREAKS_WITH_CODES). */
    quantityBreaksWithCodes: e.QUANTITY_BREAKS_WITH_CODES === 'true',
    /** CHECKOUT_ACCOUNTS=optional: a shopper may pay as a guest, without an account (the spec's default asks every buyer to sign in). */
    guestCheckout: e.CHECKOUT_ACCOUNTS === 'optional',
    /** How long a checkout stays unpaid before its shopper, who asked for it, gets the one reminder. */
    checkoutReminderAfterMs: e.CHECKOUT_REMINDER_MINUTES * 60_000,
    /** BACKUP_DIR: a daily backup of the embedded database goes there, the newest BACKUP_KEEP kept. */
    dailyBackups: e.BACKUP_DIR ? { dir: path.resolve(e.BACKUP_DIR), keep: e.BACKUP_KEEP } : undefined,
  };
}

export type Config = ReturnType<typeof loadConfig>;
