import { count } from 'drizzle-orm';
import type { Database } from '../db/client';
import { productImages, products, productSizes } from '../db/schema';
import { catalogueSeed, type SeedProduct } from './seed-data';
import { standardSize } from './sizes';
import { countryName } from '../../shared/product';
import { regionOf } from '../../shared/regions';

/** A price in cents as a share of another, to the nearest R5. */
const shareOf = (cents: number, share: number) => Math.round((cents * share) / 500) * 500;

/**
 * The owner's rule for the sizes of a seeded flag: the standard 150 × 90 cm at the catalogue's
 * price (and sale price), 90 × 60 cm at 70% of it and the desk flag with its stand at 40%, each to
 * the nearest R5; each with its own packing for the courier. None is counted until the owner sets stock.
 */
function seededSizes(flag: SeedProduct) {
  const sku = flag.slug.toUpperCase();
  return [
    { ...standardSize(flag.slug), priceCents: flag.priceCents, salePriceCents: flag.salePriceCents ?? null },
    {
      code: '90x60',
      label: '90 × 60 cm',
      sku: `${sku}-90X60`,
      position: 1,
      priceCents: shareOf(flag.priceCents, 0.7),
      weightGrams: 120,
      foldedLengthCm: 25,
      foldedWidthCm: 18,
      foldedHeightCm: 1,
    },
    {
      code: 'desk',
      label: 'Desk flag',
      material: 'Printed satin, 21 × 14 cm, on a 30 cm chrome stand',
      sku: `${sku}-DESK`,
      position: 2,
      priceCents: shareOf(flag.priceCents, 0.4),
      weightGrams: 350,
      foldedLengthCm: 32,
      foldedWidthCm: 12,
      foldedHeightCm: 6,
    },
  ];
}

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
    await tx.insert(productSizes).values(catalogueSeed.flatMap((p) => seededSizes(p).map((size) => ({ ...size, productId: idBySlug.get(p.slug)! }))));
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
