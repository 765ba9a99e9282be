import type { FastifyRequest } from 'fastify';
import { TooManyRequestsError } from '../errors';
import { emailSubject, ipSubject, rateRules, type RateCheck, type RateLimiter } from '../rate-limit/service';
import { accountMessages } from '../../shared/schemas';

export type LimitedKind = 'signUp' | 'accountEmails' | 'signInFailures';

/** Attempts of one kind by one email address and by one IP address. */
export function checksFor(kind: LimitedKind, request: FastifyRequest, email: string | undefined): RateCheck[] {
  const perIp = `${kind}PerIp` as const;
  const checks: RateCheck[] = [[rateRules[perIp], ipSubject(request.ip)]];
  if (email) checks.push([rateRules[kind], emailSubject(email)]);
  return checks;
}

function minutes(seconds: number): string {
  const count = Math.max(1, Math.ceil(seconds / 60));
  return count === 1 ? '1 minute' : `${count} minutes`;
}

/** A refusal of the limits in words: the spec's sentence first where it fits, then when to try again and what else to do. */
const limitMessages: Record<LimitedKind, (retryAfterSeconds: number) => string> = {
  signInFailures: (wait) =>
    `${accountMessages.tooManyAttempts} You can try again in ${minutes(wait)}, or choose a new password now with "Forgot your password?".`,
  signUp: (wait) =>
    `${accountMessages.tooManyAttempts} You can try again in ${minutes(wait)}. If you already have an account, sign in or use "Forgot your password?".`,
  accountEmails: (wait) =>
    `Several emails were already asked for this address in the last hour. Please look for them in your inbox and spam folder, or ask again in ${minutes(wait)}.`,
};

/** Counts an attempt of `kind`; over the limit, a 429 that says when to try again. */
export async function consumeAttempt(limiter: RateLimiter, kind: LimitedKind, checks: RateCheck[]): Promise<void> {
  try {
    await limiter.consume(checks);
  } catch (err) {
    if (err instanceof TooManyRequestsError) throw new TooManyRequestsError(err.retryAfterSeconds, limitMessages[kind](err.retryAfterSeconds));
    throw err;
  }
}
