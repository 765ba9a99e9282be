import { z } from 'zod';
import { normalisePhone } from '../../shared/profile';
import type { Config } from '../config';
import { retryAfterMs } from '../payments/yoco';
import { DeliveryError } from './delivery-error';

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

export type SmsTransport = 'bulksms' | 'dev-mailbox';

export interface SmsProvider {
  /** Stored on the outbox row when sent; the dev mailbox shows the rows sent by 'dev-mailbox'. */
  readonly transport: SmsTransport;
  /** Resolves once the provider accepted the message; throws (and the outbox retries) otherwise. */
  send(message: SmsMessage): Promise<void>;
}

export interface BulkSmsOptions {
  /** https://api.bulksms.com, or a local stand-in in tests. */
  apiUrl: string;
  /** An API token made under Settings → API Tokens in the BulkSMS account. */
  tokenId: string;
  tokenSecret: string;
  fetch?: typeof fetch;
  /** Well inside the outbox's 2-minute claim on the row, so a slow answer never leads to a second send. */
  timeoutMs?: number;
  now?: () => Date;
}

/** BulkSMS answers errors as RFC 7807 problems: {type, title, status, detail}. */
const problemSchema = z.object({ title: z.string().optional(), detail: z.string().optional() }).loose();

function problemText(text: string): string {
  let said: z.infer<typeof problemSchema> | undefined;
  try {
    said = problemSchema.safeParse(JSON.parse(text)).data;
  } catch {
    said = undefined;
  }
  const words = said?.detail ?? said?.title ?? text.trim();
  return words ? `: ${words.slice(0, 300)}` : '';
}

/**
 * BulkSMS.com's JSON REST API v1 (https://www.bulksms.com/developer/json/v1/): `POST /v1/messages`
 * with HTTP Basic auth (API token id and secret) and a body `{to, body}`; `201 Created` means
 * accepted. `auto-unicode=true` lets BulkSMS switch to Unicode only when the text needs it (a
 * customer called Zoë), since Unicode parts hold fewer characters. Errors are problem documents.
 * 429 carries Retry-After; other 4xx answers are about this message or the account and are
 * reported as 'rejected', still retried on the outbox's schedule.
 */
export function bulkSmsProvider(options: BulkSmsOptions): SmsProvider {
  const url = `${options.apiUrl.replace(/\/+$/, '')}/v1/messages?auto-unicode=true`;
  const authorization = `Basic ${Buffer.from(`${options.tokenId}:${options.tokenSecret}`).toString('base64')}`;
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 20_000;
  const now = options.now ?? (() => new Date());

  return {
    transport: 'bulksms',
    async send({ to, body }) {
      let response: Response;
      try {
        response = await doFetch(url, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ to, body }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        const reason = err instanceof Error && err.name === 'TimeoutError' ? `no answer within ${timeoutMs / 1000} s` : String(err);
        throw new DeliveryError(`BulkSMS could not be reached (${reason})`, 'temporary');
      }
      const text = await response.text();
      if (response.status === 201) return;
      const status = response.status;
      if (status === 429) {
        const wait = retryAfterMs(response.headers.get('retry-after'), now());
        throw new DeliveryError(`BulkSMS asked us to slow down (HTTP 429)${problemText(text)}`, 'temporary', wait === undefined ? undefined : Math.ceil(wait / 1000));
      }
      if (status >= 400 && status < 500) throw new DeliveryError(`BulkSMS refused the message (HTTP ${status})${problemText(text)}`, 'rejected');
      throw new DeliveryError(`BulkSMS could not take the message (HTTP ${status})${problemText(text)}`, 'temporary');
    },
  };
}

/**
 * The default: nothing leaves the machine. A text counts as sent at once, and the sent outbox row
 * is what the dev mailbox shows beside the emails.
 */
export const devMailboxSms: SmsProvider = {
  transport: 'dev-mailbox',
  send: async () => undefined,
};

export function createSmsProvider(config: Pick<Config, 'sms'>): SmsProvider {
  const { sms } = config;
  return sms.provider === 'bulksms' ? bulkSmsProvider(sms) : devMailboxSms;
}
