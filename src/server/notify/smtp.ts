import { createTransport } from 'nodemailer';
import { z } from 'zod';
import { unsetWhenBlank } from '../provider-registry';
import type { Mailer, MailProviderDefinition } from './transports';

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

const smtpSettings = z
  .object({
    SMTP_URL: unsetWhenBlank.pipe(
      z.string().regex(/^smtps?:\/\/[^/]/, 'SMTP_URL must look like smtp://user:pass@smtp.example.co.za:587 (or smtps://…)'),
    ),
  })
  .transform((env) => ({ url: env.SMTP_URL }));

export const smtpMail: MailProviderDefinition<z.output<typeof smtpSettings>> = {
  settings: smtpSettings,
  create: ({ url }, { from }) => smtpMailer(url, from),
};
