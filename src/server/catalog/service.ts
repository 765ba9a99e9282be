import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { isUuid } from '../http/ids';
import { productImages, products } from '../db/schema';
import { NotFoundError } from '../errors';
import { centsToDecimal } from '../../shared/money';
import type { Product } from '../../shared/product';

type ProductRow = typeof products.$inferSelect;
type ImageRow = typeof productImages.$inferSelect;

/** The product list as ready-to-send bytes: the hottest path of the shop is a memory copy. */
export interface PreparedProductList {
  products: Product[];
  json: Buffer;
  gzip: Buffer;
  etag: string;
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function toProduct(row: ProductRow, images: readonly ImageRow[]): Product {
  const sorted = [...images].sort((a, b) => a.position - b.position);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    price: centsToDecimal(row.priceCents),
    priceCents: row.priceCents,
    salePrice: row.salePriceCents === null ? null : centsToDecimal(row.salePriceCents),
    salePriceCents: row.salePriceCents,
    currency: row.currency,
    isActive: row.isActive,
    featured: row.featured,
    images: sorted.map((img) => ({ id: img.id, url: img.url, altText: img.altText })),
    primaryImage: sorted[0]?.url ?? null,
  };
}

export function createCatalogService(db: Database) {
  let pending: Promise<PreparedProductList> | undefined;
  let ready: PreparedProductList | undefined;

  async function listActiveProducts(): Promise<Product[]> {
    const rows = await db.select().from(products).where(eq(products.isActive, true)).orderBy(asc(products.name));
    if (rows.length === 0) return [];
    const images = await db
      .select()
      .from(productImages)
      .where(
        inArray(
          productImages.productId,
          rows.map((r) => r.id),
        ),
      );
    const byProduct = new Map<string, ImageRow[]>();
    for (const img of images) byProduct.set(img.productId, [...(byProduct.get(img.productId) ?? []), img]);
    return rows.map((row) => toProduct(row, byProduct.get(row.id) ?? []));
  }

  async function prepareProductList(): Promise<PreparedProductList> {
    const list = await listActiveProducts();
    const json = Buffer.from(JSON.stringify(list));
    const etag = `"${createHash('sha1').update(json).digest('base64url')}"`;
    return { products: list, json, gzip: gzipSync(json), etag };
  }

  return {
    listActiveProducts,

    /** The product list bytes, built once and kept until the catalogue changes. */
    productList(): Promise<PreparedProductList> {
      if (ready) return Promise.resolve(ready);
      if (!pending) {
        const building = prepareProductList();
        pending = building;
        building.then(
          (list) => {
            if (pending === building) ready = list;
          },
          () => {
            if (pending === building) pending = undefined;
          },
        );
      }
      return pending;
    },

    /** The product list when it is already built: lets the hottest route answer without waiting. */
    readyProductList(): PreparedProductList | undefined {
      return ready;
    },

    /** Call after any change to products or their images. */
    catalogueChanged(): void {
      pending = undefined;
      ready = undefined;
    },

    /** A product by slug or id; inactive and unknown products are both 'Product not found'. */
    async findProduct(slugOrId: string): Promise<Product> {
      const key = slugOrId.trim();
      const condition = isUuid(key) ? eq(products.id, key) : SLUG.test(key) ? eq(products.slug, key) : undefined;
      if (!condition) throw new NotFoundError('Product not found');
      const [row] = await db.select().from(products).where(condition).limit(1);
      if (!row || !row.isActive) throw new NotFoundError('Product not found');
      const images = await db.select().from(productImages).where(eq(productImages.productId, row.id));
      return toProduct(row, images);
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
