import { count } from 'drizzle-orm';
import type { Database } from '../db/client';
import { productImages, products, productSizes } from '../db/schema';
import { catalogueSeed } from './seed-data';
import { standardSize } from './sizes';
import { countryName } from '../../shared/product';
import { regionOf } from '../../shared/regions';

/** Fills an empty catalogue with the shop's flags; a catalogue that has any product is left alone. */
export async function seedCatalogue(db: Database): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(products);
  if ((existing?.n ?? 0) > 0) return 0;
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(products)
      .values(
        catalogueSeed.map((p) => ({
          slug: p.slug,
          name: p.name,
          description: p.description,
          featured: p.featured ?? false,
          region: regionOf(p.name) ?? null,
        })),
      )
      .returning({ id: products.id, slug: products.slug });
    const idBySlug = new Map(inserted.map((row) => [row.slug, row.id]));
    await tx.insert(productSizes).values(
      catalogueSeed.map((p) => ({ ...standardSize(p.slug), productId: idBySlug.get(p.slug)!, priceCents: p.priceCents, salePriceCents: p.salePriceCents ?? null })),
    );
    await tx.insert(productImages).values(
      catalogueSeed.flatMap((p) => {
        const productId = idBySlug.get(p.slug)!;
        const country = countryName(p.name);
        return [
          { productId, url: `/flags/4x3/${p.countryCode}.svg`, altText: `Flag of ${country}`, position: 0 },
          { productId, url: `/flags/1x1/${p.countryCode}.svg`, altText: `Flag of ${country}, square detail`, position: 1 },
        ];
      }),
    );
  });
  return catalogueSeed.length;
}
