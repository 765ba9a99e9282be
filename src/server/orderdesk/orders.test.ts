import { beforeAll, describe, expect, it } from 'vitest';
import { describeShop } from '../testing/describe-shop';
import { todayInSouthAfrica } from '../../shared/profile';
import type { AdminOrder, AdminOrderDetail } from '../../shared/order-desk';
import { csvAmount, csvCell } from '../lib/csv';
import { insertOrder, ORDER_DESK_ADMIN, placePaidOrder, SEA_POINT } from '../testing/test-orders';

type OrderRow = Awaited<ReturnType<typeof insertOrder>>;

/** RFC 4180 as a spreadsheet reads it: the test's own reader, so the export is checked by round trip. */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

describe('a CSV cell', () => {
  it('is quoted when it holds a comma, quote or line break, and never starts a formula', () => {
    expect(csvCell('Cape Town')).toBe('Cape Town');
    expect(csvCell('Sea Point, Cape Town')).toBe('"Sea Point, Cape Town"');
    expect(csvCell('The "Rainbow" flag')).toBe('"The ""Rainbow"" flag"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('@SUM(A1:A9)')).toBe("'@SUM(A1:A9)");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('+27821234567')).toBe("'+27821234567");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
    expect(csvCell('\rcmd')).toBe(`"'\rcmd"`);
  });

  it('keeps an amount a figure, a negative one too, so that a spreadsheet adds it up', () => {
    expect(csvCell(csvAmount(-870))).toBe('-8.70');
    expect(csvCell(csvAmount(123_456))).toBe('1234.56');
    expect(csvCell('-8.70')).toBe("'-8.70");
  });
});

describeShop('order desk lists, search and export', { admin: true, pickupPoints: true }, (shop) => {
  const { call } = shop;
  const o = {} as Record<'oldest' | 'lateNight' | 'afterMidnight' | 'quoted' | 'formula' | 'sent' | 'cancelled' | 'refunded', OrderRow>;

  beforeAll(async () => {
    const db = shop.db;
    o.oldest = await insertOrder(db, { customerName: 'Anna Oldest', customerEmail: 'anna@example.co.za', createdAt: new Date('2025-03-01T08:00:00Z') });
    // 23:30 and 00:30 in South Africa: the same day in UTC, two days at the shop.
    o.lateNight = await insertOrder(db, { customerName: 'Lerato Late', customerEmail: 'lerato@example.co.za', createdAt: new Date('2025-03-10T21:30:00Z') });
    o.afterMidnight = await insertOrder(db, { customerName: 'Sipho Early', customerEmail: 'sipho@example.co.za', createdAt: new Date('2025-03-10T22:30:00Z') });
    o.quoted = await insertOrder(db, {
      customerName: 'Naledi "Flag" Dlamini, Jr',
      customerEmail: 'NALEDI@Example.co.za',
      deliveryOption: 'paxi_express',
      items: [
        { productId: crypto.randomUUID(), productName: 'SOUTH AFRICA', productImage: null, productPrice: 13_000, quantity: 2 },
        // A line in a size, beside one from before sizes.
        { productId: crypto.randomUUID(), sizeId: crypto.randomUUID(), sizeLabel: 'Desk flag', sku: 'KENYA-DESK', productName: 'KENYA', productImage: null, productPrice: 6_000, quantity: 1 },
      ],
      createdAt: new Date('2025-03-12T10:00:00Z'),
    });
    o.formula = await insertOrder(db, { customerName: '=HYPERLINK("http://evil.example") Mallory', customerEmail: 'mallory@example.co.za', createdAt: new Date('2025-03-13T10:00:00Z') });
    o.sent = await insertOrder(db, {
      customerName: 'Zanele Sent',
      customerEmail: 'zanele@example.co.za',
      status: 'fulfilled',
      fulfilled: true,
      trackingNumber: 'PX-7788',
      fulfilledAt: new Date('2025-03-15T07:05:00Z'),
      createdAt: new Date('2025-03-14T10:00:00Z'),
    });
    o.cancelled = await insertOrder(db, { customerName: 'Pieter Cancelled', status: 'cancelled', createdAt: new Date('2025-03-16T10:00:00Z') });
    // Refunded in full but not (yet) cancelled: nothing to pack.
    o.refunded = await insertOrder(db, { customerName: 'Refilwe Refunded', paymentStatus: 'refunded', refundedCents: 19_000, createdAt: new Date('2025-03-17T10:00:00Z') });
  });

  const list = async (query = '') => {
    const res = await call('GET', `/api/admin/orders${query}`, shop.admin);
    expect(res.statusCode).toBe(200);
    return { orders: res.json<AdminOrder[]>(), total: Number(res.headers['x-total-count']), res };
  };
  const numbers = (rows: AdminOrder[]) => rows.map((r) => r.orderNumber);

  it('lists every order newest first; the limit shortens the page, X-Total-Count still counts them all', async () => {
    const all = await list();
    const newestFirst = [o.refunded, o.cancelled, o.sent, o.formula, o.quoted, o.afterMidnight, o.lateNight, o.oldest];
    expect(numbers(all.orders)).toEqual(newestFirst.map((r) => r.orderNumber));
    expect(all.total).toBe(8);
    expect(all.res.headers['cache-control']).toBe('no-store');
    expect(all.orders[2]).toEqual({
      id: o.sent.id,
      orderNumber: o.sent.orderNumber,
      customerName: 'Zanele Sent',
      customerEmail: 'zanele@example.co.za',
      customerPhone: '+27821234567',
      placedAsGuest: false,
      deliveryOption: 'paxi_standard',
      paxiLocationId: SEA_POINT.code,
      paxiLocationName: SEA_POINT.name,
      paxiLocationAddress: SEA_POINT.address,
      deliveryAddress: null,
      deliveryInstructions: null,
      courierShipmentId: null,
      subtotalCents: 13_000,
      deliveryFeeCents: 6_000,
      discountCode: null,
      discountCents: 0,
      totalAmount: 19_000,
      refundedCents: 0,
      currency: 'ZAR',
      items: [expect.objectContaining({ productName: 'SOUTH AFRICA', productPrice: 13_000, quantity: 1 })],
      paymentId: expect.stringMatching(/^p_/),
      paymentMethod: 'sandbox',
      paymentDueOn: null,
      paymentStatus: 'paid',
      status: 'fulfilled',
      fulfilled: true,
      trackingNumber: 'PX-7788',
      fulfilledAt: '2025-03-15T07:05:00.000Z',
      createdAt: '2025-03-14T10:00:00.000Z',
      updatedAt: '2025-03-14T10:00:00.000Z',
      oversold: [],
      oversoldSettledAt: null,
    });

    const page = await list('?limit=3');
    expect(numbers(page.orders)).toEqual(newestFirst.slice(0, 3).map((r) => r.orderNumber));
    expect(page.total).toBe(8);
  });

  it('finds part of an order number, a name or an email, whatever the case; % and _ are plain characters', async () => {
    expect(numbers((await list('?q=naledi')).orders)).toEqual([o.quoted.orderNumber]);
    expect(numbers((await list('?q=dLaMiNi')).orders)).toEqual([o.quoted.orderNumber]);
    expect((await list('?q=EXAMPLE.CO')).total).toBe(8);
    expect(numbers((await list(`?q=${o.sent.orderNumber.toLowerCase()}`)).orders)).toEqual([o.sent.orderNumber]);
    expect(numbers((await list(`?q=${o.sent.orderNumber.slice(-4)}`)).orders)).toContain(o.sent.orderNumber);
    expect(numbers((await list('?q=lerato@EXAMPLE')).orders)).toEqual([o.lateNight.orderNumber]);
    const wildcard = await list('?q=%25');
    expect(wildcard.orders).toEqual([]);
    expect(wildcard.total).toBe(0);
    expect((await list('?q=_')).orders).toEqual([]);
  });

  it('filters by status, by "unfulfilled" and by days in South African time', async () => {
    expect(numbers((await list('?status=fulfilled')).orders)).toEqual([o.sent.orderNumber]);
    expect(numbers((await list('?status=cancelled')).orders)).toEqual([o.cancelled.orderNumber]);
    const unfulfilled = await list('?status=unfulfilled');
    expect(numbers(unfulfilled.orders)).toEqual([o.formula, o.quoted, o.afterMidnight, o.lateNight, o.oldest].map((r) => r.orderNumber));
    expect(unfulfilled.total).toBe(5);

    expect(numbers((await list('?from=2025-03-10&to=2025-03-10')).orders)).toEqual([o.lateNight.orderNumber]);
    expect(numbers((await list('?from=2025-03-11&to=2025-03-11')).orders)).toEqual([o.afterMidnight.orderNumber]);
    expect(numbers((await list('?from=2025-03-16')).orders)).toEqual([o.refunded.orderNumber, o.cancelled.orderNumber]);
    expect(numbers((await list('?to=2025-03-01')).orders)).toEqual([o.oldest.orderNumber]);
    expect(numbers((await list('?status=unfulfilled&from=2025-03-11&q=early')).orders)).toEqual([o.afterMidnight.orderNumber]);
  });

  it('sorts by number, date, customer, total or status, either way; the export follows the same order', async () => {
    const newestFirst = [o.refunded, o.cancelled, o.sent, o.formula, o.quoted, o.afterMidnight, o.lateNight, o.oldest].map((r) => r.orderNumber);
    expect(numbers((await list('?sort=date-asc')).orders)).toEqual([...newestFirst].reverse());
    expect(numbers((await list('?sort=date-desc')).orders)).toEqual(newestFirst);
    const byNumber = numbers((await list('?sort=number-asc')).orders);
    expect(byNumber).toEqual([...byNumber].sort());
    expect(numbers((await list('?sort=number-desc')).orders)).toEqual([...byNumber].reverse());

    // Where '=' sorts depends on the database's collation; the names in letters do not.
    const byName = (await list('?sort=customer-asc')).orders.map((r) => r.customerName).filter((name) => !name.startsWith('='));
    expect(byName).toEqual(['Anna Oldest', 'Lerato Late', 'Naledi "Flag" Dlamini, Jr', 'Pieter Cancelled', 'Refilwe Refunded', 'Sipho Early', 'Zanele Sent']);
    expect((await list('?sort=customer-desc')).orders[0]!.customerName).toBe('Zanele Sent');

    // The quoted order is the dearest (R430.00); the others cost the same, newest first among them.
    expect((await list('?sort=total-desc')).orders[0]!.orderNumber).toBe(o.quoted.orderNumber);
    expect((await list('?sort=total-asc')).orders.at(-1)!.orderNumber).toBe(o.quoted.orderNumber);

    // Status follows the order's way through the shop: to pack, fulfilled, then cancelled.
    const byStatus = (await list('?sort=status-asc')).orders.map((r) => r.status);
    expect(byStatus).toEqual(['paid', 'paid', 'paid', 'paid', 'paid', 'paid', 'fulfilled', 'cancelled']);
    expect((await list('?sort=status-desc&limit=1')).orders[0]!.orderNumber).toBe(o.cancelled.orderNumber);

    const csv = await call('GET', '/api/admin/orders/export.csv?sort=customer-desc', shop.admin);
    expect(readCsv(csv.body.slice(1))[1]![0]).toBe(o.sent.orderNumber);
  });

  it('refuses filters that make no sense with a message', async () => {
    const cases: [string, string | RegExp][] = [
      ['?from=2025-03-12&to=2025-03-11', 'The "from" day must be on or before the "to" day'],
      ['?status=lost', 'Choose an order status from the list'],
      ['?from=12-03-2025', 'Write the "from" day as YYYY-MM-DD'],
      ['?to=2025-02-30', 'Write the "to" day as YYYY-MM-DD'],
      ['?limit=0', 'The limit must be a whole number from 1 to 500'],
      ['?limit=lots', 'The limit must be a whole number from 1 to 500'],
      ['?sort=price', 'Sort by number, date, customer, total, status, each -asc or -desc, like date-desc'],
      ['?sort=date-DESC', 'Sort by number, date, customer, total, status'],
      ['?sort=date-desc%00', /NUL/],
      ['?sort=date-desc&sort=total-asc', 'Sort by number'],
    ];
    for (const [query, message] of cases) {
      const res = await call('GET', `/api/admin/orders${query}`, shop.admin);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ message: string }>().message, query).toMatch(message);
    }
  });

  it('gives the orders to pack next, oldest first', async () => {
    const res = await call('GET', '/api/admin/orders/unfulfilled', shop.admin);
    expect(res.statusCode).toBe(200);
    expect(numbers(res.json<AdminOrder[]>())).toEqual([o.oldest, o.lateNight, o.afterMidnight, o.quoted, o.formula].map((r) => r.orderNumber));
  });

  it('exports the orders as a CSV file a spreadsheet reads safely', async () => {
    const res = await call('GET', '/api/admin/orders/export.csv', shop.admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="orders-${todayInSouthAfrica()}.csv"`);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    expect(res.body).toContain('"Naledi ""Flag"" Dlamini, Jr"');

    const [heading, ...rows] = readCsv(res.body.slice(1));
    expect(heading).toEqual([
      'Order number',
      'Date (SAST)',
      'Status',
      'Payment status',
      'Customer name',
      'Email',
      'Phone',
      'Delivery option',
      'Pickup point code',
      'Pickup point name',
      'Pickup point address',
      'Delivery address',
      'Items',
      'Subtotal (R)',
      'Delivery fee (R)',
      'Discount code',
      'Discount (R)',
      'Total (R)',
      'Refunded (R)',
      'Tracking number',
      'Fulfilled at (SAST)',
      'Payment method',
    ]);
    expect(rows).toHaveLength(8);
    const byNumber = new Map(rows.map((row) => [row[0], row]));
    expect(byNumber.get(o.quoted.orderNumber)).toEqual([
      o.quoted.orderNumber,
      '2025-03-12 12:00',
      'Paid, to pack',
      'Paid',
      'Naledi "Flag" Dlamini, Jr',
      'NALEDI@Example.co.za',
      "'+27821234567",
      'Express (3-5 days)',
      SEA_POINT.code,
      SEA_POINT.name,
      SEA_POINT.address,
      '',
      'South Africa × 2; Kenya (Desk flag) × 1',
      '320.00',
      '110.00',
      '',
      '0.00',
      '430.00',
      '0.00',
      '',
      '',
      'Card (sandbox)',
    ]);
    // A name that a spreadsheet would run as a formula is written as text.
    expect(byNumber.get(o.formula.orderNumber)![4]).toBe('\'=HYPERLINK("http://evil.example") Mallory');
    expect(byNumber.get(o.lateNight.orderNumber)![1]).toBe('2025-03-10 23:30');
    expect(byNumber.get(o.afterMidnight.orderNumber)![1]).toBe('2025-03-11 00:30');
    expect(byNumber.get(o.sent.orderNumber)!.slice(2, 4)).toEqual(['Fulfilled', 'Paid']);
    expect(byNumber.get(o.sent.orderNumber)!.slice(19, 21)).toEqual(['PX-7788', '2025-03-15 09:05']);
    expect(byNumber.get(o.refunded.orderNumber)!.slice(2, 4)).toEqual(['Refunded, not sent', 'Refunded']);
    expect(byNumber.get(o.refunded.orderNumber)![18]).toBe('190.00');
  });

  it('exports with the same filters, beyond the page limit', async () => {
    const res = await call('GET', '/api/admin/orders/export.csv?status=unfulfilled&from=2025-03-10&to=2025-03-12&limit=1', shop.admin);
    expect(res.statusCode).toBe(200);
    const [, ...rows] = readCsv(res.body.slice(1));
    expect(rows.map((row) => row[0])).toEqual([o.quoted, o.afterMidnight, o.lateNight].map((r) => r.orderNumber));
  });

  it('shows one order with its timeline, oldest first, and the moves allowed now', async () => {
    const shopper = await shop.shoppers.signUp('timeline');
    const placed = await placePaidOrder(shop.shoppers, shopper);

    const before = await call('GET', `/api/admin/orders/${placed.id}`, shop.admin);
    expect(before.statusCode).toBe(200);
    const detail = before.json<AdminOrderDetail>();
    expect(detail.order).toMatchObject({ id: placed.id, orderNumber: placed.orderNumber, status: 'paid', paymentStatus: 'paid', totalAmount: 19_000 });
    expect(detail.events).toEqual([
      { id: expect.any(String), type: 'placed', note: 'Paid R190.00 by card', actorEmail: null, createdAt: expect.any(String) },
    ]);
    expect(detail.actions).toEqual(['fulfil', 'cancel', 'refund']);
    expect(detail.refundableCents).toBe(19_000);

    expect((await call('POST', `/api/admin/orders/${placed.id}/notes`, shop.admin, { note: '  Customer asked for a gift note  ' })).statusCode).toBe(200);
    expect((await call('POST', `/api/admin/orders/${placed.id}/fulfill`, shop.admin, { trackingNumber: 'PX-1001' })).statusCode).toBe(200);
    const after = (await call('GET', `/api/admin/orders/${placed.id}`, shop.admin)).json<AdminOrderDetail>();
    expect(after.events.map((e) => [e.type, e.note, e.actorEmail])).toEqual([
      ['placed', 'Paid R190.00 by card', null],
      ['note', 'Customer asked for a gift note', ORDER_DESK_ADMIN],
      ['fulfilled', 'Sent to PAXI with tracking number PX-1001', ORDER_DESK_ADMIN],
    ]);
    const times = after.events.map((e) => Date.parse(e.createdAt));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(after.actions).toEqual(['ready_for_collection', 'cancel', 'refund']);
  });

  it("answers 404 'Order not found' for an unknown or malformed id", async () => {
    for (const id of [crypto.randomUUID(), 'not-an-order', 'CF-100001', '%27%20OR%201%3D1']) {
      for (const [method, path] of [
        ['GET', ''],
        ['POST', '/notes'],
        ['POST', '/ready-for-collection'],
      ] as const) {
        const res = await call(method, `/api/admin/orders/${id}${path}`, shop.admin, method === 'POST' ? { note: 'x' } : undefined);
        expect(res.statusCode, `${method} ${id}${path}`).toBe(404);
        expect(res.json()).toEqual({ message: 'Order not found', code: 'not_found' });
      }
    }
  });
});
