import { eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateLimits } from '../db/schema';
import { TooManyRequestsError } from '../errors';
import { guestMessages } from '../../shared/guest-orders';

/** At most `limit` attempts per subject in a fixed window of `windowSeconds`. */
export interface RateRule {
  name: string;
  limit: number;
  windowSeconds: number;
  /** The refusal's words where the spec's 'Too many failed attempts' does not fit. */
  message?: string;
}

const tooManyProofs = 'Too many proof of payment uploads in the last hour. Please try again later.';

/**
 * The shop's limits, per IP address and per email address. Generous enough for a family behind
 * one home router, tight enough that guessing a password or flooding an inbox goes nowhere.
 */
export const rateRules = {
  signInFailures: { name: 'sign-in-failures', limit: 5, windowSeconds: 15 * 60 },
  signInFailuresPerIp: { name: 'sign-in-failures-ip', limit: 30, windowSeconds: 15 * 60 },
  signUp: { name: 'sign-up', limit: 3, windowSeconds: 60 * 60 },
  signUpPerIp: { name: 'sign-up-ip', limit: 30, windowSeconds: 60 * 60 },
  accountEmails: { name: 'account-emails', limit: 5, windowSeconds: 60 * 60 },
  accountEmailsPerIp: { name: 'account-emails-ip', limit: 30, windowSeconds: 60 * 60 },
  contact: { name: 'contact', limit: 5, windowSeconds: 60 * 60 },
  contactPerIp: { name: 'contact-ip', limit: 20, windowSeconds: 60 * 60 },
  // Quote requests are limited like the contact form: each one emails the shop and the address given.
  quote: { name: 'quote', limit: 5, windowSeconds: 60 * 60 },
  quotePerIp: { name: 'quote-ip', limit: 20, windowSeconds: 60 * 60 },
  // A shopper trying an address or two, a school's bursar trying each campus: each quote calls the courier.
  courierRatesPerIp: {
    name: 'courier-rates-ip',
    limit: 30,
    windowSeconds: 10 * 60,
    message: 'Too many delivery quotes from this address. Please try again in a few minutes.',
  },
  // Discount codes, at Apply and at Pay: a shopper tries one or two, a guesser is stopped after a few.
  discountTries: {
    name: 'discount-tries',
    limit: 10,
    windowSeconds: 15 * 60,
    message: 'Too many discount code attempts. Please try again in 15 minutes.',
  },
  discountTriesPerIp: {
    name: 'discount-tries-ip',
    limit: 30,
    windowSeconds: 15 * 60,
    message: 'Too many discount code attempts. Please try again in 15 minutes.',
  },
  // Checkouts without an account: a guest trying again or two ways to pay makes a few; each one
  // holds stock and a payment page, so a script is stopped well before it empties the shelves.
  guestCheckouts: { name: 'guest-checkouts', limit: 10, windowSeconds: 60 * 60, message: guestMessages.tooManyCheckouts },
  guestCheckoutsPerIp: { name: 'guest-checkouts-ip', limit: 30, windowSeconds: 60 * 60, message: guestMessages.tooManyCheckouts },
  // Each look-up may email a link: an address is asked about a few times, a network a little more.
  orderLookUps: { name: 'order-look-ups', limit: 5, windowSeconds: 60 * 60, message: guestMessages.tooManyLookUps },
  orderLookUpsPerIp: { name: 'order-look-ups-ip', limit: 20, windowSeconds: 60 * 60, message: guestMessages.tooManyLookUps },
  // Each proof of payment is a file of up to 5 MB: a buyer sends one or two, a script is stopped after a few.
  proofOfPayment: {
    name: 'proof-of-payment',
    limit: 10,
    windowSeconds: 60 * 60,
    message: tooManyProofs,
  },
  // A guest's uploads, counted by the order their link opens (only once the link is checked, so no
  // one else spends an order's count) and by network, where one person may hold several links.
  proofOfPaymentPerOrder: { name: 'proof-of-payment-order', limit: 10, windowSeconds: 60 * 60, message: tooManyProofs },
  proofOfPaymentPerIp: { name: 'proof-of-payment-ip', limit: 30, windowSeconds: 60 * 60, message: tooManyProofs },
  // About 2 reports per page a shopper opens: 60 pages in 10 minutes from one address, room for
  // several phones behind a mobile network's shared address. Reports over it are dropped, no one waits.
  pageSpeedReportsPerIp: {
    name: 'page-speed-reports-ip',
    limit: 120,
    windowSeconds: 10 * 60,
    message: 'Too many page speed reports from this address. Please try again later.',
  },
} as const satisfies Record<string, RateRule>;

/** One rule applied to one subject, e.g. sign-in failures of one email address. */
export type RateCheck = [rule: RateRule, subject: string];

export function ipSubject(ip: string): string {
  return `ip:${ip}`;
}

export function emailSubject(email: string): string {
  return `email:${email.trim().toLowerCase()}`;
}

export function userSubject(userId: string): string {
  return `user:${userId}`;
}

export function orderSubject(orderNumber: string): string {
  return `order:${orderNumber}`;
}

const keyOf = ([rule, subject]: RateCheck) => `${rule.name}:${subject}`;
/** Counters whose window ended a day ago are deleted now and then, by whichever process counts. */
const PRUNE_EVERY = 200;

/**
 * Counters in the database, so that every process behind the load balancer shares them (and a
 * restart does not hand out fresh attempts).
 */
export function createRateLimiter(db: Database) {
  let countsSincePrune = 0;

  async function prune(): Promise<void> {
    countsSincePrune = 0;
    await db.delete(rateLimits).where(lt(rateLimits.windowStart, sql`now() - interval '1 day'`));
  }

  /** Adds one attempt to each counter; the counts after this attempt, in order. */
  async function count(checks: RateCheck[]): Promise<{ count: number; retryAfterSeconds: number }[]> {
    const results = [];
    for (const check of checks) {
      const window = sql.raw(`interval '${check[0].windowSeconds} seconds'`);
      const expired = sql`${rateLimits.windowStart} <= now() - ${window}`;
      const [row] = await db
        .insert(rateLimits)
        .values({ key: keyOf(check), windowStart: sql`now()`, count: 1 })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
            windowStart: sql`CASE WHEN ${expired} THEN now() ELSE ${rateLimits.windowStart} END`,
          },
        })
        .returning({
          count: rateLimits.count,
          retryAfterSeconds: sql<number>`ceil(extract(epoch from ${rateLimits.windowStart} + ${window} - now()))::int`,
        });
      results.push(row!);
    }
    if (++countsSincePrune >= PRUNE_EVERY) await prune();
    return results;
  }

  return {
    /** Counts this attempt; refuses it with the spec's 429 text when it goes over any limit. */
    async consume(checks: RateCheck[]): Promise<void> {
      const results = await count(checks);
      const over = results.flatMap((r, i) => (r.count > checks[i]![0].limit ? [{ ...r, rule: checks[i]![0] }] : []));
      if (over.length > 0) throw new TooManyRequestsError(Math.max(...over.map((r) => r.retryAfterSeconds)), over[0]!.rule.message);
    },

    /**
     * Gives back an attempt that consume counted, once it turned out not to be a failure (a
     * sign-in with the right password). Counting first and giving back after means parallel
     * guesses cannot all pass a check that none of them has counted yet.
     */
    async giveBack(checks: RateCheck[]): Promise<void> {
      await db
        .update(rateLimits)
        .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
        .where(inArray(rateLimits.key, checks.map(keyOf)));
    },

    /** Forgets a counter, e.g. an email's failed sign-ins after it signs in. */
    async reset(check: RateCheck): Promise<void> {
      await db.delete(rateLimits).where(eq(rateLimits.key, keyOf(check)));
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
