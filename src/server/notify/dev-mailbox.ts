import { noSettings } from '../provider-registry';
import type { Mailer, MailProviderDefinition, SmsProvider, SmsProviderDefinition } from './transports';

/**
 * The fake for both mail and text messages: nothing leaves the machine. A message counts as
 * delivered at once, and the sent outbox row, whose transport is this name, is what the dev
 * mailbox (/dev/mailbox) shows, to every process alike.
 */
export const DEV_MAILBOX = 'dev-mailbox';

export const devMailboxMailer: Mailer = {
  transport: DEV_MAILBOX,
  send: async () => undefined,
  close: () => undefined,
};

export const devMailboxSms: SmsProvider = {
  transport: DEV_MAILBOX,
  send: async () => undefined,
};

export const devMailboxMail: MailProviderDefinition<Record<never, never>> = {
  settings: noSettings,
  create: () => devMailboxMailer,
  goingLiveProblem: () =>
    'SMTP_URL is unset, so every email (sign-up verification and password-reset links included) would be published on the open page /dev/mailbox. ' +
    'Set SMTP_URL to your mail server, e.g. smtp://user:pass@smtp.example.co.za:587.',
};

export const devMailboxTexts: SmsProviderDefinition<Record<never, never>> = {
  settings: noSettings,
  create: () => devMailboxSms,
  goingLiveProblem: () => 'SMS_PROVIDER is dev-mailbox, so text messages would reach no phone. Set SMS_PROVIDER=bulksms with BULKSMS_TOKEN_ID and BULKSMS_TOKEN_SECRET.',
};
