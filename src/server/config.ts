import path from 'node:path';
import { z } from 'zod';
import type { ShopDetails } from '../shared/shop-details';

const optional = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

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

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: optional.pipe(z.url('PUBLIC_URL must be a URL such as https://flags.example.co.za').optional()),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optional.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
      .optional(),
  ),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'yoco']).default('sandbox'),
  YOCO_SECRET_KEY: optional.pipe(
    z.string().regex(/^sk_(test|live)_\S+$/, 'YOCO_SECRET_KEY must be a Yoco secret key (sk_test_… or sk_live_…)').optional(),
  ),
  YOCO_WEBHOOK_SECRET: optional.pipe(
    z
      .string()
      .regex(/^(whsec_)?[A-Za-z0-9+/]+={0,2}$/, "YOCO_WEBHOOK_SECRET must be the webhook's secret as Yoco showed it (whsec_…)")
      .optional(),
  ),
  YOCO_API_URL: z.url().default('https://payments.yoco.com/api'),
  SMTP_URL: optional.pipe(
    z
      .string()
      .regex(/^smtps?:\/\/[^/]/, 'SMTP_URL must look like smtp://user:pass@smtp.example.co.za:587 (or smtps://…)')
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
  SMS_PROVIDER: z.enum(['dev-mailbox', 'bulksms']).default('dev-mailbox'),
  BULKSMS_TOKEN_ID: optional,
  BULKSMS_TOKEN_SECRET: optional,
  BULKSMS_API_URL: z.url().default('https://api.bulksms.com'),
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
  SHOP_VAT_NUMBER: z.string().default(sampleShop.vatNumber),
  SHOP_ADDRESS: z.string().default(sampleShop.address),
  SHOP_PHONE: z.string().default(sampleShop.phone),
  SHOP_EMAIL: z.string().default(sampleShop.email),
  SHOP_DEMO: optional.pipe(z.enum(['true', 'false'], "SHOP_DEMO must be 'true' or 'false'").optional()),
});


export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  shop: ShopDetails;
  /** Unset: messages go to the dev mailbox at /dev/mailbox instead of an SMTP server. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where the shop's own mail goes (contact messages, the daily digest); the shop's email when unset. */
  orderDeskEmail: string;
  /** When the order-desk digest goes out each day, in South African time. */
  orderDeskDigestAt: { hour: number; minute: number };
  /** Where text messages go: BulkSMS, or the dev mailbox (nothing leaves the machine). */
  sms: { provider: 'dev-mailbox' } | { provider: 'bulksms'; apiUrl: string; tokenId: string; tokenSecret: string };
  /** ADMIN_EMAILS, trimmed and lower-cased: verified accounts with these emails are admins. */
  adminEmails: string[];
  /** Google sign-in is offered only when both its client id and secret are set. */
  googleEnabled: boolean;
  /** SHOP_DEMO=true: a public demo, allowed to run on stand-ins; every page says so. */
  demo: boolean;
  env: z.infer<typeof envSchema>;
}

/** 'a@x.co.za, B@Y.co.za,' → ['a@x.co.za', 'b@y.co.za']: case-insensitive, blanks dropped, no duplicates. */
export function parseAdminEmails(value: string | undefined): string[] {
  const emails = (value ?? '')
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter((e) => e !== '');
  return [...new Set(emails)];
}

/** The only reader of process.env. Bad settings stop the start with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const e = parsed.data;
  // Every process behind the load balancer must verify the others' cookies and links, so a secret
  // generated per process (as on the embedded database) would sign people out at random.
  if (e.DATABASE_URL && !e.SESSION_SECRET) {
    throw new Error('Invalid configuration:\n  SESSION_SECRET is required with DATABASE_URL (all processes must share it)');
  }
  // Without the key no checkout can be made, and without the secret no payment webhook can be trusted.
  const missingYoco = (['YOCO_SECRET_KEY', 'YOCO_WEBHOOK_SECRET'] as const).filter((name) => !e[name]);
  if (e.PAYMENT_PROVIDER === 'yoco' && missingYoco.length > 0) {
    throw new Error(`Invalid configuration:\n  PAYMENT_PROVIDER=yoco needs ${missingYoco.join(' and ')} (from Yoco's portal and webhook registration)`);
  }
  // Without the token every text message would fail at BulkSMS a day's worth of retries later.
  const missingBulkSms = (['BULKSMS_TOKEN_ID', 'BULKSMS_TOKEN_SECRET'] as const).filter((name) => !e[name]);
  if (e.SMS_PROVIDER === 'bulksms' && missingBulkSms.length > 0) {
    throw new Error(`Invalid configuration:\n  SMS_PROVIDER=bulksms needs ${missingBulkSms.join(' and ')} (an API token from BulkSMS's settings)`);
  }
  const [digestHour, digestMinute] = (e.ORDER_DESK_DIGEST_TIME ?? '08:00').split(':').map(Number);
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
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
    },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `"${e.SHOP_NAME.replace(/["\\]/g, '')}" <${e.SHOP_EMAIL}>`,
    orderDeskEmail: e.ORDER_DESK_EMAIL ?? e.SHOP_EMAIL,
    orderDeskDigestAt: { hour: digestHour!, minute: digestMinute! },
    sms:
      e.SMS_PROVIDER === 'bulksms'
        ? { provider: 'bulksms', apiUrl: e.BULKSMS_API_URL, tokenId: e.BULKSMS_TOKEN_ID!, tokenSecret: e.BULKSMS_TOKEN_SECRET! }
        : { provider: 'dev-mailbox' },
    adminEmails: parseAdminEmails(e.ADMIN_EMAILS),
    googleEnabled: Boolean(e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET),
    demo: e.SHOP_DEMO === 'true',
    env: e,
  };
}
