import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './connection-lost';

/** An error as node-postgres gives it: a message and a code. */
const pgError = (message: string, code: string) => Object.assign(new Error(message), { code });
/** Drizzle's wrapping of a failed statement. */
const failedQuery = (cause: unknown) => new Error('Failed query: select 1', { cause });

describe('a lost database connection', () => {
  it('is told from the error however deep Drizzle nested it', () => {
    expect(isDatabaseUnavailable(failedQuery(pgError('terminating connection due to administrator command', '57P01')))).toBe(true);
    expect(isDatabaseUnavailable(failedQuery(pgError('terminating connection due to idle-in-transaction timeout', '25P03')))).toBe(true);
    expect(isDatabaseUnavailable(failedQuery(pgError('the database system is starting up', '57P03')))).toBe(true);
    expect(isDatabaseUnavailable(failedQuery(pgError('connection failure', '08006')))).toBe(true);
    expect(isDatabaseUnavailable(pgError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(failedQuery(new Error('Client has encountered a connection error and is not queryable')))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
  });

  it('is not a refusal of the statement itself, nor a failure of another service', () => {
    expect(isDatabaseUnavailable(failedQuery(pgError('duplicate key value violates unique constraint', '23505')))).toBe(false);
    expect(isDatabaseUnavailable(failedQuery(pgError('canceling statement due to statement timeout', '57014')))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('fetch failed', { cause: pgError('read ECONNRESET', 'ECONNRESET') }))).toBe(false);
    expect(isDatabaseUnavailable('Connection terminated')).toBe(false);
  });
});
