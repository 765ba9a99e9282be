import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/*
 * An order changes only through src/server/orders/ (decision 0026): its rules, timeline, audit line
 * and notices stay in one place, and so do its fulfilment and refunds. The linter keeps it so
 * (eslint.config.js): elsewhere the order tables cannot be imported, and no SQL writes them. These
 * are the ways round it that it must close.
 */

const eslint = new ESLint();

/** The rules `code` breaks, as the linter reports them for a file at `filePath`. */
async function offences(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => `${message.line}: ${message.ruleId}`);
}

const writes = [
  "import { orders } from '../db/schema';\nexport const changed = orders;",
  "import { orders as o } from '../db/schema';\nexport const changed = o;",
  "import { refunds } from '../db/schema';\nexport const changed = refunds;",
  "import * as schema from '../db/schema';\nexport const changed = schema.orderEvents;",
  "export { fulfilments } from '../db/schema';",
  "export const schema = await import('../db/schema');",
  "import { sql } from 'drizzle-orm';\nexport const changed = sql`UPDATE orders SET state = 'paid'`;",
  "import { sql } from 'drizzle-orm';\nexport const changed = sql`insert into \"order_events\" (order_id) values (${1})`;",
  "import { sql } from 'drizzle-orm';\nexport const changed = sql.raw('DELETE FROM refunds');",
  "import { sql } from 'drizzle-orm';\nexport const changed = (table: unknown) => sql`UPDATE ${table} SET state = 'paid'`;",
];

describe('orders are written only by src/server/orders/', () => {
  it.each(writes)('refuses, outside src/server/orders/: %s', async (code) => {
    expect(await offences(code, 'src/server/catalog/planted.ts')).toEqual([expect.stringMatching(/^\d+: (@typescript-eslint\/no-restricted-imports|no-restricted-syntax)$/)]);
  });

  it('lets any file read orders from the view, and the order tables be named as types', async () => {
    const reads = "import { placedOrders, type orders } from '../db/schema';\nexport const read = placedOrders;\nexport type Row = typeof orders.$inferSelect;";
    expect(await offences(reads, 'src/server/catalog/planted.ts')).toEqual([]);
  });

  it('lets src/server/orders/ write them', async () => {
    for (const code of writes.slice(0, 4)) expect(await offences(code, 'src/server/orders/planted.ts')).toEqual([]);
  });
});
