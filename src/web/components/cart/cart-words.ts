import { countryName, lineName } from '../../../shared/product';
import { LOW_STOCK_THRESHOLD } from '../../../shared/stock';

/** The Add to Cart toast's line: 'Japan (90 × 60 cm) has been added…', or '2 × Japan (90 × 60 cm) have been added…' for more than one. */
export function addedToCartText(storedName: string, quantity: number, sizeLabel?: string): string {
  const name = lineName({ productName: storedName, sizeLabel });
  return quantity === 1 ? `${name} has been added to your cart.` : `${quantity} × ${name} have been added to your cart.`;
}

/**
 * What a screen reader hears after plus or minus in the cart: the flag and its new quantity, and,
 * at the most that can be bought (`most`: the line limit, or the flags left), why plus stops there.
 */
export function quantityAnnouncement(storedName: string, quantity: number, most: number, lineLimit: number): string {
  const said = `${countryName(storedName)}: ${quantity} in your cart`;
  if (quantity < most) return `${said}.`;
  if (most >= lineLimit) return `${said}, the most for one order.`;
  return `${said}. Only ${most} left, so no more can be added.`;
}

/**
 * What a cart line says about the flags left: nothing while plenty are left, 'Only 3 left' when
 * few are, and what to do when the line asks for more than are left (`short`: the line is marked).
 */
export function stockNote(quantity: number, stockLeft: number | null): { text: string; short: boolean } | undefined {
  if (stockLeft === null) return undefined;
  if (stockLeft <= 0) return { text: 'Sold out: please remove it from your cart.', short: true };
  if (quantity > stockLeft) return { text: `Only ${stockLeft} left: please lower the quantity to ${stockLeft}.`, short: true };
  if (stockLeft <= LOW_STOCK_THRESHOLD) return { text: `Only ${stockLeft} left`, short: false };
  return undefined;
}

/** Clear Cart asks first, naming what would go. */
export function clearCartQuestion(flags: number): string {
  return flags === 1 ? 'Remove the flag from your cart?' : `Remove all ${flags} flags from your cart?`;
}
