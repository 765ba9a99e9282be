import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../testing/free-port';
import { startShop, stopShop } from '../testing/shop-process';
import { queryServer, scratchDatabase } from '../testing/test-support';
import { todayInSouthAfrica } from '../../shared/profile';

const DESK = 'orders@capeflag.co.za';

/**
 * Two shop processes on one PostgreSQL database, both started after the digest's time of day (set
 * to 00:00 so that it always has passed): each catches up at start, and one email goes out.
 */
const serverUrl = process.env.TEST_DATABASE_URL?.trim();
describe.skipIf(!serverUrl)('the daily digest with two shop processes on PostgreSQL', () => {
  const shops: ChildProcess[] = [];
  let database: Awaited<ReturnType<typeof scratchDatabase>> | undefined;
  const bases: string[] = [];

  beforeAll(async () => {
    // An empty database, not a copy of the seeded one: the one process test where two shops migrate and seed a new database at once.
    database = await scratchDatabase(serverUrl!);
    const started = [];
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      bases.push(`http://127.0.0.1:${port}`);
      const shop = startShop({
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATABASE_URL: database.url,
        SESSION_SECRET: 'two-processes-share-this-secret-0123456789',
        SMTP_URL: '',
        PAYMENT_PROVIDER: 'sandbox',
        ORDER_DESK_EMAIL: DESK,
        ORDER_DESK_DIGEST_TIME: '00:00',
      });
      shops.push(shop.child);
      started.push(shop.listening);
    }
    // Started together, so that their first checks race.
    expect(await Promise.all(started)).toEqual([true, true]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(shops.map(stopShop));
    await database?.drop();
  });

  it('sends exactly one digest that day', async () => {
    const digestsIn = async (base: string) => {
      const { messages } = (await (await fetch(`${base}/dev/mailbox.json`)).json()) as { messages: { to: string; subject?: string }[] };
      return messages.filter((m) => m.to === DESK && m.subject?.startsWith('Order desk: ')).length;
    };
    await expect.poll(() => digestsIn(bases[0]!), { timeout: 30_000 }).toBe(1);
    expect(await digestsIn(bases[1]!)).toBe(1);

    // Once both have stopped, every check they began has finished: still one.
    await Promise.all(shops.map(stopShop));
    const days = await queryServer<{ day: string; trigger: string }>(database!.url, `SELECT day::text AS day, trigger FROM order_desk_digests`);
    expect(days).toEqual([{ day: todayInSouthAfrica(), trigger: 'schedule' }]);
    const emails = await queryServer<{ count: string }>(database!.url, `SELECT count(*) FROM outbox WHERE payload->>'to' = '${DESK}'`);
    expect(emails).toEqual([{ count: '1' }]);
  }, 120_000);
});
