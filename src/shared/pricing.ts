/**
 * The price of an order, worked out in one place for the checkout, the browser's order summary and
 * the tax invoice: the flags, the delivery fee, a discount, what is paid and the VAT inside it.
 * Integer cents throughout; no zod, so any page may use it.
 */
import { MINIMUM_CARD_PAYMENT_CENTS } from './shop-facts';
import { vatIncluded, vatPerLine } from './vat';

/** What a discount code takes off: a percentage or an amount, of the flags or of the delivery fee too. */
export interface CodeTerms {
  kind: 'percent' | 'amount';
  percent: number | null;
  amountCents: number | null;
  includesDelivery: boolean;
}

/** What a code would take off if nothing held it back: its percentage or amount, never more than it applies to. */
export function fullDiscountCents(code: CodeTerms, subtotalCents: number, deliveryFeeCents: number): number {
  const discountable = subtotalCents + (code.includesDelivery ? deliveryFeeCents : 0);
  const off = code.kind === 'percent' ? Math.round((discountable * code.percent!) / 100) : code.amountCents!;
  return Math.min(off, discountable);
}

/**
 * What a code takes off: a percentage of the flags (and of the delivery fee, if the code says so),
 * or an amount, never more than that, and never so much that less than the least card payment
 * (R2.00) is left to pay.
 */
export function discountCents(code: CodeTerms, subtotalCents: number, deliveryFeeCents: number): number {
  const leastLeft = subtotalCents + deliveryFeeCents - MINIMUM_CARD_PAYMENT_CENTS;
  return Math.max(0, Math.min(fullDiscountCents(code, subtotalCents, deliveryFeeCents), leastLeft));
}

/** A lower price for many of one size, set by the owner (QUANTITY_BREAKS): from `minQuantity` on one cart line, `percentOff` off each flag. */
export interface QuantityBreak {
  minQuantity: number;
  percentOff: number;
}

/** The break a line of this many reaches: the one with the largest minimum it meets, or none. */
export function quantityBreakFor(quantity: number, breaks: readonly QuantityBreak[]): QuantityBreak | undefined {
  return breaks.filter((tier) => quantity >= tier.minQuantity).reduce<QuantityBreak | undefined>((best, tier) => (!best || tier.minQuantity > best.minQuantity ? tier : best), undefined);
}

/** One flag's price on a line of this many: its own price, less the line's break, to the cent. */
export function breakPriceCents(unitCents: number, percentOff: number): number {
  return Math.round((unitCents * (100 - percentOff)) / 100);
}

export interface PriceLine {
  unitPriceCents: number;
  quantity: number;
}

export interface OrderToPrice<L extends PriceLine> {
  lines: readonly L[];
  deliveryFeeCents: number;
  /**
   * What a discount code takes off (discountCents above, worked out when the code is claimed), or
   * what a paid order was charged less: kept as it was, whatever its code says now.
   */
  discountCents?: number;
  /** Only a registered VAT vendor charges VAT (isVatVendor): otherwise every VAT figure is 0. */
  vatRegistered: boolean;
}

export interface OrderPrice<L extends PriceLine> {
  /** Each line with its total and its share of the VAT of the lines and the delivery fee. */
  lines: (L & { totalCents: number; vatCents: number })[];
  subtotalCents: number;
  delivery: { feeCents: number; vatCents: number };
  /** What the discount takes off (0 without one) and the VAT it takes with it (0 or less). */
  discount: { cents: number; vatCents: number };
  /** What the shopper pays, VAT included. */
  totalCents: number;
  /** The VAT inside the total: total × 15/115 to the nearest cent (vatIncluded). */
  vatCents: number;
  exclusiveCents: number;
}

/**
 * The order's price. The lines and the delivery fee share the VAT of their sum (vatPerLine); a
 * discount takes off its own part, so that all the VAT adds up to the VAT of what is paid.
 */
export function priceOrder<L extends PriceLine>({ lines, deliveryFeeCents, discountCents: off = 0, vatRegistered }: OrderToPrice<L>): OrderPrice<L> {
  const lineTotals = lines.map((line) => line.unitPriceCents * line.quantity);
  const subtotalCents = lineTotals.reduce((sum, cents) => sum + cents, 0);
  const offCents = Math.max(0, Math.min(off, subtotalCents + deliveryFeeCents));
  const totalCents = subtotalCents + deliveryFeeCents - offCents;
  const vatCents = vatRegistered ? vatIncluded(totalCents) : 0;
  // The delivery fee is a line of its own only when there is one, as on the invoice.
  const charged = deliveryFeeCents > 0 ? [...lineTotals, deliveryFeeCents] : lineTotals;
  const shares = vatRegistered ? vatPerLine(charged) : charged.map(() => 0);
  const chargedVat = shares.reduce((sum, share) => sum + share, 0);
  return {
    lines: lines.map((line, i) => ({ ...line, totalCents: lineTotals[i]!, vatCents: shares[i]! })),
    subtotalCents,
    delivery: { feeCents: deliveryFeeCents, vatCents: deliveryFeeCents > 0 ? shares[lineTotals.length]! : 0 },
    discount: { cents: offCents, vatCents: vatCents - chargedVat },
    totalCents,
    vatCents,
    exclusiveCents: totalCents - vatCents,
  };
}
