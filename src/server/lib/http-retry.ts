/** Calls to the providers' APIs: when they say to come back, why a call failed, and what they answered. */

/** When a provider's API says to come back (HTTP's Retry-After): Yoco and BulkSMS both send it with a 429 or 503. */

/** Retry-After in seconds or as an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(value: string | null, now: Date): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}

/** Why a call out got no answer, in words: its time-out, or the error with its cause (fetch's 'fetch failed: connect ECONNREFUSED …'). */
export function whyNoAnswer(err: unknown, timeoutMs: number): string {
  if (err instanceof Error && err.name === 'TimeoutError') return `no answer within ${timeoutMs / 1000} s`;
  if (!(err instanceof Error)) return String(err);
  return err.cause instanceof Error ? `${err.message}: ${err.cause.message}` : err.message;
}

/** A body as JSON when it is JSON, else as its text; undefined when empty. */
export function jsonOrText(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
