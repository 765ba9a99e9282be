import { eq, inArray } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BatchEmailResult, OrderStatus } from '../../shared/order-desk';
import { callAs, DESK_ADMIN, SHOPPER, signedIn } from '../testing/test-admin';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { adminAuditLog, checkouts, fulfilments, orderDeskDigests, orders, outbox, quoteRequests, type CheckoutSnapshot, type OrderItem } from '../db/schema';
import { outboxEmails, TEST_PUBLIC_URL } from '../testing/test-support';
import { mainSizeOf, setMainSize } from '../testing/main-size';
import { describeShop } from '../testing/describe-shop';
import { createOrderDeskDigest, startDigestSchedule, type OrderDeskDigest } from './digest';
import { emailContextOf } from '../email-context';

const DESK = 'orders@capeflag.co.za';

const flag = (productName: string, quantity: number): OrderItem => ({ productId: crypto.randomUUID(), productName, productImage: null, productPrice: 19_000, quantity });

interface OrderSeed {
  orderNumber: string;
  createdAt: string;
  customerName?: string;
  status?: OrderStatus;
  paymentStatus?: (typeof orders.$inferInsert)['paymentStatus'];
  fulfilled?: boolean;
  deliveryOption?: 'paxi_standard' | 'paxi_express';
  items?: OrderItem[];
  /** A courier order to this street in Rondebosch, sent with tracking number TCG123. */
  courierTo?: string;
}

/** An order as checkout leaves it (with the paid checkout it came from), or moved on by the order desk. */
async function placeOrder(db: Database, seed: OrderSeed): Promise<void> {
  const [checkout] = await db
    .insert(checkouts)
    .values({
      cartSessionId: crypto.randomUUID(),
      provider: 'sandbox',
      status: 'paid',
      subtotalCents: 38_000,
      deliveryFeeCents: 6_000,
      totalCents: 44_000,
      snapshot: {} as CheckoutSnapshot,
      expiresAt: new Date(seed.createdAt),
    })
    .returning({ id: checkouts.id });
  const status = seed.status ?? 'paid';
  const [placed] = await db.insert(orders).values({
    orderNumber: seed.orderNumber,
    checkoutId: checkout!.id,
    customerName: seed.customerName ?? 'Someone Else',
    customerEmail: 'buyer@example.co.za',
    customerPhone: '+27821234567',
    ...(seed.courierTo
      ? {
          deliveryOption: 'courier_economy' as const,
          shippingStreet: seed.courierTo,
          shippingSuburb: 'Rondebosch',
          shippingCity: 'Cape Town',
          shippingProvince: 'Western Cape',
          shippingPostalCode: '7700',
          courierProvider: 'flat',
        }
      : {
          deliveryOption: seed.deliveryOption ?? 'paxi_standard',
          paxiLocationId: 'P5772',
          paxiLocationName: 'PEP Sea Point',
          paxiLocationAddress: '12 Main Road, Sea Point, Cape Town, Western Cape, 8005',
        }),
    subtotalCents: 38_000,
    deliveryFeeCents: 6_000,
    totalAmount: 44_000,
    items: seed.items ?? [flag('South Africa Flag', 1)],
    state: status === 'paid' || status === 'pending' || status === 'cancelled' ? status : 'fulfilled',
    paymentStatus: seed.paymentStatus ?? 'paid',
    createdAt: new Date(seed.createdAt),
  }).returning({ id: orders.id });
  if (seed.fulfilled) {
    const courier = seed.courierTo !== undefined;
    await db.insert(fulfilments).values({
      orderId: placed!.id,
      method: courier ? 'courier' : 'paxi',
      status: courier ? (status === 'delivery_failed' ? 'delivery_failed' : 'booked') : 'packed',
      trackingNumber: courier ? 'TCG123' : 'PX-1',
    });
  }
}

/** A moment in South African time (UTC+2 all year). */
const at = (day: string, time: string) => new Date(`${day}T${time}:00+02:00`);

describe('ORDER_DESK_DIGEST_TIME', () => {
  it('is 08:00 unless set, in HH:MM', () => {
    expect(loadConfig({} as NodeJS.ProcessEnv).orderDeskDigestAt).toEqual({ hour: 8, minute: 0 });
    expect(loadConfig({ ORDER_DESK_DIGEST_TIME: '' } as NodeJS.ProcessEnv).orderDeskDigestAt).toEqual({ hour: 8, minute: 0 });
    expect(loadConfig({ ORDER_DESK_DIGEST_TIME: '07:30' } as NodeJS.ProcessEnv).orderDeskDigestAt).toEqual({ hour: 7, minute: 30 });
    for (const bad of ['8am', '24:00', '7:30']) {
      expect(() => loadConfig({ ORDER_DESK_DIGEST_TIME: bad } as NodeJS.ProcessEnv)).toThrow('ORDER_DESK_DIGEST_TIME must be a time of day such as 08:00');
    }
  });
});

describeShop('the order-desk digest', { env: { ADMIN_EMAILS: DESK_ADMIN.email, ORDER_DESK_EMAIL: DESK } }, (shop) => {
  beforeAll(async () => {
    const db = shop.db;
    // Written out of order; only the first three still need packing.
    await placeOrder(db, { orderNumber: 'CF-100003', createdAt: '2030-03-13T14:05:00Z', customerName: 'Johan van Wyk', deliveryOption: 'paxi_express', items: [flag('Kenya Flag', 1)] });
    await placeOrder(db, { orderNumber: 'CF-100001', createdAt: '2030-03-12T07:30:00Z', customerName: 'Thandi Nkosi', items: [flag('South Africa Flag', 2), flag('Botswana Flag', 1)] });
    await placeOrder(db, { orderNumber: 'CF-100002', createdAt: '2030-03-12T19:45:00Z', customerName: 'Ayesha Patel', paymentStatus: 'partially_refunded' });
    await placeOrder(db, { orderNumber: 'CF-100004', createdAt: '2030-03-11T09:00:00Z', status: 'fulfilled', fulfilled: true });
    await placeOrder(db, { orderNumber: 'CF-100005', createdAt: '2030-03-11T10:00:00Z', status: 'cancelled', paymentStatus: 'refunded' });
    await placeOrder(db, { orderNumber: 'CF-100006', createdAt: '2030-03-11T11:00:00Z', paymentStatus: 'refunded' });
    await placeOrder(db, { orderNumber: 'CF-100007', createdAt: '2030-03-11T12:00:00Z', status: 'pending', paymentStatus: 'pending' });
  });
  beforeEach(async () => {
    await shop.db.delete(outbox);
    await shop.db.delete(orderDeskDigests);
  });

  const digestEmails = async () => (await outboxEmails(shop.db)).filter((m) => m.payload.to === DESK);
  const digestAt = (clock: { now: Date }, time = { hour: 8, minute: 0 }): OrderDeskDigest =>
    createOrderDeskDigest({ db: shop.db, email: emailContextOf(shop.config), to: DESK, at: time, now: () => clock.now });

  describe('POST /api/admin/batch-email', () => {
    it('is for admins only', async () => {
      expect((await callAs(shop.testApp, undefined)('POST', '/api/admin/batch-email')).statusCode).toBe(401);
      const shopper = callAs(shop.testApp, await signedIn(shop.testApp, SHOPPER));
      const res = await shopper('POST', '/api/admin/batch-email');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: "You don't have admin privileges", code: 'forbidden' });
      expect(await digestEmails()).toEqual([]);
    });

    it('queues the orders to pack, oldest first, to ORDER_DESK_EMAIL', async () => {
      const admin = callAs(shop.testApp, await signedIn(shop.testApp, DESK_ADMIN));
      const res = await admin('POST', '/api/admin/batch-email');
      expect(res.statusCode).toBe(200);
      expect(res.json<BatchEmailResult>()).toEqual({ sent: true, orderCount: 3, message: `Order digest sent to ${DESK}: 3 orders to pack` });

      const [mail] = await digestEmails();
      expect(mail!.payload.subject).toMatch(/^Order desk: 3 orders to pack - \w+day, \d{1,2} \w+ \d{4}$/);
      const { text, html } = mail!.payload;
      const positions = ['CF-100001', 'CF-100002', 'CF-100003'].map((n) => text.indexOf(`Order number: ${n}`));
      expect(positions.every((p) => p > 0)).toBe(true);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      for (const gone of ['CF-100004', 'CF-100005', 'CF-100006', 'CF-100007']) expect(text).not.toContain(gone);

      // Everything the packer needs, for the first order.
      const first = text.slice(positions[0], positions[1]);
      expect(first).toContain('Customer: Thandi Nkosi');
      expect(first).toContain('Cellphone: 082 123 4567');
      expect(first).toContain('Pack: 2 x South Africa Flag\n1 x Botswana Flag');
      expect(first).toContain('PAXI point: P5772 - PEP Sea Point\n12 Main Road, Sea Point, Cape Town, Western Cape, 8005');
      expect(first).toContain('Delivery: Standard (7-9 days)');
      expect(first).toMatch(/Placed: 12 Mar 2030, 09:30/);
      expect(text.slice(positions[2])).toContain('Delivery: Express (3-5 days)');
      expect(html).toContain('2 x South Africa Flag<br>1 x Botswana Flag');
      expect(html).toContain(`${TEST_PUBLIC_URL}/admin`);

      // The admin's send is in the audit log and claims no day: the 08:00 email still goes out.
      const [line] = await shop.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, 'digest.send'));
      expect(line).toMatchObject({ actorEmail: DESK_ADMIN.email, targetType: 'digest', summary: `Sent the order digest (3 to pack) to ${DESK}` });
      expect(line!.details).toMatchObject({ outboxId: mail!.id, orderNumbers: ['CF-100001', 'CF-100002', 'CF-100003'] });
      expect(await shop.db.select().from(orderDeskDigests)).toEqual([]);
    });
  });

  describe('the daily send', () => {
    it('waits until 08:00, then two processes send exactly one digest that day', async () => {
      const clock = { now: at('2030-03-14', '07:59') };
      const first = digestAt(clock);
      const second = digestAt(clock);
      expect(await Promise.all([first.sendIfDue(), second.sendIfDue()])).toEqual(['not-due', 'not-due']);
      expect(await digestEmails()).toEqual([]);

      clock.now = at('2030-03-14', '08:00');
      const outcomes = await Promise.all([first.sendIfDue(), second.sendIfDue()]);
      expect(outcomes.sort()).toEqual(['already-sent', 'sent']);
      const mails = await digestEmails();
      expect(mails).toHaveLength(1);
      expect(mails[0]!.payload.subject).toBe('Order desk: 3 orders to pack - Thursday, 14 March 2030');
      expect(await shop.db.select().from(orderDeskDigests)).toEqual([
        { day: '2030-03-14', trigger: 'schedule', orderCount: 3, outboxId: mails[0]!.id, createdAt: expect.any(Date) },
      ]);

      // Every minute for the rest of the day, in both: nothing more.
      clock.now = at('2030-03-14', '16:30');
      expect(await Promise.all([first.sendIfDue(), second.sendIfDue()])).toEqual(['already-sent', 'already-sent']);
      expect(await digestEmails()).toHaveLength(1);
    });

    it('runs in many schedules at once and still sends one', async () => {
      const clock = { now: at('2030-03-15', '08:01') };
      const log = { info: () => undefined, error: (obj: object) => expect.unreachable(JSON.stringify(obj)) };
      const schedules = Array.from({ length: 4 }, () => startDigestSchedule(digestAt(clock), log, 3_600_000));
      await Promise.all(schedules.map((s) => s.runDue()));
      await Promise.all(schedules.map((s) => s.stop()));
      expect(await digestEmails()).toHaveLength(1);
    });

    it('catches up when the process starts after 08:00', async () => {
      const late = digestAt({ now: at('2030-03-16', '10:45') });
      expect(await late.sendIfDue()).toBe('sent');
      expect((await shop.db.select().from(orderDeskDigests))[0]).toMatchObject({ day: '2030-03-16', trigger: 'schedule' });
    });

    it('still sends at 08:00 after an admin asked for the list earlier', async () => {
      const clock = { now: at('2030-03-17', '07:10') };
      const digest = digestAt(clock);
      expect(await digest.sendNow({ id: 'admin-1', email: DESK_ADMIN.email })).toMatchObject({ sent: true, orderCount: 3 });
      expect(await digest.sendIfDue()).toBe('not-due');
      clock.now = at('2030-03-17', '08:00');
      expect(await digest.sendIfDue()).toBe('sent');
      expect(await digestEmails()).toHaveLength(2);
    });

    it('sends the next day again, at the time set', async () => {
      const clock = { now: at('2030-03-18', '06:59') };
      const early = digestAt(clock, { hour: 7, minute: 0 });
      expect(await early.sendIfDue()).toBe('not-due');
      clock.now = at('2030-03-18', '07:00');
      expect(await early.sendIfDue()).toBe('sent');
      clock.now = at('2030-03-19', '07:00');
      expect(await early.sendIfDue()).toBe('sent');
      expect((await shop.db.select().from(orderDeskDigests)).map((r) => r.day).sort()).toEqual(['2030-03-18', '2030-03-19']);
    });

    it('lists the courier deliveries that failed, to chase, after what is to pack', async () => {
      await placeOrder(shop.db, { orderNumber: 'CF-100008', createdAt: '2030-03-10T09:00:00Z', customerName: 'Lerato Dlamini', status: 'delivery_failed', fulfilled: true, courierTo: '5 Main Road' });
      try {
        const digest = digestAt({ now: at('2030-03-20', '08:00') });
        expect(await digest.sendIfDue()).toBe('sent');
        const [mail] = await digestEmails();
        expect(mail!.payload.subject).toBe('Order desk: 3 orders to pack, 1 delivery to chase - Wednesday, 20 March 2030');
        const { text } = mail!.payload;
        const chase = text.indexOf('The courier could not deliver 1 order. Call the customer to arrange another time, or ask the courier what went wrong:');
        expect(chase).toBeGreaterThan(text.indexOf('Order number: CF-100003'));
        const missed = text.slice(chase);
        expect(missed).toContain('Order number: CF-100008');
        expect(missed).toContain('Customer: Lerato Dlamini');
        expect(missed).toContain('Cellphone: 082 123 4567');
        expect(missed).toContain('Deliver to: 5 Main Road, Rondebosch, Cape Town, Western Cape, 7700');
        expect(missed).toContain('Tracking number: TCG123');
      } finally {
        await shop.db.delete(orders).where(eq(orders.orderNumber, 'CF-100008'));
      }
    });

    it('greets the desk by the South African time it is sent', async () => {
      const clock = { now: at('2030-03-21', '20:30') };
      const digest = digestAt(clock);
      const greetingAt = async (time: string) => {
        await shop.db.delete(outbox);
        clock.now = at('2030-03-21', time);
        await digest.sendNow({ id: 'admin-1', email: DESK_ADMIN.email });
        const [mail] = await digestEmails();
        return mail!.payload.text.slice(mail!.payload.text.indexOf('Good'), mail!.payload.text.indexOf('!') + 1);
      };
      expect(await greetingAt('20:30')).toBe('Good evening!');
      expect(await greetingAt('13:15')).toBe('Good afternoon!');
      expect(await greetingAt('07:59')).toBe('Good morning!');
      expect(await greetingAt('00:10')).toBe('Good evening!');
    });

    it('names the flags to pack as the shop shows them to shoppers', async () => {
      await placeOrder(shop.db, { orderNumber: 'CF-100009', createdAt: '2030-03-10T08:00:00Z', items: [flag('JAPAN', 2), flag('UNITED STATES OF AMERICA', 1)] });
      try {
        const digest = digestAt({ now: at('2030-03-22', '08:00') });
        expect(await digest.sendIfDue()).toBe('sent');
        const [mail] = await digestEmails();
        expect(mail!.payload.text).toContain('Pack: 2 x Japan\n1 x United States of America');
        expect(mail!.payload.text).not.toContain('JAPAN');
      } finally {
        await shop.db.delete(orders).where(eq(orders.orderNumber, 'CF-100009'));
      }
    });

    it('lists the sizes running low, fewest left first, by flag, size and SKU; uncounted and plentiful sizes are left out', async () => {
      const kenya = await mainSizeOf(shop.db, 'kenya');
      const japan = await mainSizeOf(shop.db, 'japan');
      await setMainSize(shop.db, 'kenya', { stockQuantity: 2 });
      await setMainSize(shop.db, 'japan', { stockQuantity: 0 });
      await setMainSize(shop.db, 'ghana', { stockQuantity: 6 });
      try {
        const digest = digestAt({ now: at('2030-03-23', '08:00') });
        expect(await digest.sendIfDue()).toBe('sent');
        const [mail] = await digestEmails();
        const { text } = mail!.payload;
        const low = text.slice(text.indexOf('Running low: 2 sizes have 5 or fewer left.'));
        expect(low).toContain(`Japan (${japan.label}): sold out (${japan.sku})\nKenya (${kenya.label}): 2 left (${kenya.sku})`);
        expect(low).not.toContain('Ghana');
      } finally {
        for (const slug of ['kenya', 'japan', 'ghana']) await setMainSize(shop.db, slug, { stockQuantity: null });
      }
    });

    it('lists the quote requests still without a price, oldest first, and none answered or closed', async () => {
      const request = (name: string, createdAt: Date, extra: Partial<typeof quoteRequests.$inferInsert> = {}) => ({
        name,
        email: `${name.toLowerCase()}@example.co.za`,
        deliveryArea: 'Durban, KwaZulu-Natal',
        lines: [{ productId: null, sizeId: null, sku: null, flag: 'School crest', size: '2 m × 1 m', quantity: 30 }],
        createdAt,
        ...extra,
      });
      const rows = await shop.db
        .insert(quoteRequests)
        .values([
          request('Later', new Date('2030-03-22T09:00:00Z')),
          request('Sooner', new Date('2030-03-21T07:30:00Z'), { organisation: 'Greenfield Primary', neededBy: '2030-04-10' }),
          request('Answered', new Date('2030-03-20T07:30:00Z'), {
            status: 'answered',
            answer: { unitPricesCents: [9_000], deliveryCents: 0, totalCents: 270_000, validUntil: '2030-04-01', message: null },
          }),
          request('Closed', new Date('2030-03-20T07:30:00Z'), { status: 'closed' }),
        ])
        .returning({ number: quoteRequests.number });
      try {
        const digest = digestAt({ now: at('2030-03-23', '08:00') });
        expect(await digest.sendIfDue()).toBe('sent');
        const [mail] = await digestEmails();
        const { text } = mail!.payload;
        const waiting = text.slice(text.indexOf('Waiting for a price: 2 quote requests, oldest first:'));
        expect(waiting).toContain(
          `Q${rows[1]!.number}: Sooner (Greenfield Primary): 30 flags\nasked 21 Mar 2030, 09:30, needed by Wednesday, 10 April 2030\nQ${rows[0]!.number}: Later: 30 flags\nasked 22 Mar 2030, 11:00`,
        );
        expect(waiting).toContain(`Price them on the order desk: ${shop.config.publicUrl}/admin?tab=quotes`);
        expect(text).not.toContain('Answered');
        expect(text).not.toContain('Closed');
      } finally {
        await shop.db.delete(quoteRequests).where(inArray(quoteRequests.number, rows.map((r) => r.number)));
      }
    });

    it('says so kindly when there is nothing to pack', async () => {
      const toPack = ['CF-100001', 'CF-100002', 'CF-100003'];
      await shop.db.update(orders).set({ state: 'fulfilled' }).where(inArray(orders.orderNumber, toPack));
      try {
        const digest = digestAt({ now: at('2030-03-20', '08:00') });
        expect(await digest.sendNow({ id: 'admin-1', email: DESK_ADMIN.email })).toEqual({
          sent: true,
          orderCount: 0,
          message: `Order digest sent to ${DESK}: nothing to pack`,
        });
        expect(await digest.sendIfDue()).toBe('sent');
        const mails = await digestEmails();
        expect(mails.map((m) => m.payload.subject)).toEqual([
          'Order desk: nothing to pack - Wednesday, 20 March 2030',
          'Order desk: nothing to pack - Wednesday, 20 March 2030',
        ]);
        expect(mails[0]!.payload.text).toContain('Good morning! Every paid order has been sent on its way');
        expect(await shop.db.select({ orderCount: orderDeskDigests.orderCount }).from(orderDeskDigests)).toEqual([{ orderCount: 0 }]);
      } finally {
        await shop.db.update(orders).set({ state: 'paid' }).where(inArray(orders.orderNumber, toPack));
      }
    });
  });
});
