/** A product as the storefront API sends it. Prices are decimal text (e.g. '130.00') and cents. */
export interface ProductImage {
  id: string;
  url: string;
  altText: string;
}

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
  /** Flags left to sell; null when the shop does not count this flag (always for sale). */
  stockQuantity: number | null;
  images: ProductImage[];
  primaryImage: string | null;
}

/** 'SOUTH AFRICA' -> 'South Africa', for sentences and alt text; names are shown as stored elsewhere. */
export function countryName(upperName: string): string {
  return upperName.toLowerCase().replace(/\b[a-z]/g, (c) => c.toUpperCase());
}

/** What the shopper pays for one unit: the sale price when it is lower. */
export function effectivePriceCents(product: Pick<Product, 'priceCents' | 'salePriceCents'>): number {
  return product.salePriceCents !== null && product.salePriceCents < product.priceCents
    ? product.salePriceCents
    : product.priceCents;
}

export function isOnSale(product: Pick<Product, 'priceCents' | 'salePriceCents'>): boolean {
  return product.salePriceCents !== null && product.salePriceCents < product.priceCents;
}
