import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { contacts, outbox } from '../db/schema';
import { describeShop } from '../testing/describe-shop';
import { outboxEmails } from '../testing/test-support';

const valid = { name: 'Thandi Nkosi', email: 'thandi@example.co.za', message: 'Do you sell a 3m x 2m South African flag?' };

describeShop('contact API', {}, (shop) => {
  const send = (payload: object) => shop.app.inject({ method: 'POST', url: '/api/contact', payload });

  it('keeps a valid message and answers 201', async () => {
    const res = await send({ ...valid, name: '  Thandi Nkosi  ' });
    expect(res.statusCode).toBe(201);
    const { id } = res.json<{ id: string; message: string }>();
    expect(res.json()).toMatchObject({ message: 'Thank you for your message! We will get back to you soon.' });

    const rows = await shop.db.select().from(contacts).where(eq(contacts.id, id));
    expect(rows).toEqual([expect.objectContaining({ ...valid, handledAt: null })]);
  });

  it('queues two emails with the message: to the order desk and a copy to the sender', async () => {
    await shop.db.delete(outbox);
    expect((await send(valid)).statusCode).toBe(201);
    const rows = await outboxEmails(shop.db);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toMatchObject({ kind: 'email', status: 'pending', attempts: 0 });
    const payloads = rows.map((r) => r.payload).sort((a, b) => a.to.localeCompare(b.to));
    expect(payloads).toEqual([
      expect.objectContaining({ to: 'hello@capeflag.co.za', replyTo: valid.email, subject: 'Contact form: message from Thandi Nkosi' }),
      expect.objectContaining({ to: valid.email, subject: 'We received your message - Cape Flag Co.' }),
    ]);
    for (const p of payloads) {
      expect(p.text).toContain(valid.message);
      expect(p.html).toContain(valid.message);
    }
  });

  it('keeps neither the message nor its emails when queueing fails', async () => {
    const db = shop.db;
    const [contactsBefore, outboxBefore] = [await db.$count(contacts), await db.$count(outbox)];
    // Makes the second email's insert fail, after the contact row and the first email were written.
    await db.execute(sql`ALTER TABLE outbox ADD CONSTRAINT test_refuse CHECK (payload->>'to' <> 'refused@example.co.za')`);
    try {
      const res = await send({ ...valid, email: 'refused@example.co.za' });
      expect(res.statusCode).toBe(500);
    } finally {
      await db.execute(sql`ALTER TABLE outbox DROP CONSTRAINT test_refuse`);
    }
    expect(await db.$count(contacts)).toBe(contactsBefore);
    expect(await db.$count(outbox)).toBe(outboxBefore);
  });

  it.each([
    ['a missing name', { email: valid.email, message: valid.message }, 'Please enter your name'],
    ['a blank name', { ...valid, name: '   ' }, 'Please enter your name'],
    ['a missing email', { name: valid.name, message: valid.message }, 'Please enter a valid email address'],
    ['a bad email', { ...valid, email: 'thandi.example.co.za' }, 'Please enter a valid email address'],
    ['an email without a domain', { ...valid, email: 'thandi@' }, 'Please enter a valid email address'],
    ['a missing message', { name: valid.name, email: valid.email }, 'Please enter your message'],
    ['an empty message', { ...valid, message: '' }, 'Please enter your message'],
    ['a whitespace message', { ...valid, message: ' \n\t ' }, 'Please enter your message'],
  ])('refuses %s with 400', async (_label, body, message) => {
    const before = await shop.db.$count(contacts);
    const queued = await shop.db.$count(outbox);
    const res = await send(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'invalid_input' });
    expect(await shop.db.$count(contacts)).toBe(before);
    expect(await shop.db.$count(outbox)).toBe(queued);
  });

  it('refuses a message over 5000 characters', async () => {
    const res = await send({ ...valid, message: 'x'.repeat(5001) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.stringMatching(/5000/), code: 'invalid_input' });
  });

  it('accepts a message of exactly 5000 characters', async () => {
    expect((await send({ ...valid, message: 'x'.repeat(5000) })).statusCode).toBe(201);
  });
});
