import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * An order changes only through src/server/orders/ (decision 0026): its rules, timeline, audit line
 * and notices stay in one place. This reads the shop's server code and names any other file that
 * writes the orders tables, through Drizzle or in raw SQL.
 */

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ordersRoot = path.join(serverRoot, 'orders');
/** Test fixtures write orders in exact states straight into the database; they never run in the shop. */
const testingRoot = path.join(serverRoot, 'testing');

const orderTables = ['orders', 'orderEvents', 'orderRefunds', 'refundAsks'];
const orderSqlTables = ['orders', 'order_events', 'order_refunds', 'refund_asks'];
const drizzleWrite = new RegExp(`\\b(insert|update|delete)\\(\\s*(\\w+\\.)?(${orderTables.join('|')})\\s*\\)`);
const sqlWrite = new RegExp(`\\b(insert\\s+into|update|delete\\s+from)\\s+"?(${orderSqlTables.join('|')})"?(?!\\w)`, 'i');

/** The lines of `source` that write an order table, as 'line: text'. */
function ordersWrites(source: string): string[] {
  return source.split('\n').flatMap((text, i) => (drizzleWrite.test(text) || sqlWrite.test(text) ? [`${i + 1}: ${text.trim()}`] : []));
}

function shopFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return file === ordersRoot || file === testingRoot ? [] : shopFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

describe('orders are written only by src/server/orders/', () => {
  it('recognises a write of an order table in Drizzle or in SQL', () => {
    expect(ordersWrites('await tx.insert(orders).values({})')).toHaveLength(1);
    expect(ordersWrites('tx\n  .update(orders)\n  .set({})')).toEqual(['2: .update(orders)']);
    expect(ordersWrites('await db.insert(schema.orderEvents).values(row)')).toHaveLength(1);
    expect(ordersWrites('await tx.insert( orderRefunds ).values(row)')).toHaveLength(1);
    expect(ordersWrites('sql`UPDATE orders SET status = ${status}`')).toHaveLength(1);
    expect(ordersWrites("db.execute('insert into order_events (order_id) values ($1)')")).toHaveLength(1);
    expect(ordersWrites('sql`delete from "orders" where id = ${id}`')).toHaveLength(1);
    expect(ordersWrites("sql`INSERT INTO orders(order_number) VALUES (${n})`")).toHaveLength(1);
    expect(ordersWrites('await tx.select().from(orders).where(eq(orders.id, id))')).toEqual([]);
    expect(ordersWrites('await tx.update(orderNotes).set({})')).toEqual([]);
  });

  it('finds no other file of the shop writing orders, their events, their refunds or the refunds being asked', () => {
    const offences = shopFiles(serverRoot).flatMap((file) =>
      ordersWrites(fs.readFileSync(file, 'utf8')).map((line) => `${path.relative(serverRoot, file)}:${line}`),
    );
    expect(offences, 'only src/server/orders/ may write orders; call its functions instead').toEqual([]);
  });
});
