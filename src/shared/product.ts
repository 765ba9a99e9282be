import type { Region } from './regions';

/** A product as the storefront API sends it. Prices are decimal text (e.g. '130.00') and cents. */
export interface ProductImage {
  id: string;
  url: string;
  altText: string;
  /**
   * An upload's smaller copies, in AVIF and WebP at `{url}/{width}.{format}` (src/shared/picture-sizes.ts);
   * left out for a picture served only as it is (the seeded SVG flags).
   */
  widths?: number[];
}

/** One size of a flag as shoppers choose it: its own price and stock. */
export interface ProductSize {
  id: string;
  /** In the product page's address: `?size=90x60`. */
  code: string;
  label: string;
  material: string | null;
  sku: string;
  price: string;
  priceCents: number;
  salePrice: string | null;
  salePriceCents: number | null;
  /** Flags of this size left to sell; null when the shop does not count them. */
  stockQuantity: number | null;
  /** One flag of this size as it is sent, for the specifications. */
  weightGrams: number;
}

/**
 * A flag as the storefront API sends it. Its price, sale price and stock are its main size's (the
 * first of `sizes`, the one its page opens on); `sizes` lists every size on sale, in the owner's order.
 */
export interface Product {
  id: string;
  slug: string;
  name: string;
  description: string;
  price: string;
  priceCents: number;
  salePrice: string | null;
  salePriceCents: number | null;
  currency: string;
  isActive: boolean;
  featured: boolean;
  /** The region tab of the shop that lists it; null: only under All. */
  region: Region | null;
  /** Flags left to sell; null when the shop does not count this flag (always for sale). */
  stockQuantity: number | null;
  images: ProductImage[];
  primaryImage: string | null;
  sizes: ProductSize[];
}

/**
 * A flag as the shop's list sends it: its main size's price and stock, and what the cards need of
 * its other sizes. The product call (GET /api/products/:key) has each size; leaving them out here
 * keeps the list, the shop's busiest answer, as small as it was before flags had sizes.
 */
export type ListedProduct = Omit<Product, 'sizes'> & {
  sizeCount: number;
  /** The cheapest size's price, sale prices counted: the flag's 'From R…'. */
  fromPriceCents: number;
  mainSizeLabel: string;
};

/** Joining words that stay small inside a name: 'United States of America', 'Trinidad and Tobago'. */
const smallWords = new Set(['of', 'and', 'the']);

/**
 * A flag's name as every page, email and text message shows it. The catalogue keeps names in
 * capitals ('UNITED STATES OF AMERICA' -> 'United States of America'); a name the order desk typed
 * in mixed case is shown as typed, so the formatter may be applied to a name already formatted.
 */
export function countryName(storedName: string): string {
  const name = storedName.trim();
  if (name !== name.toUpperCase()) return name;
  return name
    .toLowerCase()
    .split(' ')
    .map((word, i) => (i > 0 && smallWords.has(word) ? word : word.replace(/(^|[-'’])(\p{L})/gu, (_, mark: string, letter: string) => mark + letter.toUpperCase())))
    .join(' ');
}

/** What the shopper pays for one unit: the sale price when it is lower. */
export function effectivePriceCents(product: Pick<Product, 'priceCents' | 'salePriceCents'>): number {
  return product.salePriceCents !== null && product.salePriceCents < product.priceCents
    ? product.salePriceCents
    : product.priceCents;
}

/** A flag as its list entry: the full product with its sizes summed up. */
export function listedProduct({ sizes, ...product }: Product): ListedProduct {
  const fromPriceCents = sizes.length === 0 ? effectivePriceCents(product) : Math.min(...sizes.map(effectivePriceCents));
  return { ...product, sizeCount: sizes.length, fromPriceCents, mainSizeLabel: sizes[0]?.label ?? '' };
}

/** What a product page's address may say: the size it shows (`?size=90x60`). */
export const PRODUCT_ADDRESS_PARAMS = ['size'] as const;

/** The size a page opens on: the one whose code is in the address, else the main size. */
export function chosenSize(product: Pick<Product, 'sizes'>, code: string | null | undefined): ProductSize | undefined {
  return product.sizes.find((size) => size.code === code) ?? product.sizes[0];
}

/** A line's flag and size as pages, emails and invoices name it: 'South Africa (90 × 60 cm)'; a line from before sizes has none. */
export function lineName(line: { productName: string; sizeLabel?: string | null }): string {
  return line.sizeLabel ? `${countryName(line.productName)} (${line.sizeLabel})` : countryName(line.productName);
}

/** The cheapest flag's price, sale prices counted: the shop's 'from' price. Undefined for an empty catalogue. */
export function lowestPriceCents(products: readonly Pick<ListedProduct, 'fromPriceCents'>[]): number | undefined {
  return products.length === 0 ? undefined : Math.min(...products.map((product) => product.fromPriceCents));
}

export function isOnSale(product: Pick<Product, 'priceCents' | 'salePriceCents'>): boolean {
  return product.salePriceCents !== null && product.salePriceCents < product.priceCents;
}
