import { beforeAll, expect, it } from 'vitest';
import type { AuditEntry } from '../../shared/order-desk';
import { adminAuditLog } from '../db/schema';
import { describeShop } from '../testing/describe-shop';
import { recordAdminAction } from './audit';
import { callAs, DESK_ADMIN, SHOPPER, signedIn } from '../testing/test-admin';

describeShop('the audit log', { env: { ADMIN_EMAILS: DESK_ADMIN.email } }, (shop) => {
  let admin: ReturnType<typeof callAs>;
  let shopper: ReturnType<typeof callAs>;

  beforeAll(async () => {
    admin = callAs(shop.testApp, await signedIn(shop.testApp, DESK_ADMIN));
    shopper = callAs(shop.testApp, await signedIn(shop.testApp, SHOPPER));
    const actor = { id: 'user-1', email: DESK_ADMIN.email };
    // Two lines a minute apart, then three written by one change: the same time to the microsecond.
    await shop.db.insert(adminAuditLog).values([
      { actorEmail: actor.email, action: 'order.fulfil', targetType: 'order', targetId: 'CF-100001', summary: 'Fulfilled CF-100001 with tracking PX1', createdAt: new Date('2025-03-14T06:00:00Z') },
      { actorEmail: actor.email, action: 'order.fulfil', targetType: 'order', targetId: 'CF-100002', summary: 'Fulfilled CF-100002 with tracking PX2', createdAt: new Date('2025-03-14T06:01:00Z') },
    ]);
    await shop.db.transaction(async (tx) => {
      for (const n of [3, 4, 5]) {
        await recordAdminAction(tx, actor, { action: 'order.fulfil', targetType: 'order', targetId: `CF-10000${n}`, summary: `Fulfilled CF-10000${n} with tracking PX${n}` });
      }
    });
  });

  const page = async (query = '') => {
    const res = await admin('GET', `/api/admin/audit-log${query}`);
    expect(res.statusCode).toBe(200);
    return res.json<AuditEntry[]>();
  };

  it('is for admins only', async () => {
    expect((await callAs(shop.testApp, undefined)('GET', '/api/admin/audit-log')).statusCode).toBe(401);
    expect((await shopper('GET', '/api/admin/audit-log')).statusCode).toBe(403);
  });

  it('lists the entries newest first', async () => {
    const entries = await page();
    expect(entries).toHaveLength(5);
    expect(entries.slice(3).map((e) => e.targetId)).toEqual(['CF-100002', 'CF-100001']);
    expect(entries.slice(0, 3).map((e) => e.targetId).sort()).toEqual(['CF-100003', 'CF-100004', 'CF-100005']);
    expect(entries[4]).toEqual({
      id: expect.any(String),
      actorEmail: DESK_ADMIN.email,
      action: 'order.fulfil',
      targetType: 'order',
      targetId: 'CF-100001',
      summary: 'Fulfilled CF-100001 with tracking PX1',
      createdAt: '2025-03-14T06:00:00.000Z',
    });
  });

  it('pages through every entry once, even entries written at the same moment', async () => {
    const all = await page();
    const seen: AuditEntry[] = [];
    let before = '';
    for (;;) {
      const next = await page(`?limit=2${before ? `&before=${before}` : ''}`);
      if (next.length === 0) break;
      expect(next.length).toBeLessThanOrEqual(2);
      seen.push(...next);
      before = next.at(-1)!.id;
    }
    expect(seen).toEqual(all);
  });

  it('refuses a bad limit or cursor', async () => {
    for (const query of ['?limit=0', '?limit=201', '?limit=ten']) {
      const res = await admin('GET', `/api/admin/audit-log${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'limit must be a number from 1 to 200', code: 'invalid_input' });
    }
    const bad = await admin('GET', '/api/admin/audit-log?before=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'before must be the id of an audit entry', code: 'invalid_input' });
    const unknown = await admin('GET', '/api/admin/audit-log?before=00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Audit entry not found', code: 'not_found' });
  });
});
