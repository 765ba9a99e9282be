import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabases, TEST_PUBLIC_URL, type TestApp } from '../testing/test-support';
import { describeShop } from '../testing/describe-shop';

interface MailboxJson {
  messages: { id: string; to: string; replyTo?: string; subject: string; text: string; html: string; sentAt: string }[];
}

const contact = { name: 'Thandi <b>Nkosi</b>', email: 'thandi@example.co.za', message: 'Hi <script>alert(1)</script> there' };

describeShop('dev mailbox', {}, (shop) => {
  const mailbox = async () => (await shop.app.inject({ url: '/dev/mailbox.json' })).json<MailboxJson>().messages;

  it('shows a contact message once the outbox has delivered it', async () => {
    expect((await shop.app.inject({ method: 'POST', url: '/api/contact', payload: contact })).statusCode).toBe(201);
    expect(await mailbox()).toEqual([]);

    await shop.worker.runOnce();
    const messages = await mailbox();
    expect(messages.map((m) => m.to).sort()).toEqual(['hello@capeflag.co.za', 'thandi@example.co.za']);
    const toShop = messages.find((m) => m.to === 'hello@capeflag.co.za')!;
    expect(toShop).toMatchObject({ subject: 'Contact form: message from Thandi <b>Nkosi</b>', replyTo: 'thandi@example.co.za' });
    expect(toShop.text).toContain(contact.message);
    expect(toShop.html).not.toContain('<script>');

    const page = await shop.app.inject({ url: '/dev/mailbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Contact form: message from Thandi &#60;b&#62;Nkosi&#60;/b&#62;');
    expect(page.body).toContain('We received your message - Cape Flag Co.');
    expect(page.body).toContain(`href="/dev/mailbox/${toShop.id}"`);
    // The sender's copy links to the shop; the text version's link is clickable too.
    expect(page.body).toContain(`<a href="${TEST_PUBLIC_URL}/shop"`);
    expect(page.body).not.toMatch(/<script|<b>Nkosi/);
  });

  it('shows one message as its own page, links and all', async () => {
    const copy = (await mailbox()).find((m) => m.to === 'thandi@example.co.za')!;
    const res = await shop.app.inject({ url: `/dev/mailbox/${copy.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toBe(copy.html);
    expect(res.body).toContain(`href="${TEST_PUBLIC_URL}/shop"`);
  });

  it.each(['00000000-0000-4000-8000-000000000000', 'not-an-id'])('answers 404 for message %s', async (id) => {
    expect((await shop.app.inject({ url: `/dev/mailbox/${id}` })).statusCode).toBe(404);
  });
});

describe('dev mailbox with SMTP_URL set', () => {
  let t: TestApp;
  const [pglite] = testDatabases();

  beforeAll(async () => {
    t = await startTestApp(pglite!, { env: { SMTP_URL: 'smtp://127.0.0.1:9' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(['/dev/mailbox', '/dev/mailbox.json', '/dev/mailbox/00000000-0000-4000-8000-000000000000'])('%s is not there', async (url) => {
    expect((await t.app.inject({ url })).statusCode).toBe(404);
  });
});
