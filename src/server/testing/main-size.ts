import { eq, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { products, productSizes } from '../db/schema';
import { sizeOrder, type SizeRow } from '../catalog/sizes';

type Writable = Pick<Database, 'select' | 'update'>;
type SizeFields = Partial<Omit<SizeRow, 'id' | 'productId' | 'createdAt'>>;

/** The main size of the flag with this slug or id: the one a test's flag is sold in unless it says otherwise. */
export async function mainSizeOf(db: Pick<Database, 'select'>, flag: string): Promise<SizeRow> {
  const [row] = await db
    .select({ size: productSizes })
    .from(productSizes)
    .innerJoin(products, eq(products.id, productSizes.productId))
    .where(or(eq(products.slug, flag), sql`${products.id}::text = ${flag}`))
    .orderBy(...sizeOrder)
    .limit(1);
  if (!row) throw new Error(`No flag ${flag}`);
  return row.size;
}

/** Changes the main size of the flag with this slug or id (its stock, price or packing). */
export async function setMainSize(db: Writable, flag: string, fields: SizeFields): Promise<void> {
  const { id } = await mainSizeOf(db, flag);
  await db
    .update(productSizes)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(productSizes.id, id));
}
