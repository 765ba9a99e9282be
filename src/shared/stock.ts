import { countryName } from './product';

/** At or below this many left, the shop says 'Only N left'. */
export const LOW_STOCK_THRESHOLD = 5;

/**
 * What a shopper is told about a flag's stock. 'unlimited' when the shop does not count it
 * (stockQuantity null: made to order), so it is always for sale.
 */
export type StockLevel = { kind: 'unlimited' } | { kind: 'in-stock'; left: number } | { kind: 'low'; left: number } | { kind: 'out' };

export function stockLevel(stockQuantity: number | null): StockLevel {
  if (stockQuantity === null) return { kind: 'unlimited' };
  if (stockQuantity <= 0) return { kind: 'out' };
  if (stockQuantity <= LOW_STOCK_THRESHOLD) return { kind: 'low', left: stockQuantity };
  return { kind: 'in-stock', left: stockQuantity };
}

/** The most of one flag a shopper can buy now: the line limit, or fewer when fewer are left. */
export function maxBuyable(stockQuantity: number | null, lineLimit: number): number {
  return stockQuantity === null ? lineLimit : Math.max(0, Math.min(lineLimit, stockQuantity));
}

/**
 * 'Sorry, only 2 Kenya flags are left.', or with the size, 'Sorry, only 2 Kenya flags in
 * 90 × 60 cm are left.' — said by the cart and by checkout when a flag runs short.
 */
export function stockShortMessage(storedName: string, left: number, sizeLabel?: string | null): string {
  const productName = countryName(storedName);
  const inSize = sizeLabel ? ` in ${sizeLabel}` : '';
  if (left <= 0) return `Sorry, the ${productName} flag${inSize} is sold out.`;
  return left === 1 ? `Sorry, only 1 ${productName} flag${inSize} is left.` : `Sorry, only ${left} ${productName} flags${inSize} are left.`;
}
