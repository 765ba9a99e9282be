/**
 * What a way of sending email or text messages provides (a transport: SMTP, BulkSMS, the dev
 * mailbox), apart from the registries that list them (mailer.ts, sms.ts), which import every one.
 */
import { z } from 'zod';
import { normalisePhone } from '../../shared/profile';
import type { ProviderDefinition } from '../provider-registry';
import type { AttachedFile, EmailMessage, SmsMessage } from '../lib/outbox-messages';

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

/** Four parts of 153 characters: every part is charged, so the shop's texts stay short. */
const SMS_MAX_LENGTH = 612;

/**
 * A text as it may be queued and sent: the number in any South African form becomes E.164, and a
 * number that is not South African is refused. The messages leave out the number itself, because
 * they end up in logs.
 */
export const smsMessageSchema = z.object({
  to: z.string().transform((value, ctx) => {
    const phone = normalisePhone(value);
    if (phone) return phone;
    ctx.addIssue({ code: 'custom', message: 'The phone number is not a South African number (+27… or 0…)' });
    return z.NEVER;
  }),
  body: z
    .string()
    .trim()
    .min(1, 'A text message needs some text')
    .max(SMS_MAX_LENGTH, `A text message is at most ${SMS_MAX_LENGTH} characters`),
}) satisfies z.ZodType<SmsMessage, SmsMessage>;

export interface SmsProvider {
  /** The provider's name, stored on the outbox row when sent; the dev mailbox shows the rows sent by 'dev-mailbox'. */
  readonly transport: string;
  /** Resolves once the provider accepted the message; throws (and the outbox retries) otherwise. */
  send(message: SmsMessage): Promise<void>;
}

/** An SMS provider's file exports one of these; smsProviders lists them. */
export type SmsProviderDefinition<Settings extends object> = ProviderDefinition<Settings, SmsProvider, Record<never, never>>;
