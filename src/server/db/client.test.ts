import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database, type DatabaseHandle } from './client';
import { isDatabaseUnavailable } from './connection-lost';
import { queryServer, scratchDatabase } from '../testing/test-support';

describe('the embedded database under a queue of statements', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openDatabase({});
  });
  afterAll(async () => {
    await database?.close();
  });

  it('lets the event loop read new requests before the whole queue is done', async () => {
    const done: string[] = [];
    const queue = Array.from({ length: 50 }, () => database.db.execute(sql`select 1`).then(() => done.push('statement')));
    // Where the server reads sockets: a request arriving now must not wait for all 50 statements.
    setImmediate(() => done.push('event loop'));
    await Promise.all(queue);
    expect(done).toHaveLength(51);
    expect(done.indexOf('event loop')).toBeLessThan(50);
  });
});

/**
 * PostgreSQL ends the connection a transaction holds (a fail-over, a restart, an administrator,
 * idle_in_transaction_session_timeout): the process lives on, the transaction fails as a lost
 * connection, and that connection is never lent again.
 */
const serverUrl = process.env.TEST_DATABASE_URL?.trim();
describe.skipIf(!serverUrl)('a PostgreSQL connection terminated while a transaction holds it (runs only with TEST_DATABASE_URL)', () => {
  let database: DatabaseHandle | undefined;
  let scratch: Awaited<ReturnType<typeof scratchDatabase>> | undefined;

  beforeAll(async () => {
    scratch = await scratchDatabase(serverUrl!, inject('seededPostgresTemplate'));
    database = await openDatabase({ databaseUrl: scratch.url });
  });
  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
  });

  it('fails that transaction as a lost connection, closes the connection and serves the next statement on a new one', async () => {
    const backendOf = async (db: Pick<Database, 'execute'>) => {
      const { rows } = (await db.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] };
      return rows[0]!.pid;
    };
    let carryOn!: () => void;
    const held = new Promise<void>((resolve) => (carryOn = resolve));
    let pid = 0;
    const transaction = database!.db.transaction(async (tx) => {
      pid = await backendOf(tx);
      await held;
      await tx.execute(sql`select 1`);
    });
    await expect.poll(() => pid).not.toBe(0);
    await queryServer(serverUrl!, `select pg_terminate_backend(${pid})`);
    await expect.poll(async () => (await queryServer(serverUrl!, `select pid from pg_stat_activity where pid = ${pid}`)).length).toBe(0);
    carryOn();

    expect(isDatabaseUnavailable(await transaction.catch((err: unknown) => err))).toBe(true);
    expect(database!.pool().total).toBe(0);
    expect(await backendOf(database!.db)).not.toBe(pid);
    await database!.ping();
  });
});
