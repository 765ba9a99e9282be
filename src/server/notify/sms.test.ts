import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { outbox } from '../db/schema';
import { InvalidInputError } from '../errors';
import { describeShop, type ShopOptions } from '../testing/describe-shop';
import { startBulkSmsFake, type BulkSmsFake } from '../testing/bulksms-fake';
import { DeliveryError } from './delivery-error';
import { createOutboxWorker, enqueueSms, MAX_ATTEMPTS } from './outbox';
import { bulkSmsProvider } from './bulksms';
import { devMailboxMailer, devMailboxSms } from './dev-mailbox';
import { createSmsProvider } from './sms';
import { taxDocumentFiles } from '../tax/attachments';

const arrival = {
  to: '082 123 4567',
  body: 'Cape Flag Co.: your order CF-100042 is at PEP Sea Point (P5772). Bring your ID and PIN 4821 to collect it within 14 days.',
};

describe('SMS settings', () => {
  it('use the dev mailbox unless told otherwise', () => {
    const config = loadConfig({} as NodeJS.ProcessEnv);
    expect(config.sms).toEqual({ provider: 'dev-mailbox' });
    expect(createSmsProvider(config)).toBe(devMailboxSms);
  });

  it('refuse to start with SMS_PROVIDER=bulksms and no token', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'bulksms' } as NodeJS.ProcessEnv)).toThrow(
      'SMS_PROVIDER=bulksms needs BULKSMS_TOKEN_ID and BULKSMS_TOKEN_SECRET',
    );
    expect(() => loadConfig({ SMS_PROVIDER: 'bulksms', BULKSMS_TOKEN_ID: 'ABC' } as NodeJS.ProcessEnv)).toThrow(
      'SMS_PROVIDER=bulksms needs BULKSMS_TOKEN_SECRET',
    );
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio' } as NodeJS.ProcessEnv)).toThrow(/SMS_PROVIDER/);
  });

  it('send through BulkSMS with its token', () => {
    const config = loadConfig({ SMS_PROVIDER: 'bulksms', BULKSMS_TOKEN_ID: 'ABC', BULKSMS_TOKEN_SECRET: 'secret' } as NodeJS.ProcessEnv);
    expect(config.sms).toEqual({ provider: 'bulksms', apiUrl: 'https://api.bulksms.com', tokenId: 'ABC', tokenSecret: 'secret' });
    expect(createSmsProvider(config).transport).toBe('bulksms');
  });
});

describe('the BulkSMS provider', () => {
  let bulk: BulkSmsFake;

  beforeAll(async () => {
    bulk = await startBulkSmsFake();
  });
  afterAll(async () => {
    await bulk?.close();
  });
  beforeEach(() => {
    bulk.requests.length = 0;
    bulk.accepted.length = 0;
  });

  const provider = (overrides: Partial<Parameters<typeof bulkSmsProvider>[0]> = {}) =>
    bulkSmsProvider({ apiUrl: bulk.apiUrl, tokenId: bulk.tokenId, tokenSecret: bulk.tokenSecret, ...overrides });
  const failureOf = (promise: Promise<unknown>) => promise.then(() => expect.unreachable('the send should fail'), (err: unknown) => err as DeliveryError);

  it('posts {to, body} to /v1/messages with Basic auth', async () => {
    await provider().send({ to: '+27821234567', body: 'Hello from Cape Flag Co.' });
    expect(bulk.requests).toEqual([
      {
        authorization: `Basic ${Buffer.from(`${bulk.tokenId}:${bulk.tokenSecret}`).toString('base64')}`,
        contentType: 'application/json',
        query: 'auto-unicode=true',
        body: { to: '+27821234567', body: 'Hello from Cape Flag Co.' },
      },
    ]);
    expect(bulk.accepted).toEqual([{ to: '+27821234567', body: 'Hello from Cape Flag Co.' }]);
  });

  it('passes on how long BulkSMS asks to wait after a 429', async () => {
    bulk.answerNext({ status: 429, headers: { 'retry-after': '90' } });
    const err = await failureOf(provider().send({ to: '+27821234567', body: 'Hi' }));
    expect(err).toBeInstanceOf(DeliveryError);
    expect(err).toMatchObject({ failure: 'temporary', retryAfterSeconds: 90 });
    expect(err.message).toMatch(/^BulkSMS asked us to slow down \(HTTP 429\)/);
  });

  it('calls a refusal of the token or the message rejected, with BulkSMS’s own words', async () => {
    const err = await failureOf(provider({ tokenSecret: 'wrong' }).send({ to: '+27821234567', body: 'Hi' }));
    expect(err).toMatchObject({ failure: 'rejected', message: 'BulkSMS refused the message (HTTP 401): Invalid credentials' });
  });

  it('calls a server error temporary', async () => {
    bulk.answerNext({ status: 503, body: { title: 'Service Unavailable', detail: 'Try again shortly' } });
    const err = await failureOf(provider().send({ to: '+27821234567', body: 'Hi' }));
    expect(err).toMatchObject({ failure: 'temporary', message: 'BulkSMS could not take the message (HTTP 503): Try again shortly' });
  });

  it('gives up on a request that gets no answer in time', async () => {
    bulk.hangNext();
    const err = await failureOf(provider({ timeoutMs: 200 }).send({ to: '+27821234567', body: 'Hi' }));
    expect(err).toMatchObject({ failure: 'temporary', message: 'BulkSMS could not be reached (no answer within 0.2 s)' });
  });
});

let bulk: BulkSmsFake;
/** The shop texts through the BulkSMS fake, which starts first: the shop's settings name it. */
async function textingThroughBulkSms(): Promise<ShopOptions> {
  bulk = await startBulkSmsFake();
  return { env: { SMS_PROVIDER: 'bulksms', BULKSMS_API_URL: bulk.apiUrl, BULKSMS_TOKEN_ID: bulk.tokenId, BULKSMS_TOKEN_SECRET: bulk.tokenSecret } };
}

describeShop('text messages through the outbox', textingThroughBulkSms, (shop) => {
  afterAll(async () => {
    await bulk?.close();
  });
  beforeEach(async () => {
    await shop.db.delete(outbox);
    bulk.requests.length = 0;
    bulk.accepted.length = 0;
  });

  const rows = () => shop.db.select().from(outbox);
  const makeDue = () => shop.db.update(outbox).set({ nextAttemptAt: sql`now()` });

  it('stores the number as +27… and sends the text to BulkSMS once', async () => {
    await enqueueSms(shop.db, arrival);
    const [queued] = await rows();
    expect(queued).toMatchObject({ kind: 'sms', status: 'pending', payload: { to: '+27821234567', body: arrival.body } });

    expect(await shop.worker.runOnce()).toBe(1);
    expect(bulk.accepted).toEqual([{ to: '+27821234567', body: arrival.body }]);
    expect(bulk.requests[0]!.authorization).toBe(`Basic ${Buffer.from(`${bulk.tokenId}:${bulk.tokenSecret}`).toString('base64')}`);
    const [sent] = await rows();
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, transport: 'bulksms', lockedUntil: null });
    expect(await shop.worker.runOnce()).toBe(0);
  });

  it('waits as long as a 429 asks before trying again', async () => {
    await enqueueSms(shop.db, arrival);
    bulk.answerNext({ status: 429, headers: { 'retry-after': '300' } });
    const before = Date.now();
    expect(await shop.worker.runOnce()).toBe(1);
    const [waiting] = await rows();
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, sentAt: null });
    expect(waiting!.lastError).toMatch(/HTTP 429/);
    // 300 s, not the usual 30 s after a first failure.
    const wait = waiting!.nextAttemptAt.getTime() - before;
    expect(wait).toBeGreaterThan(290_000);
    expect(wait).toBeLessThan(330_000);
    expect(await shop.worker.runOnce()).toBe(0);

    await makeDue();
    expect(await shop.worker.runOnce()).toBe(1);
    expect(bulk.accepted).toHaveLength(1);
    expect((await rows())[0]).toMatchObject({ status: 'sent', attempts: 2, transport: 'bulksms' });
  });

  it('retries after a server error with the usual backoff', async () => {
    await enqueueSms(shop.db, arrival);
    bulk.answerNext({ status: 500 }, { status: 502 });
    const before = Date.now();
    expect(await shop.worker.runOnce()).toBe(1);
    const [first] = await rows();
    expect(first).toMatchObject({ status: 'pending', attempts: 1 });
    const wait = first!.nextAttemptAt.getTime() - before;
    expect(wait).toBeGreaterThan(20_000);
    expect(wait).toBeLessThan(60_000);

    await makeDue();
    expect(await shop.worker.runOnce()).toBe(1);
    expect((await rows())[0]).toMatchObject({ status: 'pending', attempts: 2, lastError: expect.stringMatching(/HTTP 502/) });

    await makeDue();
    expect(await shop.worker.runOnce()).toBe(1);
    expect(bulk.accepted).toEqual([{ to: '+27821234567', body: arrival.body }]);
    expect((await rows())[0]).toMatchObject({ status: 'sent', attempts: 3 });
  });

  describe('with a worker whose log is read', () => {
    const logged: { level: string; message: unknown }[] = [];
    const logger = {
      info: () => undefined,
      warn: (...args: unknown[]) => logged.push({ level: 'warn', message: args[1] }),
      error: (...args: unknown[]) => logged.push({ level: 'error', message: args[1] }),
    };
    afterEach(() => {
      logged.length = 0;
    });

    it('keeps retrying a message BulkSMS refused, and says so as an error', async () => {
      const sms = bulkSmsProvider({ apiUrl: bulk.apiUrl, tokenId: bulk.tokenId, tokenSecret: 'revoked' });
      const worker = createOutboxWorker({ db: shop.db, mailer: devMailboxMailer, sms, attach: taxDocumentFiles(shop.db, shop.config), logger });
      await enqueueSms(shop.db, arrival);
      expect(await worker.runOnce()).toBe(1);
      expect((await rows())[0]).toMatchObject({ status: 'pending', attempts: 1, lastError: 'BulkSMS refused the message (HTTP 401): Invalid credentials' });
      expect(logged).toEqual([{ level: 'error', message: 'outbox: the provider refused a message, will retry' }]);

      await shop.db.update(outbox).set({ attempts: MAX_ATTEMPTS - 1, nextAttemptAt: sql`now()` });
      expect(await worker.runOnce()).toBe(1);
      expect((await rows())[0]).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    });

    it('fails a row without a South African number at once', async () => {
      const worker = createOutboxWorker({ db: shop.db, mailer: devMailboxMailer, sms: createSmsProvider(shop.config), attach: taxDocumentFiles(shop.db, shop.config), logger });
      // Written around enqueueSms, as an old or hand-made row would be.
      await shop.db.insert(outbox).values({ kind: 'sms', payload: { to: '+44 20 7946 0958', body: 'Hi' } });
      expect(await worker.runOnce()).toBe(1);
      expect((await rows())[0]).toMatchObject({
        status: 'failed',
        attempts: 1,
        lastError: 'The phone number is not a South African number (+27… or 0…)',
      });
      expect(bulk.requests).toEqual([]);
      expect(logged).toEqual([{ level: 'error', message: 'outbox: giving up on a message' }]);
    });
  });

  it('refuses to queue a text to a number that is not South African, or without text', async () => {
    await expect(enqueueSms(shop.db, { to: '12345', body: 'Hi' })).rejects.toThrow(InvalidInputError);
    await expect(enqueueSms(shop.db, { to: '0821234567', body: '   ' })).rejects.toThrow('A text message needs some text');
    expect(await rows()).toEqual([]);
  });

  it('leaves a text out of the dev mailbox once BulkSMS sent it', async () => {
    await enqueueSms(shop.db, arrival);
    await shop.worker.runOnce();
    const { messages } = (await shop.app.inject({ url: '/dev/mailbox.json' })).json<{ messages: unknown[] }>();
    expect(messages).toEqual([]);
  });
});

describeShop('text messages in the dev mailbox', {}, (shop) => {
  it('are marked sent by the dev mailbox and listed beside the emails, marked SMS', async () => {
    const text = { to: '+27 82 123 4567', body: 'Your <b>flag</b> is ready: https://shop.test/profile' };
    const { id } = await enqueueSms(shop.db, text);
    await shop.app.inject({ method: 'POST', url: '/api/contact', payload: { name: 'Thandi', email: 'thandi@example.co.za', message: 'Hello' } });
    expect(await shop.worker.runOnce()).toBe(3);

    const [row] = await shop.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ status: 'sent', transport: 'dev-mailbox', attempts: 1 });

    const { messages } = (await shop.app.inject({ url: '/dev/mailbox.json' })).json<{ messages: { kind: string; to: string }[] }>();
    expect(messages).toHaveLength(3);
    expect(messages.filter((m) => m.kind === 'email').map((m) => m.to).sort()).toEqual(['hello@capeflag.co.za', 'thandi@example.co.za']);
    expect(messages.find((m) => m.kind === 'sms')).toEqual({ kind: 'sms', id, to: '+27821234567', body: text.body, sentAt: expect.any(String) });

    const page = await shop.app.inject({ url: '/dev/mailbox' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<span class="kind">SMS</span> Text message');
    expect(page.body).toContain('+27821234567');
    expect(page.body).toContain('Your &#60;b&#62;flag&#60;/b&#62; is ready: <a href="https://shop.test/profile"');
    expect(page.body).not.toContain('<b>flag');
    // A text has no page of its own.
    expect((await shop.app.inject({ url: `/dev/mailbox/${id}` })).statusCode).toBe(404);
  });
});
