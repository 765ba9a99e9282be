import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { outbox } from '../db/schema';
import { quietLogger } from '../testing/test-support';
import { describeShop, type ShopOptions } from '../testing/describe-shop';
import type { EmailMessage } from '../lib/outbox-messages';
import type { Mailer } from './transports';
import { smtpMailer } from './smtp';
import { createOutboxWorker, enqueueEmail, MAX_ATTEMPTS, retryDelaySeconds } from './outbox';
import { startTestSmtpServer, type TestSmtpServer } from '../testing/smtp-server';
import { taxDocumentFiles } from '../tax/attachments';

const FROM = '"Cape Flag Co." <hello@capeflag.co.za>';

const email = (n: number): EmailMessage => ({
  to: `buyer${n}@example.co.za`,
  subject: `Message ${n}`,
  text: `Hello ${n}`,
  html: `<p>Hello ${n}</p>`,
});

describe('retryDelaySeconds', () => {
  it('backs off 30 s, 2 min, 10 min, 1 h, then 6 h', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(retryDelaySeconds)).toEqual([30, 120, 600, 3600, 21600, 21600, 21600]);
  });
});

let smtp: TestSmtpServer;
/** The shop mails through a loopback SMTP server, which starts first: the shop's settings name it. */
async function mailingThroughSmtp(): Promise<ShopOptions> {
  smtp = await startTestSmtpServer();
  return { env: { SMTP_URL: smtp.url, ORDER_DESK_EMAIL: 'orders@capeflag.co.za' } };
}

describeShop('outbox', mailingThroughSmtp, (shop) => {
  afterAll(async () => {
    await smtp?.close();
  });
  beforeEach(async () => {
    await shop.db.delete(outbox);
    smtp.received.length = 0;
    smtp.refuseNext(0);
  });

  const rowsOf = () => shop.db.select().from(outbox);

  it('sends a contact message to the order desk and a copy to the sender over SMTP', async () => {
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Thandi Nkosi', email: 'thandi@example.co.za', message: 'Do you sell a 3m x 2m flag?' },
    });
    expect(res.statusCode).toBe(201);
    expect(await shop.worker.runOnce()).toBe(2);

    const byRecipient = new Map(smtp.received.map((m) => [m.recipients.join(','), m]));
    expect([...byRecipient.keys()].sort()).toEqual(['orders@capeflag.co.za', 'thandi@example.co.za']);

    const toShop = byRecipient.get('orders@capeflag.co.za')!;
    expect(toShop.headers).toMatchObject({
      to: 'orders@capeflag.co.za',
      'reply-to': 'thandi@example.co.za',
      subject: 'Contact form: message from Thandi Nkosi',
      from: FROM,
    });
    expect(toShop.headers['content-type']).toMatch(/^multipart\/alternative/);
    expect(toShop.raw).toMatch(/Content-Type: text\/plain/);
    expect(toShop.raw).toMatch(/Content-Type: text\/html/);
    expect(toShop.raw).toContain('Do you sell a 3m x 2m flag?');

    const copy = byRecipient.get('thandi@example.co.za')!;
    expect(copy.headers).toMatchObject({ subject: 'We received your message - Cape Flag Co.', 'reply-to': 'hello@capeflag.co.za' });
    expect(copy.raw).toContain('Monday to Friday 8:00 AM - 6:00 PM');
    expect(copy.raw).toContain('http://shop.test/shop');

    const rows = await rowsOf();
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toMatchObject({ status: 'sent', attempts: 1, transport: 'smtp', lockedUntil: null });
    expect(await shop.worker.runOnce()).toBe(0);
  });

  it('retries after an SMTP failure, with backoff, and sends once', async () => {
    await enqueueEmail(shop.db, email(1));
    smtp.refuseNext(1);

    const before = Date.now();
    expect(await shop.worker.runOnce()).toBe(1);
    expect(smtp.received).toHaveLength(0);
    const [failed] = await rowsOf();
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, lockedUntil: null, sentAt: null });
    expect(failed!.lastError).toMatch(/451/);
    const wait = failed!.nextAttemptAt.getTime() - before;
    expect(wait).toBeGreaterThan(20_000);
    expect(wait).toBeLessThan(60_000);

    // Not due yet: nothing happens.
    expect(await shop.worker.runOnce()).toBe(0);

    // Time passes (no sleeping: the row is made due).
    await shop.db.update(outbox).set({ nextAttemptAt: sql`now()` });
    expect(await shop.worker.runOnce()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.headers.subject).toBe('Message 1');
    const [sent] = await rowsOf();
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, transport: 'smtp' });
    expect(sent!.sentAt).toBeInstanceOf(Date);
    expect(await shop.worker.runOnce()).toBe(0);
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts`, async () => {
    const broken: Mailer = {
      transport: 'smtp',
      send: () => Promise.reject(new Error('550 mailbox unavailable')),
      close: () => undefined,
    };
    const logged: unknown[] = [];
    const logger = { ...quietLogger, error: (...args: unknown[]) => logged.push(args[1]) };
    const worker = createOutboxWorker({ db: shop.db, mailer: broken, attach: taxDocumentFiles(shop.db, shop.config), logger });
    await enqueueEmail(shop.db, email(1));
    await shop.db.update(outbox).set({ attempts: MAX_ATTEMPTS - 1 });
    expect(await worker.runOnce()).toBe(1);
    const [row] = await rowsOf();
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, lastError: '550 mailbox unavailable' });
    expect(logged).toEqual(['outbox: giving up on a message']);
    await shop.db.update(outbox).set({ nextAttemptAt: sql`now() - interval '1 day'` });
    expect(await worker.runOnce()).toBe(0);
  });

  it('leaves a row claimed by another worker alone until the claim lapses', async () => {
    const { id } = await enqueueEmail(shop.db, email(1));
    await shop.db.update(outbox).set({ lockedUntil: sql`now() + interval '1 minute'` });
    expect(await shop.worker.runOnce()).toBe(0);
    await shop.db.update(outbox).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(outbox.id, id));
    expect(await shop.worker.runOnce()).toBe(1);
    expect(smtp.received).toHaveLength(1);
  });

  describe('with two workers on the same database', () => {
    const mailers: Mailer[] = [];
    afterEach(() => {
      for (const m of mailers.splice(0)) m.close();
    });

    it('sends each message exactly once', async () => {
      const count = 30;
      for (let n = 1; n <= count; n++) await enqueueEmail(shop.db, email(n));
      const workers = [1, 2].map(() => {
        const mailer = smtpMailer(smtp.url, FROM);
        mailers.push(mailer);
        return createOutboxWorker({ db: shop.db, mailer, attach: taxDocumentFiles(shop.db, shop.config), logger: quietLogger, batchSize: 4 });
      });

      const handled = [0, 0];
      for (;;) {
        const done = await Promise.all(workers.map((w) => w.runOnce()));
        if (done[0] === 0 && done[1] === 0) break;
        done.forEach((n, i) => (handled[i]! += n));
      }

      // Both did part of the work, and together all of it.
      expect(handled[0]).toBeGreaterThan(0);
      expect(handled[1]).toBeGreaterThan(0);
      expect(handled[0]! + handled[1]!).toBe(count);
      const subjects = smtp.received.map((m) => m.headers.subject).sort();
      expect(subjects).toHaveLength(count);
      expect(new Set(subjects).size).toBe(count);
      const rows = await rowsOf();
      expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    });
  });
});
