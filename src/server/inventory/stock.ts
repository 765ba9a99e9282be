import { and, asc, eq, inArray, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { checkouts, products, productSizes, type HeldStock } from '../db/schema';
import { ConflictError } from '../errors';
import { stockShortMessage } from '../../shared/stock';
import type { OversoldMark } from '../../shared/order-desk';

/*
 * Counted stock (product_sizes.stock_quantity not null) is taken when a checkout is created and given
 * back if the checkout ends unpaid, so that two shoppers can never pay for the same last flag.
 * Every function here locks size rows in one order (by id): two transactions never wait on
 * each other in a circle. No catalogue version is bumped: the prepared lists read the stock itself.
 */

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** 409 naming the flag, its size and how many are left; the browser shows the message as it is. */
export class OutOfStockError extends ConflictError<'out_of_stock'> {
  constructor(
    readonly productId: string,
    readonly sizeId: string,
    readonly productName: string,
    readonly sizeLabel: string,
    readonly left: number,
    message = `${stockShortMessage(productName, left, sizeLabel)} Please change the quantity in your cart and try again.`,
  ) {
    super(message, 'out_of_stock');
    this.publicDetails.productId = productId;
    this.publicDetails.sizeId = sizeId;
    this.publicDetails.stockQuantity = left;
  }
}

/** The counted sizes among these, locked until the transaction ends, in id order. */
function lockCounted(tx: Transaction, sizeIds: string[]) {
  return tx
    .select({ id: productSizes.id, productId: productSizes.productId, label: productSizes.label, name: products.name, stockQuantity: productSizes.stockQuantity })
    .from(productSizes)
    .innerJoin(products, eq(products.id, productSizes.productId))
    .where(and(inArray(productSizes.id, sizeIds), isNotNull(productSizes.stockQuantity)))
    .orderBy(asc(productSizes.id))
    .for('update', { of: productSizes });
}

/** Adds `delta` of each size to its stock (negative takes). */
async function moveStock(tx: Transaction, lines: HeldStock[], sign: 1 | -1): Promise<void> {
  for (const line of lines) {
    await tx
      .update(productSizes)
      .set({ stockQuantity: sql`${productSizes.stockQuantity} + ${sign * line.quantity}`, updatedAt: sql`now()` })
      .where(and(eq(productSizes.id, line.sizeId), isNotNull(productSizes.stockQuantity)));
  }
}

/**
 * Takes the counted stock of a checkout's lines, or refuses with OutOfStockError when a size runs
 * short. Returns what was taken (nothing for sizes the shop does not count), to be stored with the
 * checkout so that exactly that is given back.
 */
export async function holdStock(tx: Transaction, lines: readonly { sizeId: string; quantity: number }[]): Promise<HeldStock[]> {
  if (lines.length === 0) return [];
  const wanted = new Map<string, number>();
  for (const line of lines) wanted.set(line.sizeId, (wanted.get(line.sizeId) ?? 0) + line.quantity);
  const counted = await lockCounted(tx, [...wanted.keys()]);
  for (const row of counted) {
    if (row.stockQuantity! < wanted.get(row.id)!) throw new OutOfStockError(row.productId, row.id, row.name, row.label, row.stockQuantity!);
  }
  const held = counted.map((row) => ({ productId: row.productId, sizeId: row.id, quantity: wanted.get(row.id)! }));
  await moveStock(tx, held, -1);
  return held;
}

/** Gives back what the checkouts matching `which` took, clearing their flag in the same statement. */
async function giveBack(tx: Transaction, which: SQL | undefined): Promise<boolean> {
  const [released] = await tx
    .update(checkouts)
    .set({ stockHeld: false, updatedAt: sql`now()` })
    .where(and(which, eq(checkouts.stockHeld, true)))
    .returning({ snapshot: checkouts.snapshot });
  if (!released) return false;
  const held = released.snapshot.heldStock ?? [];
  if (held.length === 0) return true;
  await lockCounted(
    tx,
    held.map((h) => h.sizeId),
  );
  await moveStock(tx, held, 1);
  return true;
}

/**
 * Gives an unpaid checkout's held stock back, once: the flag is cleared in the same statement that
 * finds it set, so a second caller (another process, a repeated cancel) finds nothing to give, and
 * a checkout already paid keeps its stock.
 */
export function releaseStock(tx: Transaction, checkoutId: string): Promise<boolean> {
  return giveBack(tx, and(eq(checkouts.id, checkoutId), ne(checkouts.status, 'paid')));
}

/**
 * An order cancelled before it went to PAXI: its flags never left the shelf, so what its checkout
 * took is for sale again, once. A parcel already sent is not counted back until it returns.
 */
export function restockCancelledOrder(tx: Transaction, checkoutId: string): Promise<boolean> {
  return giveBack(tx, eq(checkouts.id, checkoutId));
}

/**
 * A checkout paid after its stock was given back (its payment page outlived the shop's hour): the
 * order stands, since the money is taken, so the stock is taken again, down to 0 at most. The
 * checkout keeps what it took this time, so that a cancelled order puts back only that. Returns
 * the flags that fell short, for the order desk.
 */
export async function retakeStock(tx: Transaction, checkoutId: string, held: HeldStock[]): Promise<OversoldMark[]> {
  if (held.length === 0) return [];
  const counted = await lockCounted(
    tx,
    held.map((h) => h.sizeId),
  );
  const short: OversoldMark[] = [];
  const taken: HeldStock[] = [];
  for (const row of counted) {
    const quantity = held.find((h) => h.sizeId === row.id)!.quantity;
    const available = Math.max(0, Math.min(quantity, row.stockQuantity!));
    if (available < quantity) short.push({ kind: 'stock', productName: row.name, sizeLabel: row.label, short: quantity - available });
    if (available > 0) taken.push({ productId: row.productId, sizeId: row.id, quantity: available });
  }
  await moveStock(tx, taken, -1);
  await tx
    .update(checkouts)
    .set({ stockHeld: taken.length > 0, snapshot: sql`jsonb_set(${checkouts.snapshot}, '{heldStock}', ${JSON.stringify(taken)}::jsonb)` })
    .where(eq(checkouts.id, checkoutId));
  return short;
}
