import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { AuditEntry, ContactMessageView } from '../../shared/order-desk';
import { adminAuditLog, contacts } from '../db/schema';
import { describeShop } from '../testing/describe-shop';
import { callAs, DESK_ADMIN, SHOPPER, signedIn } from '../testing/test-admin';

describeShop('the contact inbox', { env: { ADMIN_EMAILS: DESK_ADMIN.email } }, (shop) => {
  let admin: ReturnType<typeof callAs>;
  let shopper: ReturnType<typeof callAs>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    admin = callAs(shop.testApp, await signedIn(shop.testApp, DESK_ADMIN));
    shopper = callAs(shop.testApp, await signedIn(shop.testApp, SHOPPER));
    // Three messages a day apart, written out of order: the inbox sorts them.
    const messages = [
      { name: 'Ayesha Patel', email: 'ayesha@example.co.za', message: 'Do you have the Indian flag in stock?', createdAt: new Date('2025-03-11T08:00:00Z') },
      { name: 'Johan van Wyk', email: 'johan@example.co.za', message: 'My parcel has not arrived at PAXI yet.', createdAt: new Date('2025-03-13T08:00:00Z') },
      { name: 'Thandi Nkosi', email: 'thandi@example.co.za', message: 'Can I order 20 flags for a school?', createdAt: new Date('2025-03-12T08:00:00Z') },
    ];
    for (const m of messages) {
      const [row] = await shop.db.insert(contacts).values(m).returning({ id: contacts.id });
      ids[m.name.split(' ')[0]!] = row!.id;
    }
  });

  const inbox = async (status?: string) => {
    const res = await admin('GET', `/api/admin/contacts${status ? `?status=${status}` : ''}`);
    expect(res.statusCode).toBe(200);
    return res.json<ContactMessageView[]>();
  };
  const auditLines = () => shop.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetType, 'contact'));

  it('is for admins only', async () => {
    const signedOut = callAs(shop.testApp, undefined);
    for (const [call, status] of [
      [signedOut, 401],
      [shopper, 403],
    ] as const) {
      expect((await call('GET', '/api/admin/contacts')).statusCode).toBe(status);
      expect((await call('POST', `/api/admin/contacts/${ids.Johan}/handled`, { handled: true })).statusCode).toBe(status);
    }
    expect((await shopper('GET', '/api/admin/contacts')).json()).toEqual({ message: "You don't have admin privileges", code: 'forbidden' });
    expect(await auditLines()).toEqual([]);
  });

  it('lists the open messages newest first', async () => {
    const open = await inbox();
    expect(open.map((m) => m.name)).toEqual(['Johan van Wyk', 'Thandi Nkosi', 'Ayesha Patel']);
    expect(open[0]).toEqual({
      id: ids.Johan,
      name: 'Johan van Wyk',
      email: 'johan@example.co.za',
      message: 'My parcel has not arrived at PAXI yet.',
      createdAt: '2025-03-13T08:00:00.000Z',
      handledAt: null,
      handledBy: null,
    });
    expect(await inbox('open')).toEqual(open);
    expect(await inbox('handled')).toEqual([]);
  });

  it('marks a message handled by the admin, with a line in the audit log', async () => {
    const res = await admin('POST', `/api/admin/contacts/${ids.Thandi}/handled`, { handled: true });
    expect(res.statusCode).toBe(200);
    const handled = res.json<ContactMessageView>();
    expect(handled).toMatchObject({ id: ids.Thandi, handledBy: DESK_ADMIN.email, handledAt: expect.any(String) });
    expect(Date.now() - Date.parse(handled.handledAt!)).toBeLessThan(60_000);

    expect((await inbox()).map((m) => m.name)).toEqual(['Johan van Wyk', 'Ayesha Patel']);
    expect(await inbox('handled')).toEqual([handled]);
    expect((await inbox('all')).map((m) => m.name)).toEqual(['Johan van Wyk', 'Thandi Nkosi', 'Ayesha Patel']);

    const [line] = await auditLines();
    expect(line).toMatchObject({
      actorEmail: DESK_ADMIN.email,
      action: 'contact.handle',
      targetId: ids.Thandi,
      summary: 'Marked the message from Thandi Nkosi (thandi@example.co.za) as handled',
    });
    const log = (await admin('GET', '/api/admin/audit-log')).json<AuditEntry[]>();
    expect(log[0]).toMatchObject({ action: 'contact.handle', targetType: 'contact', targetId: ids.Thandi });

    // Again: nothing changes, nothing more is logged.
    const again = await admin('POST', `/api/admin/contacts/${ids.Thandi}/handled`, { handled: true });
    expect(again.json()).toEqual(handled);
    expect(await auditLines()).toHaveLength(1);
  });

  it('opens a handled message again', async () => {
    const res = await admin('POST', `/api/admin/contacts/${ids.Thandi}/handled`, { handled: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: ids.Thandi, handledAt: null, handledBy: null });
    expect((await inbox()).map((m) => m.name)).toEqual(['Johan van Wyk', 'Thandi Nkosi', 'Ayesha Patel']);
    const lines = await auditLines();
    expect(lines.map((l) => l.action).sort()).toEqual(['contact.handle', 'contact.reopen']);
    expect(lines.find((l) => l.action === 'contact.reopen')!.summary).toBe('Reopened the message from Thandi Nkosi (thandi@example.co.za)');
  });

  it('shows a message that arrived through the contact form', async () => {
    const sent = await callAs(shop.testApp, undefined)('POST', '/api/contact', { name: 'Pieter Botha', email: 'pieter@example.co.za', message: 'Hello!' });
    expect(sent.statusCode).toBe(201);
    expect((await inbox())[0]).toMatchObject({ id: sent.json<{ id: string }>().id, name: 'Pieter Botha', handledAt: null });
  });

  it('answers 404 for a message that does not exist', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-message']) {
      const res = await admin('POST', `/api/admin/contacts/${id}/handled`, { handled: true });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Message not found', code: 'not_found' });
    }
  });

  it('refuses a bad status or body with 400', async () => {
    expect((await admin('GET', '/api/admin/contacts?status=spam')).statusCode).toBe(400);
    for (const body of [{}, { handled: 'yes' }]) {
      const res = await admin('POST', `/api/admin/contacts/${ids.Johan}/handled`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'handled is missing or has the wrong type', code: 'invalid_input' });
    }
  });
});
