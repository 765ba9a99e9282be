import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { answers } from '../../shared/api/contract';
import { asc, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { productImages, products } from '../db/schema';
import { NotFoundError } from '../errors';
import { readCatalogueVersion } from './catalogue-version';
import { inTheShop } from './in-the-shop';
import { pictureWidthsOf } from './picture-sizes';
import { sizesOf, toProductSize, type SizeRow } from './sizes';
import { centsToDecimal } from '../../shared/money';
import { listedProduct, type ListedProduct, type Product } from '../../shared/product';

type ProductRow = typeof products.$inferSelect;
type ImageRow = typeof productImages.$inferSelect;

/** The product list as ready-to-send bytes: the hottest path of the shop is a memory copy. */
export interface PreparedProductList {
  /** Each flag with its sizes, for its page, the feed and the sitemap. */
  products: Product[];
  /** The list as GET /api/products answers it (ListedProduct), for the shop and home pages. */
  listed: ListedProduct[];
  /** The same products by slug and by id, for one product's page and GET /api/products/:key. */
  byKey: ReadonlyMap<string, Product>;
  /** Each product as JSON, by slug and by id: read through the contract with the list, so sent as it is. */
  jsonByKey: ReadonlyMap<string, string>;
  json: Buffer;
  gzip: Buffer;
  etag: string;
  /** The catalogue version (the order desk's changes and the stock) the list was built from. */
  version: string;
}

/**
 * How often a process asks the database whether the catalogue changed. Several processes share
 * one PostgreSQL: a change made through one (an admin's edit, a sale taking stock) must reach the
 * others' prepared lists, and the version (one row and the counted stock) is cheap for all of them to read.
 * Asking at most once a second, in the background, keeps the hot read a memory copy: a request
 * never waits for the check, it gets the list at most about a second old.
 */
const CATALOGUE_CHECK_INTERVAL_MS = 1000;

/**
 * widths: the uploads' smaller copies by picture url (pictureWidthsOf); sizes: the flag's sizes in
 * size order (sizesOf), the first its main size. Every flag has at least one size.
 */
export function toProduct(row: ProductRow, images: readonly ImageRow[], widths: ReadonlyMap<string, number[]>, sizes: readonly SizeRow[]): Product {
  const sorted = [...images].sort((a, b) => a.position - b.position);
  const main = sizes[0]!;
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    price: centsToDecimal(main.priceCents),
    priceCents: main.priceCents,
    salePrice: main.salePriceCents === null ? null : centsToDecimal(main.salePriceCents),
    salePriceCents: main.salePriceCents,
    currency: row.currency,
    isActive: row.isActive,
    featured: row.featured,
    region: row.region,
    stockQuantity: main.stockQuantity,
    images: sorted.map((img) => {
      const sizes = widths.get(img.url);
      return { id: img.id, url: img.url, altText: img.altText, ...(sizes ? { widths: sizes } : {}) };
    }),
    primaryImage: sorted[0]?.url ?? null,
    sizes: sizes.filter((size) => size.isActive).map(toProductSize),
  };
}

export function createCatalogService(db: Database) {
  /** The list being served, and a newer one being built (the first, or after a change). */
  let ready: PreparedProductList | undefined;
  let pending: Promise<PreparedProductList> | undefined;
  let lastCheckAt = 0;
  let checking = false;

  async function listActiveProducts(): Promise<Product[]> {
    const rows = await db.select().from(products).where(inTheShop).orderBy(asc(products.name));
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
    const widths = await pictureWidthsOf(db, images.map((img) => img.url));
    const sizes = await sizesOf(
      db,
      rows.map((r) => r.id),
    );
    const byProduct = new Map<string, ImageRow[]>();
    for (const img of images) byProduct.set(img.productId, [...(byProduct.get(img.productId) ?? []), img]);
    return rows.map((row) => toProduct(row, byProduct.get(row.id) ?? [], widths, sizes.get(row.id)!));
  }

  async function prepareProductList(): Promise<PreparedProductList> {
    // The version first: a change committed between the two reads leaves the list newer than its
    // version, which costs one more rebuild; the other order could keep old products under a new version.
    const version = await readCatalogueVersion(db);
    // Kept ready as JSON, so it does not pass the contract's check on the way out: it is read through it here, once per version.
    const list = answers.product.array().parse(await listActiveProducts());
    const listed = answers.products.parse(list.map(listedProduct));
    const json = Buffer.from(JSON.stringify(listed));
    const etag = `"${createHash('sha1').update(json).digest('base64url')}"`;
    const byKey = new Map(list.flatMap((product) => [[product.slug, product] as const, [product.id, product] as const]));
    const jsonByKey = new Map(
      list.flatMap((product) => {
        const text = JSON.stringify(product);
        return [[product.slug, text] as const, [product.id, text] as const];
      }),
    );
    return { products: list, listed, byKey, jsonByKey, json, gzip: gzipSync(json), etag, version };
  }

  /** Starts building a fresh list; the one being served stays in use until it is ready. */
  function rebuild(): Promise<PreparedProductList> {
    const building = prepareProductList();
    pending = building;
    building.then(
      (list) => {
        if (pending !== building) return;
        ready = list;
        pending = undefined;
      },
      () => {
        if (pending === building) pending = undefined;
      },
    );
    return building;
  }

  /** At most once per interval, in the background: rebuild when another process changed the catalogue. */
  function checkForChanges(): void {
    const now = Date.now();
    if (checking || pending || !ready || now - lastCheckAt < CATALOGUE_CHECK_INTERVAL_MS) return;
    lastCheckAt = now;
    checking = true;
    const served = ready;
    readCatalogueVersion(db)
      .then((version) => {
        if (version !== served.version && ready === served && !pending) void rebuild().catch(() => undefined);
      })
      // A failed check is simply tried again after the interval.
      .catch(() => undefined)
      .finally(() => {
        checking = false;
      });
  }

  /** The product list bytes, built once and kept until the catalogue changes. */
  function productList(): Promise<PreparedProductList> {
    if (ready) {
      checkForChanges();
      return Promise.resolve(ready);
    }
    return pending ?? rebuild();
  }

  return {
    listActiveProducts,

    productList,

    /** The product list when it is already built: lets the hottest route answer without waiting. */
    readyProductList(): PreparedProductList | undefined {
      checkForChanges();
      return ready;
    },

    /**
     * Call after this process changed products, their images or stock (after the commit): the
     * next request waits for a fresh list, so whoever made the change sees it at once.
     */
    catalogueChanged(): void {
      pending = undefined;
      ready = undefined;
    },

    /**
     * One product by slug or id as JSON ready to send, from the same prepared list as the shop (as
     * fresh as it is); hidden and unknown products are both 'Product not found'.
     */
    async productJson(slugOrId: string): Promise<string> {
      const text = (await productList()).jsonByKey.get(slugOrId.trim());
      if (text === undefined) throw new NotFoundError('Product not found');
      return text;
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;

/** A product of a prepared list by slug or id; hidden and unknown products are both 'Product not found'. */
export function productIn(list: PreparedProductList, slugOrId: string): Product {
  const product = list.byKey.get(slugOrId.trim());
  if (!product) throw new NotFoundError('Product not found');
  return product;
}
