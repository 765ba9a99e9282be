import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { setTimeout as wait } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../testing/free-port';
import { startShop, stopShop } from '../testing/shop-process';
import { queryServer, scratchDatabase } from '../testing/test-support';

const LOST_CONNECTION = { message: 'The shop lost its connection to the database. Please try again.', code: 'database_unavailable' };

/** What each step of a purchase answers when all goes well. */
const NORMAL_STATUS = { 'clear cart': 200, 'add to cart': 201, 'open checkout': 200, pay: 303, 'complete payment': 200 } as const;
type Step = keyof typeof NORMAL_STATUS;

interface Answer {
  step: Step;
  status: number;
  body: string;
}

/** A signed-in shopper's browser against the shop process: cookie kept, Origin sent as a browser does. */
function shopperAt(base: string) {
  let cookie = '';
  return {
    async call(method: string, url: string, body?: object | string): Promise<{ status: number; text: string; json: () => Record<string, unknown>; location: string | null }> {
      const form = typeof body === 'string';
      const res = await fetch(`${base}${url}`, {
        method,
        redirect: 'manual',
        headers: {
          origin: base,
          cookie,
          ...(body === undefined ? {} : { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' }),
        },
        body: body === undefined ? undefined : form ? body : JSON.stringify(body),
      });
      const session = res.headers.getSetCookie().find((c) => c.startsWith('better-auth.session_token='));
      if (session) cookie = session.split(';')[0]!;
      const text = await res.text();
      return { status: res.status, text, json: () => JSON.parse(text) as Record<string, unknown>, location: res.headers.get('location') };
    },
  };
}

/** Rounds of terminating the shop's connections: a few seconds of cuts, counted in rounds rather than timed. */
const STORM_ROUNDS = 80;

/**
 * Terminates the shop's connections from a connection of its own (to another database of the
 * same server): the busy ones every round, the idle ones too every third round. Only the scratch
 * database's backends, never another test's. Resolves to how many it cut.
 */
async function cutConnections(serverUrl: string, database: string): Promise<number> {
  const killer = new pg.Client({ connectionString: serverUrl });
  await killer.connect();
  let cut = 0;
  try {
    for (let round = 0; round < STORM_ROUNDS; round++) {
      const { rows } = await killer.query<{ cut: number }>(
        `select count(*) filter (where pg_terminate_backend(pid))::int as cut from pg_stat_activity
          where datname = $1 and pid <> pg_backend_pid() and ($2 or state <> 'idle')`,
        [database, round % 3 === 2],
      );
      cut += rows[0]!.cut;
      // Paced, so that requests also get through between the cuts, as in a real fail-over.
      await wait(25);
    }
  } finally {
    await killer.end();
  }
  return cut;
}

/**
 * PostgreSQL cuts the shop's connections while signed-in shoppers are paying (a fail-over, a
 * restart, a timeout, a network reset). The process must live on: each request gets its usual
 * answer or a 503 in words, and every payment taken has exactly one order once the shopper
 * comes back.
 */
const serverUrl = process.env.TEST_DATABASE_URL?.trim();
describe.skipIf(!serverUrl)('a shop process whose PostgreSQL connections are terminated while shoppers pay (runs only with TEST_DATABASE_URL)', () => {
  let shop: ChildProcess | undefined;
  let output: () => string = () => '';
  let database: Awaited<ReturnType<typeof scratchDatabase>> | undefined;
  let base = '';

  beforeAll(async () => {
    database = await scratchDatabase(serverUrl!, inject('seededPostgresTemplate'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const started = startShop({
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATABASE_URL: database.url,
      SESSION_SECRET: 'connection-storm-secret-0123456789abcdef',
      SMTP_URL: '',
      PAYMENT_PROVIDER: 'sandbox',
    });
    shop = started.child;
    output = started.output;
    expect(await started.listening).toBe(true);
  }, 120_000);

  afterAll(async () => {
    if (shop) await stopShop(shop);
    await database?.drop();
  });

  it('keeps serving: usual answers or a 503 in words, then /readyz 200 and one order per payment', async () => {
    const shoppers = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const shopper = shopperAt(base);
        const email = `storm-${randomBytes(4).toString('hex')}@example.co.za`;
        expect((await shopper.call('POST', '/api/auth/sign-up/email', { name: 'Storm Shopper', email, password: 'storm-pass-1' })).status).toBe(200);
        let link = '';
        await expect
          .poll(
            async () => {
              const mailbox = (await shopper.call('GET', '/dev/mailbox.json')).json();
              const mail = (mailbox.messages as { to: string; text: string }[]).find((m) => m.to === email && m.text.includes('/verify-email?'));
              link = mail ? /\/verify-email\?\S+/.exec(mail.text)![0] : '';
              return link;
            },
            { timeout: 30_000 },
          )
          .not.toBe('');
        expect((await shopper.call('GET', `/api/auth${link}`)).status).toBe(200);
        const cart = (await shopper.call('POST', '/api/cart/claim', {})).json();
        return { shopper, email, sessionId: cart.sessionId as string, checkouts: [] as string[] };
      }),
    );
    const flag = (await shoppers[0]!.shopper.call('GET', '/api/products/south-africa')).json();
    const points = (await shoppers[0]!.shopper.call('POST', '/api/paxi-points', { address: 'Sea Point, Cape Town' })).json();
    const point = (points.paxiPoints as { id: string }[])[0]!;

    const answers: Answer[] = [];
    const dropped: string[] = [];
    /** One request of a purchase: its answer when it was the usual one. */
    async function step(shopper: ReturnType<typeof shopperAt>, name: Step, method: string, url: string, body?: object | string) {
      try {
        const res = await shopper.call(method, url, body);
        answers.push({ step: name, status: res.status, body: res.text });
        return res.status === NORMAL_STATUS[name] ? res : undefined;
      } catch (err) {
        dropped.push(`${name}: ${(err as Error).message}`);
        return undefined;
      }
    }
    /** A request the shopper sends again until it gets its usual answer ("Please try again"). */
    async function retried(...args: Parameters<typeof step>) {
      for (;;) {
        const res = await step(...args);
        if (res || dropped.length > 0) return res;
      }
    }
    let storming = true;
    /** One flag bought and paid for after another while the storm lasts, and at least one each. */
    async function buyFlags({ shopper, email, sessionId, checkouts }: (typeof shoppers)[number]): Promise<void> {
      for (let bought = 0; (storming || bought === 0) && dropped.length === 0; ) {
        if (!(await retried(shopper, 'clear cart', 'DELETE', `/api/cart/clear/${sessionId}`))) return;
        // An add cut short may have been stored or not: the shopper starts again from an empty cart.
        if (!(await step(shopper, 'add to cart', 'POST', '/api/cart', { sessionId, productId: flag.id, quantity: 1 }))) continue;
        const opened = await retried(shopper, 'open checkout', 'POST', '/api/payments/yoco/create-checkout', {
          amount: 19_000,
          currency: 'ZAR',
          metadata: {
            customerInfo: { firstName: 'Storm', lastName: 'Shopper', email, phone: '0821234567' },
            deliverySpeed: 'paxi-standard',
            paxiPoint: { id: point.id },
          },
        });
        if (!opened) return;
        const { id, redirectUrl } = opened.json() as { id: string; redirectUrl: string };
        checkouts.push(id);
        if (!(await retried(shopper, 'pay', 'POST', `${new URL(redirectUrl).pathname}/pay`, ''))) return;
        if (!(await retried(shopper, 'complete payment', 'POST', '/api/payments/complete', { checkoutId: id }))) return;
        bought++;
      }
    }

    const shopping = Promise.all(shoppers.map(buyFlags));
    const cut = await cutConnections(serverUrl!, database!.name).finally(() => {
      storming = false;
    });
    await shopping;

    expect(shop!.exitCode, output().slice(-4000)).toBeNull();
    expect(cut).toBeGreaterThan(0);
    expect(dropped).toEqual([]);
    const unusual = answers.filter((a) => a.status !== NORMAL_STATUS[a.step]);
    for (const answer of unusual) expect({ step: answer.step, status: answer.status, body: JSON.parse(answer.body) }).toEqual({ step: answer.step, status: 503, body: LOST_CONNECTION });
    // The storm must have cut some requests short, or it tested nothing.
    expect(unusual.length).toBeGreaterThan(0);

    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    // Back on the success page, every shopper sees each payment taken as an order.
    for (const { shopper, checkouts } of shoppers) {
      for (const checkoutId of checkouts) {
        const verified = await shopper.call('GET', `/api/payments/yoco/verify/${checkoutId}`);
        expect(verified.status, verified.text).toBe(200);
      }
    }
    const outcome = await queryServer<{ id: string; paid: boolean; orders: number }>(
      database!.url,
      `select c.id, coalesce(s.status = 'completed', false) as paid, (select count(*)::int from orders o where o.checkout_id = c.id) as orders
         from checkouts c left join sandbox_checkouts s on s.external_id = c.id::text`,
    );
    expect(outcome.filter((c) => c.paid).length).toBeGreaterThan(0);
    expect(outcome.filter((c) => c.orders !== (c.paid ? 1 : 0))).toEqual([]);
  }, 120_000);
});
