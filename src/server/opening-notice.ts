import type { Config } from './config';
import type { PaymentSettings } from './payments/providers';

/** What the notice says beyond the settings: where the server listens, and who runs the order desk now. */
export interface OpeningFacts {
  /** host:port the server listens on. */
  listeningOn: string;
  /** ADMIN_EMAILS, and the addresses granted admin with `npm run admin` that are still active. */
  admins: { fromAdminEmails: string[]; granted: string[] };
}

function textMessages(config: Config): string {
  if (config.sms.provider === 'bulksms') return 'sent through BulkSMS';
  // The dev mailbox is served only while it holds the emails too.
  return config.mail.provider === 'smtp' ? 'marked sent but reach no phone: set SMS_PROVIDER=bulksms' : 'the dev mailbox too';
}

/** How the start names each way to pay. */
const paymentNotice: Record<PaymentSettings['provider'], string> = {
  yoco: 'Yoco',
  sandbox: 'the sandbox (no real money moves)',
  payfast: 'PayFast',
  ozow: 'Ozow (Instant EFT)',
  eft: 'bank transfer (EFT), marked paid on the order desk',
};

/**
 * The few lines a person starting the shop in a terminal needs, in words: where it is open, where
 * its mail goes, who may open the order desk. The log (JSON lines, for machines) follows it.
 */

export function openingNotice(config: Config, { listeningOn, admins }: OpeningFacts): string {
  const url = config.publicUrl;
  const adminLines = [
    ...admins.fromAdminEmails.map((email) => `${email} (ADMIN_EMAILS)`),
    ...admins.granted.filter((email) => !admins.fromAdminEmails.includes(email)).map((email) => `${email} (npm run admin)`),
  ];
  const lines: [string, string][] = [
    ['Order desk', `${url}/admin`],
    [
      'Admins',
      adminLines.length > 0
        ? `${adminLines.join(', ')}, each once its email is verified`
        : 'none yet: set ADMIN_EMAILS=you@example.co.za (or npm run admin -- grant <email>), sign up with that address and verify it',
    ],
    ['Emails', config.mail.provider === 'smtp' ? 'sent through SMTP_URL' : `the dev mailbox, ${url}/dev/mailbox (nothing leaves this machine)`],
    ['Texts', textMessages(config)],
    ['Payments', config.payments.map((settings) => paymentNotice[settings.provider]).join(', ')],
    ['Database', config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded, in ${config.dataDir}`],
  ];
  // Said where PUBLIC_URL is not simply this port on this machine (a proxy in front, another port).
  const publicPort = new URL(url).port || (config.servedOverHttps ? '443' : '80');
  const listening = config.publicShop || !listeningOn.endsWith(`:${publicPort}`) ? ` (listening on ${listeningOn})` : '';
  return [
    '',
    `  ${config.shop.name} is open at ${url}${listening}${config.demo ? ', a demo shop (SHOP_DEMO=true)' : ''}`,
    '',
    ...lines.map(([label, text]) => `  ${label.padEnd(11)}${text}`),
    '',
    `  Stop it with Ctrl-C. The log below is JSON lines (LOG_LEVEL=${config.logLevel}).`,
    '',
    '',
  ].join('\n');
}
