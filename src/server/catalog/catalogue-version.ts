import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { catalogueVersion } from '../db/schema';

/** The database or a transaction. */
export type VersionDb = Pick<Database, 'insert' | 'select'>;

/**
 * Marks the catalogue as changed; call it in the transaction of the change (product, image or
 * stock), as its last statement: the row stays locked until the commit, so keeping it last keeps
 * that wait short for the next change.
 */
export async function bumpCatalogueVersion(tx: VersionDb): Promise<void> {
  await tx
    .insert(catalogueVersion)
    .values({ id: 1, version: 1 })
    .onConflictDoUpdate({ target: catalogueVersion.id, set: { version: sql`${catalogueVersion.version} + 1` } });
}

/** The current version; 0 before the first change (the row is made by the first bump). */
export async function readCatalogueVersion(db: VersionDb): Promise<number> {
  const [row] = await db.select({ version: catalogueVersion.version }).from(catalogueVersion).where(eq(catalogueVersion.id, 1));
  return row?.version ?? 0;
}
