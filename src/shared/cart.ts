export const MIN_LINE_QUANTITY = 1;

/** The header that names the cart on calls whose path does not: a cart line's, and a guest's payment pages. */
export const CART_SESSION_HEADER = 'x-cart-session-id';
/**
 * The most of one flag on one cart line unless the shop sets CART_LINE_LIMIT: a school's or a
 * company's order fits; more than that is a quote.
 */
export const DEFAULT_LINE_LIMIT = 100;
/** The highest CART_LINE_LIMIT a shop may set, and the database's own check on a cart line. */
export const LINE_LIMIT_CEILING = 1000;

/** A cart line, one size of one flag, as the cart API sends it: name, picture and unit price read from the catalogue. */
export interface CartItemView {
  id: string;
  sessionId: string;
  productId: string;
  sizeId: string;
  /** The size's code, for a link back to its page (`?size=90x60`). */
  sizeCode: string;
  sizeLabel: string;
  sku: string;
  productSlug: string;
  productName: string;
  productImage: string | null;
  /** The smaller copies of that picture when it is an upload (ProductImage.widths). */
  productImageWidths?: number[];
  /** The unit price this line pays as text, e.g. 'R117.00': the size's price, less a quantity break the line reaches. */
  price: string;
  priceCents: number;
  /** The size's own unit price, before a quantity break. */
  listPriceCents: number;
  /** The quantity break the line reaches (QUANTITY_BREAKS), or null. */
  quantityBreak: { minQuantity: number; percentOff: number } | null;
  quantity: number;
  /** false once the flag is no longer sold (hidden from the shop): the line can only be removed. */
  available: boolean;
  /** The flags of this size left to sell, or null when the shop does not count them (made to order). */
  stockLeft: number | null;
}

export interface CartLine {
  priceCents: number;
  quantity: number;
  available: boolean;
}

/** The flags that can be bought: a line no longer sold is not counted. */
export function cartItemCount(lines: readonly Pick<CartLine, 'quantity' | 'available'>[]): number {
  return lines.reduce((sum, line) => (line.available ? sum + line.quantity : sum), 0);
}

/**
 * What a discount code may take off: the flags that can be bought, less the lines at a quantity
 * price unless the shop lets a code take off those too (QUANTITY_BREAKS_WITH_CODES).
 */
export function codeSubtotalCents(lines: readonly (CartLine & { quantityBreak: unknown })[], codesOnBreaks: boolean): number {
  return cartSubtotalCents(lines.filter((line) => codesOnBreaks || line.quantityBreak === null));
}

/** What the flags that can be bought cost: a line no longer sold is not counted. */
export function cartSubtotalCents(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => (line.available ? sum + line.priceCents * line.quantity : sum), 0);
}

/** Plus and minus move by one; a step below the minimum is ignored (removal is its own action). */
export function steppedQuantity(current: number, step: 1 | -1, lineLimit: number): number {
  const next = current + step;
  if (next < MIN_LINE_QUANTITY) return current;
  return Math.min(next, lineLimit);
}

/**
 * A quantity the shopper typed, as a whole number within 1 and `most` (the line limit or the flags
 * left), or undefined when it is no number at all: '12' is 12, ' 7 ' is 7, '250' is `most`, '0' is 1.
 */
export function typedQuantity(text: string, most: number): number | undefined {
  const trimmed = text.trim();
  if (!/^\d{1,9}$/.test(trimmed)) return undefined;
  return Math.max(MIN_LINE_QUANTITY, Math.min(Number(trimmed), Math.max(MIN_LINE_QUANTITY, most)));
}
