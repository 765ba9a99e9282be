import { createTransport } from 'nodemailer';

/** One email as the outbox keeps it (the row's payload). The sender is the mailer's own. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
}

export type Transport = 'smtp' | 'dev-mailbox';

export interface Mailer {
  /** Stored on the outbox row when sent; the dev mailbox shows the rows sent by 'dev-mailbox'. */
  readonly transport: Transport;
  /** Resolves once the message is accepted; throws (and the outbox retries) otherwise. */
  send(message: EmailMessage): Promise<void>;
  close(): void;
}

/**
 * SMTP through nodemailer. The timeouts are far shorter than nodemailer's defaults (up to 10 min)
 * so that a send always ends well inside the outbox's 2-minute claim on the row.
 */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = createTransport({
    url: smtpUrl,
    connectionTimeout: 20_000,
    greetingTimeout: 20_000,
    socketTimeout: 45_000,
  });
  return {
    transport: 'smtp',
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close: () => transport.close(),
  };
}

/**
 * Without SMTP_URL nothing leaves the machine: a message counts as delivered at once, and the
 * sent outbox row is what the dev mailbox (/dev/mailbox) shows, to every process alike.
 */
export const devMailboxMailer: Mailer = {
  transport: 'dev-mailbox',
  send: async () => undefined,
  close: () => undefined,
};

export function createMailer(config: { smtpUrl: string | undefined; mailFrom: string }): Mailer {
  return config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : devMailboxMailer;
}
