import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { outbox, taxDocuments } from '../db/schema';
import type { Mailer, OutgoingEmail } from '../notify/transports';
import { DeliveryError } from '../notify/delivery-error';
import { seedSamplePickupPoints } from '../pickup/sample-points';
import { startTestApp, testDatabases, type TestApp } from '../testing/test-support';
import { describeShop } from '../testing/describe-shop';
import { placePaidOrder, shopHelpers } from '../testing/test-orders';
import { pdfText } from '../testing/pdf-text';
import { startTestSmtpServer, type TestSmtpServer } from '../testing/smtp-server';

/** A mailer that keeps what it was handed and refuses the first attempt, as a mail server that is down would. */
function flakyMailer(): Mailer & { attempts: OutgoingEmail[] } {
  const attempts: OutgoingEmail[] = [];
  return {
    transport: 'flaky',
    attempts,
    async send(message) {
      attempts.push(message);
      if (attempts.filter((m) => m.subject === message.subject).length === 1) throw new DeliveryError('421 try again later', 'temporary');
    },
    close: () => undefined,
  };
}

let mailer: ReturnType<typeof flakyMailer>;
/** Each database's shop has a mailer of its own, whose attempts the test counts. */
const withFlakyMailer = () => {
  mailer = flakyMailer();
  return { mailer, pickupPoints: true };
};

describeShop('documents attached to emails', withFlakyMailer, (shop) => {

  it('sends the tax invoice as a PDF with the confirmation, the same file again when the first attempt failed', async () => {
    const order = await placePaidOrder(shop.shoppers, await shop.shoppers.signUp('attached'));
    const [invoice] = await shop.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, order.id));
    const confirmation = (m: OutgoingEmail) => m.subject.startsWith(`Order ${order.orderNumber} confirmed`);

    await shop.worker.runOnce();
    // The retry is due in 30 s; bring it forward rather than wait.
    await shop.db.update(outbox).set({ nextAttemptAt: sql`now()` }).where(eq(outbox.status, 'pending'));
    await shop.worker.runOnce();

    const [first, retry, ...more] = mailer.attempts.filter(confirmation);
    expect(more).toEqual([]);
    for (const attempt of [first!, retry!]) {
      expect(attempt.attachments).toHaveLength(1);
      expect(attempt.attachments![0]).toMatchObject({ filename: `tax-invoice-${invoice!.serial}.pdf`, contentType: 'application/pdf' });
    }
    expect(retry!.attachments![0]!.content.equals(first!.attachments![0]!.content)).toBe(true);
    const text = await pdfText(retry!.attachments![0]!.content);
    expect(text).toContain('Tax Invoice');
    expect(text).toContain(invoice!.serial);
    expect(text).toContain(order.orderNumber);
  });
});

describe('the dev mailbox', () => {
  let t: TestApp;
  const shop = shopHelpers(() => t);

  beforeAll(async () => {
    t = await startTestApp(testDatabases()[0]!);
    await seedSamplePickupPoints(t.database.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows what an email carried and hands out the file, nothing for what it did not', async () => {
    const order = await placePaidOrder(shop, await shop.signUp('mailbox-attachment'));
    await t.worker.runOnce();
    const { messages } = (await t.app.inject({ url: '/dev/mailbox.json' })).json<{ messages: { id: string; subject: string; attachments?: { taxDocument: string }[] }[] }>();
    const confirmation = messages.find((m) => m.subject.startsWith(`Order ${order.orderNumber} confirmed`))!;
    const serial = confirmation.attachments![0]!.taxDocument;
    const page = await t.app.inject({ url: '/dev/mailbox' });
    expect(page.body).toContain(`<a href="/dev/mailbox/${confirmation.id}/attachments/0">${serial} (PDF)</a>`);

    const file = await t.app.inject({ url: `/dev/mailbox/${confirmation.id}/attachments/0` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(await pdfText(file.rawPayload)).toContain(serial);
    for (const url of [`/dev/mailbox/${confirmation.id}/attachments/1`, `/dev/mailbox/${confirmation.id}/attachments/-1`, `/dev/mailbox/${confirmation.id}/attachments/x`, '/dev/mailbox/not-an-id/attachments/0']) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(404);
    }
  });
});

describe('over SMTP', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  const shop = shopHelpers(() => t);

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await startTestApp(testDatabases()[0]!, { env: { SMTP_URL: smtp.url } });
    await seedSamplePickupPoints(t.database.db);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('the confirmation arrives with the tax invoice attached as a PDF', async () => {
    const order = await placePaidOrder(shop, await shop.signUp('smtp-attachment'));
    await t.worker.runOnce();
    const mail = smtp.received.find((m) => m.headers.subject?.startsWith(`Order ${order.orderNumber} confirmed`))!;
    expect(mail.headers['content-type']).toMatch(/^multipart\/mixed/);
    const part = /Content-Type: application\/pdf; name=(tax-invoice-INV-\d+\.pdf)\r\nContent-Transfer-Encoding: base64\r\nContent-Disposition: attachment; filename=\1\r\n\r\n([A-Za-z0-9+/=\r\n]+)/.exec(mail.raw);
    expect(part, mail.raw.slice(0, 2000)).not.toBeNull();
    const pdf = Buffer.from(part![2]!.replace(/\r\n/g, ''), 'base64');
    expect(await pdfText(pdf)).toContain(order.orderNumber);
  });
});
