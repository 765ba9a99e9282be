import type { Config } from '../config';
import { createProvider, type ChosenSettings, type ProviderDefinition, type ProviderKind } from '../provider-registry';
import { DEV_MAILBOX, devMailboxMail } from './dev-mailbox';
import { smtpMail } from './smtp';

/**
 * A file an email carries, kept in the outbox as what it is made from: a tax document by its
 * serial, printed when the email is sent. Issued documents never change, so every retry carries
 * the same file.
 */
export interface EmailAttachment {
  taxDocument: string;
}

/** One email as the outbox keeps it (the row's payload). The sender is the mailer's own. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  attachments?: EmailAttachment[];
}

/** An attachment as it goes out. */
export interface AttachedFile {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** An email as the mailer sends it, its attachments made into files. */
export type OutgoingEmail = Omit<EmailMessage, 'attachments'> & { attachments?: AttachedFile[] };

export interface Mailer {
  /** The provider's name, stored on the outbox row when sent; the dev mailbox shows the rows sent by 'dev-mailbox'. */
  readonly transport: string;
  /** Resolves once the message is accepted; throws (and the outbox retries) otherwise. */
  send(message: OutgoingEmail): Promise<void>;
  close(): void;
}

/** A mail provider's file exports one of these; mailProviders lists them. */
export type MailProviderDefinition<Settings extends object> = ProviderDefinition<Settings, Mailer, { from: string }>;

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

export function createMailer(config: Pick<Config, 'mail' | 'mailFrom'>): Mailer {
  return createProvider(mailProviders, config.mail, { from: config.mailFrom });
}
