import { z } from 'zod';
import { normalisePhone } from '../../shared/profile';
import type { Config } from '../config';
import { createProvider, namedBy, type ChosenSettings, type ProviderDefinition } from '../provider-registry';
import { bulkSms } from './bulksms';
import { DEV_MAILBOX, devMailboxTexts } from './dev-mailbox';

/** One text message as the outbox keeps it (the row's payload when kind is 'sms'). */
export interface SmsMessage {
  /** E.164, e.g. +27821234567. */
  to: string;
  body: string;
}

/** Four parts of 153 characters: every part is charged, so the shop's texts stay short. */
export const SMS_MAX_LENGTH = 612;

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

/** Every SMS provider the shop can use, by the name SMS_PROVIDER gives. A new one is its own file and one line here. */
export const smsProviders = {
  [DEV_MAILBOX]: devMailboxTexts,
  bulksms: bulkSms,
};

export const smsProviderKind = namedBy(smsProviders, 'SMS_PROVIDER', DEV_MAILBOX);

export type SmsSettings = ChosenSettings<typeof smsProviders>;

export function createSmsProvider(config: Pick<Config, 'sms'>): SmsProvider {
  return createProvider(smsProviders, config.sms, {});
}
