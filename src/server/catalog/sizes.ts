import { asc, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { productSizes, products } from '../db/schema';
import { centsToDecimal } from '../../shared/money';
import type { ProductSize } from '../../shared/product';

export type SizeRow = typeof productSizes.$inferSelect;

/** The size every flag was sold in before sizes, and a new flag's first: the standard 150 × 90 cm, its SKU from the web address. */
export const standardSize = (slug: string) => ({ code: '150x90', label: '150 × 90 cm', sku: `${slug.toUpperCase()}-150X90`, position: 0 });

/** The owner's order of a flag's sizes, switched-off sizes last: the first is the main size. */
export const sizeOrder = [sql`NOT ${productSizes.isActive}`, asc(productSizes.position), asc(productSizes.createdAt), asc(productSizes.id)];

/**
 * The id of a flag's main size, for a query over products. Its names are written out in full: a
 * column a query selects is named without its table, which inside this subquery would be the size's.
 */
export const mainSizeId: SQL<string> = sql<string>`(
  SELECT main_size.id FROM ${productSizes} AS main_size
  WHERE main_size.product_id = ${products}.id
  ORDER BY NOT main_size.is_active, main_size.position, main_size.created_at, main_size.id
  LIMIT 1
)`;

/** The sizes of these flags, each flag's in size order. */
export async function sizesOf(db: Pick<Database, 'select'>, productIds: readonly string[]): Promise<Map<string, SizeRow[]>> {
  const bySize = new Map<string, SizeRow[]>();
  if (productIds.length === 0) return bySize;
  const rows = await db
    .select()
    .from(productSizes)
    .where(inArray(productSizes.productId, [...productIds]))
    .orderBy(...sizeOrder);
  for (const row of rows) bySize.set(row.productId, [...(bySize.get(row.productId) ?? []), row]);
  return bySize;
}

export function toProductSize(row: SizeRow): ProductSize {
  return {
    id: row.id,
    code: row.code,
    label: row.label,
    material: row.material,
    sku: row.sku,
    price: centsToDecimal(row.priceCents),
    priceCents: row.priceCents,
    salePrice: row.salePriceCents === null ? null : centsToDecimal(row.salePriceCents),
    salePriceCents: row.salePriceCents,
    stockQuantity: row.stockQuantity,
    weightGrams: row.weightGrams,
  };
}
