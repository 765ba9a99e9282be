import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { copyStartedDataDir } from '../testing/data-dirs';
import { freePort } from '../testing/free-port';
import { startShop, stopShop } from '../testing/shop-process';
import { queryServer, scratchDatabase } from '../testing/test-support';
import { startYocoFake, type YocoFake } from '../testing/yoco-fake';
import { PAYFAST_NOTIFY_PATH } from '../payments/payfast';
import { payfastItn, signedItn } from '../testing/payfast-itn';
import { vatIncluded } from '../../shared/vat';

/** A shopper's browser against one running shop: cookies kept, Origin sent like a browser does. */
function browserAt(base: string, signedInAs = '') {
  let cookie = signedInAs;
  return {
    get cookie() {
      return cookie;
    },
    async call(method: string, url: string, body?: object) {
      const res = await fetch(`${base}${url}`, {
        method,
        headers: { origin: base, cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('better-auth.session_token='));
      if (setCookie) cookie = setCookie.split(';')[0]!;
      return { status: res.status, json: (await res.json()) as Record<string, unknown> };
    },
  };
}

/**
 * How long a test waits for what another shop process does in its own time: its outbox sends
 * every 2 s or when nudged, and on a busy machine the mail or the order can take several seconds.
 */
const LATER_IN_ANOTHER_PROCESS = { timeout: 20_000 };

/** How many emails the dev mailbox holds about this order. */
async function emailsAbout(browser: ReturnType<typeof browserAt>, orderNumber: string): Promise<number> {
  const { json } = await browser.call('GET', '/dev/mailbox.json');
  return (json.messages as { kind: string; subject?: string }[]).filter((m) => m.kind === 'email' && m.subject!.includes(orderNumber)).length;
}

/** Signs up and verifies a shopper and fills the cart with one South African flag (R190.00 with standard collection). */
async function shopperWithCart(
  browser: ReturnType<typeof browserAt>,
): Promise<(amount: number, extra?: object, paymentMethod?: string) => Promise<{ status: number; json: Record<string, unknown> }>> {
  const call = browser.call.bind(browser);
  const email = `process-${randomBytes(4).toString('hex')}@example.co.za`;
  expect((await call('POST', '/api/auth/sign-up/email', { name: 'Process Tester', email, password: 'process-pass-1' })).status).toBe(200);
  let link = '';
  await expect
    .poll(async () => {
      const { json } = await call('GET', '/dev/mailbox.json');
      const mail = (json.messages as { to: string; text: string }[]).find((m) => m.to === email && m.text.includes('/verify-email?'));
      link = mail ? /\/verify-email\?\S+/.exec(mail.text)![0] : '';
      return link;
    }, LATER_IN_ANOTHER_PROCESS)
    .not.toBe('');
  expect((await call('GET', `/api/auth${link}`)).status).toBe(200);

  const { json: claimed } = await call('POST', '/api/cart/claim', {});
  const { json: product } = await call('GET', '/api/products/south-africa');
  await call('POST', '/api/cart', { sessionId: claimed.sessionId, productId: product.id, quantity: 1 });
  const { json: points } = await call('POST', '/api/paxi-points', { address: 'Sea Point, Cape Town' });
  const point = (points.paxiPoints as { id: string }[])[0]!;
  return (amount, extra = {}, paymentMethod?: string) =>
    call('POST', '/api/payments/yoco/create-checkout', {
      ...(paymentMethod ? { paymentMethod } : {}),
      amount,
      currency: 'ZAR',
      metadata: {
        customerInfo: { firstName: 'Process', lastName: 'Tester', email, phone: '0821234567' },
        deliverySpeed: 'paxi-standard',
        paxiPoint: { id: point.id },
        ...extra,
      },
    });
}

/** A shopper with one South African flag in a Yoco checkout, open: its id. */
async function shopperWithOpenCheckout(browser: ReturnType<typeof browserAt>): Promise<string> {
  const created = await (await shopperWithCart(browser))(19_000);
  expect(created.status).toBe(200);
  return created.json.id as string;
}

/**
 * The server dies (SIGKILL) after the shopper paid at Yoco and before the browser came back: no
 * webhook reached it and nothing in its memory survives. After a restart the order is there.
 */
describe('a crash between payment and the shopper returning', () => {
  let yoco: YocoFake;
  let shop: ChildProcess | undefined;
  const dataDir = copyStartedDataDir(fs.mkdtempSync(path.join(os.tmpdir(), 'flag-shop-crash-')));
  let base: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    yoco = await startYocoFake();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      PAYMENT_PROVIDER: 'yoco',
      YOCO_API_URL: yoco.apiUrl,
      YOCO_SECRET_KEY: yoco.secretKey,
      YOCO_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('base64')}`,
    };
  });

  afterAll(async () => {
    if (shop) await stopShop(shop);
    await yoco?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('the order exists after a restart', async () => {
    const first = startShop(env);
    shop = first.child;
    expect(await first.listening).toBe(true);

    const browser = browserAt(base);
    const checkoutId = await shopperWithOpenCheckout(browser);
    const call = browser.call.bind(browser);
    const atYoco = [...yoco.checkouts.values()].find((c) => c.externalId === checkoutId)!;

    yoco.markPaid(atYoco.id);
    const killed = once(first.child, 'exit');
    first.child.kill('SIGKILL');
    await killed;

    // The killed process's DATA_DIR lock is taken over at once (main.test.ts), so one start is enough.
    const second = startShop(env);
    shop = second.child;
    expect(await second.listening).toBe(true);

    const verified = await call('GET', `/api/payments/yoco/verify/${checkoutId}`);
    expect(verified.json).toMatchObject({ status: 'completed', amount: 19_000, orderNumber: expect.stringMatching(/^CF-\d+$/) });
    const { json: history } = await call('GET', '/api/profile/orders');
    expect(history.orders).toEqual([expect.objectContaining({ orderNumber: verified.json.orderNumber })]);
  }, 120_000);
});

/**
 * Two shop processes behind one load balancer on PostgreSQL (the embedded database allows one
 * process only): the shopper's return reaches one, Yoco's webhook and its retry reach both.
 */
const serverUrl = process.env.TEST_DATABASE_URL?.trim();
/** PayFast's validate call, answering VALID to every ITN: the shops' other checks are what these tests lean on. */
async function payfastThatConfirms(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(request.url === '/eng/query/validate' ? 200 : 404, { 'content-type': 'text/plain' }).end('VALID'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const PAYFAST_MERCHANT = { PAYFAST_MERCHANT_ID: '10012345', PAYFAST_MERCHANT_KEY: 'abc123def456g', PAYFAST_PASSPHRASE: 'two processes, one payment' };

describe.skipIf(!serverUrl)('two shop processes on PostgreSQL', () => {
  let yoco: YocoFake;
  let payfast: Awaited<ReturnType<typeof payfastThatConfirms>>;
  const shops: ChildProcess[] = [];
  let database: Awaited<ReturnType<typeof scratchDatabase>> | undefined;
  const webhookSecret = `whsec_${randomBytes(24).toString('base64')}`;
  const bases: string[] = [];

  beforeAll(async () => {
    yoco = await startYocoFake();
    payfast = await payfastThatConfirms();
    database = await scratchDatabase(serverUrl!, inject('seededPostgresTemplate'));
    const started = [];
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      bases.push(`http://127.0.0.1:${port}`);
      const shop = startShop({
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: bases[0]!,
        DATABASE_URL: database.url,
        SESSION_SECRET: 'two-processes-share-this-secret-0123456789',
        SMTP_URL: '',
        PAYMENT_PROVIDERS: 'yoco,payfast',
        YOCO_API_URL: yoco.apiUrl,
        YOCO_SECRET_KEY: yoco.secretKey,
        YOCO_WEBHOOK_SECRET: webhookSecret,
        PAYFAST_URL: payfast.url,
        PAYFAST_ITN_SOURCES: '127.0.0.1',
        ...PAYFAST_MERCHANT,
      });
      shops.push(shop.child);
      started.push(shop.listening);
    }
    expect(await Promise.all(started)).toEqual([true, true]);
  }, 120_000);

  afterAll(async () => {
    for (const shop of shops) await stopShop(shop);
    await yoco?.close();
    await payfast?.close();
    await database?.drop();
  });

  it('the return and the webhooks at once make one order and one confirmation email', async () => {
    const first = browserAt(bases[0]!);
    const checkoutId = await shopperWithOpenCheckout(first);
    const second = browserAt(bases[1]!, first.cookie);
    const atYoco = [...yoco.checkouts.values()].find((c) => c.externalId === checkoutId)!;
    yoco.markPaid(atYoco.id);

    const webhook = async (base: string, webhookId: string) => {
      const { headers, body } = yoco.signWebhook(webhookSecret, yoco.paymentSucceeded(atYoco.id), { webhookId });
      return (await fetch(`${base}/api/payments/yoco/webhook`, { method: 'POST', headers, body: new Uint8Array(body) })).status;
    };
    const answers = await Promise.all([
      first.call('POST', '/api/payments/complete', { checkoutId }).then((r) => r.status),
      webhook(bases[1]!, 'msg_two_processes'),
      webhook(bases[0]!, 'msg_two_processes'),
      webhook(bases[0]!, 'msg_two_processes_retry'),
      second.call('POST', '/api/payments/complete', { checkoutId }).then((r) => r.status),
    ]);
    expect(answers).toEqual([200, 200, 200, 200, 200]);

    const { json: history } = await second.call('GET', '/api/profile/orders');
    const orders = history.orders as { orderNumber: string }[];
    expect(orders).toHaveLength(1);
    await expect.poll(() => emailsAbout(first, orders[0]!.orderNumber), LATER_IN_ANOTHER_PROCESS).toBe(1);
    const invoices = await queryServer<{ serial: string }>(
      database!.url,
      `select d.serial from tax_documents d join orders o on o.id = d.order_id where o.order_number = '${orders[0]!.orderNumber}'`,
    );
    expect(invoices).toHaveLength(1);
  }, 120_000);

  it("makes one order and one email of a PayFast payment whose ITN and its repeat reach both processes while the shopper returns to each", async () => {
    const first = browserAt(bases[0]!);
    const created = await (await shopperWithCart(first))(19_000, {}, 'payfast');
    expect(created.status).toBe(200);
    const checkoutId = created.json.id as string;
    const second = browserAt(bases[1]!, first.cookie);
    const fields = payfastItn({ checkoutId, paymentId: '3000001', merchantId: PAYFAST_MERCHANT.PAYFAST_MERCHANT_ID });
    const itn = signedItn(fields, PAYFAST_MERCHANT.PAYFAST_PASSPHRASE);
    const notify = async (base: string) =>
      (await fetch(`${base}${PAYFAST_NOTIFY_PATH}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: itn })).status;
    expect(await Promise.all([notify(bases[0]!), notify(bases[1]!), notify(bases[1]!), notify(bases[0]!)])).toEqual([200, 200, 200, 200]);
    const returns = await Promise.all([first.call('POST', '/api/payments/complete', { checkoutId }), second.call('POST', '/api/payments/complete', { checkoutId })]);
    expect(returns.map((r) => r.status)).toEqual([200, 200]);

    const { json: history } = await second.call('GET', '/api/profile/orders');
    const orders = history.orders as { orderNumber: string }[];
    expect(orders).toHaveLength(1);
    expect(returns.map((r) => (r.json.order as { orderNumber: string }).orderNumber)).toEqual([orders[0]!.orderNumber, orders[0]!.orderNumber]);
    await expect.poll(() => emailsAbout(first, orders[0]!.orderNumber), LATER_IN_ANOTHER_PROCESS).toBe(1);
    const [paid] = await queryServer<{ payment_method: string; payment_id: string }>(database!.url, `select payment_method, payment_id from orders where order_number = '${orders[0]!.orderNumber}'`);
    expect(paid).toEqual({ payment_method: 'payfast', payment_id: '3000001' });
  }, 120_000);

  it('gives the last use of a discount code to one shopper when shoppers on both processes check out with it at once, and the VAT is on the discounted total', async () => {
    await queryServer(database!.url, `insert into discount_codes (code, kind, amount_cents, total_uses) values ('LAST-FLAG', 'amount', 3000, 1)`);
    const checkouts = await Promise.all(Array.from({ length: 6 }, (_, i) => shopperWithCart(browserAt(bases[i % 2]!))));
    const answers = await Promise.all(checkouts.map((checkout) => checkout(16_000, { discountCode: 'last-flag' })));
    const won = answers.filter((answer) => answer.status === 200);
    expect(won).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 400).map((answer) => answer.json.message)).toEqual(Array(5).fill('This discount code has been used up.'));
    const uses = await queryServer<{ n: number }>(database!.url, `select count(*)::int as n from discount_code_uses u join discount_codes c on c.id = u.code_id where c.code = 'LAST-FLAG'`);
    expect(uses[0]!.n).toBe(1);

    const checkoutId = won[0]!.json.id as string;
    const atYoco = [...yoco.checkouts.values()].find((c) => c.externalId === checkoutId)!;
    expect(atYoco.amount).toBe(16_000);
    yoco.markPaid(atYoco.id);
    const { headers, body } = yoco.signWebhook(webhookSecret, yoco.paymentSucceeded(atYoco.id), { webhookId: 'msg_last_flag' });
    expect((await fetch(`${bases[0]}/api/payments/yoco/webhook`, { method: 'POST', headers, body: new Uint8Array(body) })).status).toBe(200);
    await expect
      .poll(
        async () =>
          queryServer<{ total_amount: number; discount_cents: number; discount_code: string; vat_cents: number }>(
            database!.url,
            `select o.total_amount, o.discount_cents, o.discount_code, d.vat_cents from orders o join tax_documents d on d.order_id = o.id and d.kind = 'invoice' where o.checkout_id = '${checkoutId}'`,
          ),
        LATER_IN_ANOTHER_PROCESS,
      )
      .toEqual([{ total_amount: 16_000, discount_cents: 3_000, discount_code: 'LAST-FLAG', vat_cents: vatIncluded(16_000) }]);
  }, 120_000);

  it('numbers the invoices of shoppers paying at once on both processes one after another, with no gap and no repeat', async () => {
    const shoppers = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const browser = browserAt(bases[i % 2]!);
        const checkoutId = await shopperWithOpenCheckout(browser);
        return { browser, checkoutId };
      }),
    );
    for (const { checkoutId } of shoppers) yoco.markPaid([...yoco.checkouts.values()].find((c) => c.externalId === checkoutId)!.id);
    const [serials] = await queryServer<{ before: number }>(database!.url, `select last_number as before from document_serials where kind = 'invoice'`);
    const before = Number(serials!.before);

    // Each shopper's return on one process and Yoco's webhook on the other, all at once.
    const answers = await Promise.all(
      shoppers.flatMap(({ browser, checkoutId }, i) => {
        const atYoco = [...yoco.checkouts.values()].find((c) => c.externalId === checkoutId)!;
        const { headers, body } = yoco.signWebhook(webhookSecret, yoco.paymentSucceeded(atYoco.id), { webhookId: `msg_invoice_${i}` });
        return [
          browser.call('POST', '/api/payments/complete', { checkoutId }).then((r) => r.status),
          fetch(`${bases[(i + 1) % 2]}/api/payments/yoco/webhook`, { method: 'POST', headers, body: new Uint8Array(body) }).then((r) => r.status),
        ];
      }),
    );
    expect(answers.every((status) => status === 200)).toBe(true);

    const issued = await queryServer<{ number: number; checkout_id: string }>(
      database!.url,
      `select d.number, o.checkout_id from tax_documents d join orders o on o.id = d.order_id where d.kind = 'invoice' and d.number > ${before} order by d.number`,
    );
    expect(issued.map((row) => row.number)).toEqual(Array.from({ length: 6 }, (_, i) => before + 1 + i));
    expect(new Set(issued.map((row) => row.checkout_id))).toEqual(new Set(shoppers.map((s) => s.checkoutId)));
  }, 120_000);
});
