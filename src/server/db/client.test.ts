import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client';

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
