import { createProvider, type ChosenSettings, type ProviderKind } from '../provider-registry';
import { DEV_MAILBOX, devMailboxMail } from './dev-mailbox';
import { smtpMail } from './smtp';
import type { Mailer } from './transports';

/** Every way the shop can send email. A new one is its own file and one line here. */
export const mailProviders = {
  [DEV_MAILBOX]: devMailboxMail,
  smtp: smtpMail,
};

/** Mail has no variable of its own naming the provider: SMTP_URL set means SMTP. */
export const mailProviderKind: ProviderKind<typeof mailProviders> = {
  providers: mailProviders,
  variable: 'SMTP_URL',
  choose: (env) => (env.SMTP_URL?.trim() ? 'smtp' : DEV_MAILBOX),
};

export type MailSettings = ChosenSettings<typeof mailProviders>;

export function createMailer(config: { mail: MailSettings; mailFrom: string }): Mailer {
  return createProvider(mailProviders, config.mail, { from: config.mailFrom });
}
