import { isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { catalogueVersion, productSizes } from '../db/schema';

/** The database or a transaction. */
export type VersionDb = Pick<Database, 'insert' | 'select'>;

/**
 * Marks the catalogue as changed by the order desk (a product or its pictures); call it in the
 * transaction of the change, as its last statement: the row stays locked until the commit, so
 * keeping it last keeps that wait short for the next change. Stock needs no mark: checkouts take
 * it all the time, and one shared row would make every checkout wait for the one before; the
 * stock is read into the version instead.
 */
export async function bumpCatalogueVersion(tx: VersionDb): Promise<void> {
  await tx
    .insert(catalogueVersion)
    .values({ id: 1, version: 1 })
    .onConflictDoUpdate({ target: catalogueVersion.id, set: { version: sql`${catalogueVersion.version} + 1` } });
}

/**
 * What the prepared product list depends on, as one text that changes whenever the list would:
 * the order desk's version ('0' before the first change) and a digest of every size's counted stock.
 */
export async function readCatalogueVersion(db: VersionDb): Promise<string> {
  const deskVersion = sql`coalesce((SELECT ${catalogueVersion.version} FROM ${catalogueVersion} WHERE ${catalogueVersion.id} = 1), 0)::text`;
  const stockDigest = sql`md5(coalesce(string_agg(${productSizes.id}::text || '=' || ${productSizes.stockQuantity}, ',' ORDER BY ${productSizes.id}), ''))`;
  const [row] = await db
    .select({ version: sql<string>`${deskVersion} || ':' || ${stockDigest}` })
    .from(productSizes)
    .where(isNotNull(productSizes.stockQuantity));
  return row!.version;
}
