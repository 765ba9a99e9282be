import { z } from 'zod';
import { retryAfterMs } from '../lib/http-retry';
import { unsetWhenBlank } from '../provider-registry';
import { DeliveryError } from './delivery-error';
import type { SmsProvider, SmsProviderDefinition } from './transports';

export interface BulkSmsOptions {
  /** https://api.bulksms.com, or a local fake in tests. */
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

/** SMS_PROVIDER=bulksms: an API token (id and secret) is required; without it every text would fail a day's worth of retries later. */
const bulkSmsSettings = z
  .object({
    BULKSMS_TOKEN_ID: unsetWhenBlank.pipe(z.string()),
    BULKSMS_TOKEN_SECRET: unsetWhenBlank.pipe(z.string()),
    BULKSMS_API_URL: z.url().default('https://api.bulksms.com'),
  })
  .transform((env) => ({ apiUrl: env.BULKSMS_API_URL, tokenId: env.BULKSMS_TOKEN_ID, tokenSecret: env.BULKSMS_TOKEN_SECRET }));

export const bulkSms: SmsProviderDefinition<z.output<typeof bulkSmsSettings>> = {
  settings: bulkSmsSettings,
  whereToGetThem: "an API token from BulkSMS's settings",
  create: (settings) => bulkSmsProvider(settings),
};
