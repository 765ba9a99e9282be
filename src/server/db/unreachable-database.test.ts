import net from 'node:net';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from './client';
import { signUpShopper, type SignedInShopper } from '../testing/test-shoppers';
import { scratchDatabase, startTestApp, TEST_PUBLIC_URL, type TestApp } from '../testing/test-support';

/**
 * The network between the shop and PostgreSQL, as a TCP relay the test can break: `silent` drops
 * every packet (a partition: nothing answers, nothing is refused), `refused` turns connections
 * away (the server down or restarting), `open` relays again. Leaving `silent` cuts the connections
 * made before, as a network reset does.
 */
async function networkTo(databaseUrl: string) {
  const target = new URL(databaseUrl);
  const sockets = new Set<net.Socket>();
  let mode: 'open' | 'silent' | 'refused' = 'open';
  const relay = net.createServer((shopSide) => {
    const serverSide = net.connect(Number(target.port || 5432), target.hostname);
    for (const [socket, other] of [[shopSide, serverSide], [serverSide, shopSide]] as const) {
      sockets.add(socket);
      socket.on('data', (bytes) => {
        if (mode === 'open') other.write(bytes);
      });
      socket.on('error', () => other.destroy());
      socket.on('close', () => {
        sockets.delete(socket);
        other.destroy();
      });
    }
  });
  relay.listen(0, '127.0.0.1');
  await once(relay, 'listening');
  const { port } = relay.address() as net.AddressInfo;
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    async become(next: typeof mode) {
      // Nothing passes a partition, not even a reset: its connections are cut only when it ends.
      if (next !== 'silent') for (const socket of sockets) socket.destroy();
      if (next === 'refused' && mode !== 'refused') await new Promise((resolve) => relay.close(resolve));
      if (next !== 'refused' && mode === 'refused') {
        relay.listen(port, '127.0.0.1');
        await once(relay, 'listening');
      }
      mode = next;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      if (relay.listening) await new Promise((resolve) => relay.close(resolve));
    },
  };
}

const LOST_CONNECTION = { message: 'The shop lost its connection to the database. Please try again.', code: 'database_unavailable' };

const serverUrl = process.env.TEST_DATABASE_URL?.trim();
describe.skipIf(!serverUrl)('a shop on PostgreSQL that loses the network to its database (runs only with TEST_DATABASE_URL)', () => {
  let t: TestApp;
  let database: Awaited<ReturnType<typeof scratchDatabase>> | undefined;
  let network: Awaited<ReturnType<typeof networkTo>> | undefined;
  let shopper: SignedInShopper;

  beforeAll(async () => {
    database = await scratchDatabase(serverUrl!, inject('seededPostgresTemplate'));
    network = await networkTo(database.url);
    t = await startTestApp({ name: 'postgresql', open: () => openDatabase({ databaseUrl: network!.url }) });
    shopper = await signUpShopper(t, { name: 'Thandi Nkosi', email: 'thandi@example.co.za', password: 'thandi-pass-1' });
  });
  afterAll(async () => {
    await t?.close();
    await network?.close();
    await database?.drop();
  });

  const signedIn = (url: string) => t.app.inject({ url, headers: { origin: TEST_PUBLIC_URL, cookie: shopper.cookie } });

  it('answers /readyz and the API 503 in words while nothing answers or the database is refused, and 200 again once it is back', async () => {
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    expect((await signedIn('/api/profile/orders')).statusCode).toBe(200);

    await network!.become('silent');
    const silent = await t.app.inject({ url: '/readyz' });
    expect(silent.statusCode).toBe(503);
    expect(silent.json()).toEqual({ status: 'unavailable', message: 'The database does not answer' });
    // A request needing a new connection is not held without end either.
    const held = await signedIn('/api/profile/orders');
    expect({ status: held.statusCode, body: held.json() }).toEqual({ status: 503, body: LOST_CONNECTION });

    await network!.become('refused');
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(503);
    for (const url of ['/api/profile/orders', '/api/payments/yoco/verify/00000000-0000-4000-8000-000000000000', '/api/auth/get-session']) {
      const answer = await signedIn(url);
      expect({ url, status: answer.statusCode, body: answer.json() }).toEqual({ url, status: 503, body: LOST_CONNECTION });
      expect(answer.headers['retry-after']).toBe('5');
    }

    await network!.become('open');
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    const orders = await signedIn('/api/profile/orders');
    expect(orders.statusCode).toBe(200);
    expect(orders.json()).toMatchObject({ orders: [] });
  });
});
