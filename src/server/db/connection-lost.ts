import { AsyncLocalStorage } from 'node:async_hooks';
import { DatabaseUnavailableError } from '../errors';

/** Node's socket errors for a server that cannot be reached or went away. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * PostgreSQL's SQLSTATEs for a connection that ended or could not be made: class 08 (connection
 * exception), 57P01-57P05 (terminated by an administrator, a crash, a start-up or shut-down, a
 * dropped database, an idle session timeout), 25P03 (idle in a transaction too long) and 53300
 * (too many connections).
 */
const CONNECTION_SQLSTATE = /^(08...|57P0[1-5]|25P03|53300)$/;

/** What node-postgres, pg-pool and PGlite say instead of a code when the connection is gone or never came. */
const CONNECTION_MESSAGE =
  /Connection terminated|not queryable|timeout expired|timeout exceeded when trying to connect|Query read timeout|Cannot use a pool after calling end|PGlite is closed/i;

/**
 * True when a statement failed because the database could not be reached or its connection was
 * lost (a fail-over, a restart, a terminated backend, a network reset), wherever the driver or
 * Drizzle nested the error: the same request may succeed in a moment, so it is answered 503.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 8; e = e.cause, depth++) {
    // The same socket codes from a call to another service (fetch) are that service's, not the database's.
    if (e instanceof TypeError && e.message === 'fetch failed') return false;
    const code = (e as Error & { code?: unknown }).code;
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || CONNECTION_SQLSTATE.test(code))) return true;
    if (CONNECTION_MESSAGE.test(e.message)) return true;
    if (e instanceof AggregateError && e.errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}

/** Per call into a library that answers errors itself: whether one of them was a lost database. */
const lossesSeen = new AsyncLocalStorage<{ lost: boolean }>();

/**
 * For a library that turns every failure into its own 500 answer (better-auth): its error hook
 * passes each error here, and true means it was a lost database, noted for databaseLossAs503.
 */
export function noteDatabaseLoss(err: unknown): boolean {
  if (!isDatabaseUnavailable(err)) return false;
  const seen = lossesSeen.getStore();
  if (seen) seen.lost = true;
  return true;
}

/** Runs `call`; a 5xx answer it gave because the database was lost becomes the shop's 503 in words. */
export async function databaseLossAs503<T extends { status: number }>(call: () => Promise<T>): Promise<T> {
  const seen = { lost: false };
  const answer = await lossesSeen.run(seen, call);
  if (answer.status >= 500 && seen.lost) throw new DatabaseUnavailableError();
  return answer;
}
