/**
 * VAT inside VAT-inclusive amounts, by one rounding rule that always adds up to the cent.
 *
 * - A document's VAT is its VAT-inclusive total × 15/115, rounded to the nearest cent. 15/115 is
 *   3/23, so an exact half cent never occurs and the rounding never has to break a tie.
 * - The lines of a document share that VAT in proportion to their amounts: each takes its exact
 *   share rounded down, and the cents left over go to the lines with the largest remainders (ties
 *   to the earlier line). The lines' VAT therefore adds up to the document's, even where rounding
 *   each line on its own would not.
 * - A credit note's VAT is the VAT of everything credited against its invoice so far, less what
 *   the earlier credit notes carried; the credit notes of a fully refunded invoice add up to the
 *   invoice's VAT exactly.
 */

export const VAT_RATE_PERCENT = 15;

/** VAT already inside a VAT-inclusive amount in cents: amount × 15/115 to the nearest cent. */
export function vatIncluded(inclusiveCents: number): number {
  // round(3c/23) in integers: floor((6c + 23) / 46).
  return Math.floor((inclusiveCents * 6 + 23) / 46);
}

/**
 * The document's VAT shared over its lines (VAT-inclusive amounts in cents), largest remainders
 * first, so that the shares add up to vatIncluded(sum of the lines).
 */
export function vatPerLine(lineCents: readonly number[]): number[] {
  const total = lineCents.reduce((sum, cents) => sum + cents, 0);
  const vat = vatIncluded(total);
  if (total === 0) return lineCents.map(() => 0);
  // Exact share of line i: vat × line / total; compared as integers to keep every cent.
  const shares = lineCents.map((cents) => Math.floor((vat * cents) / total));
  const remainders = lineCents.map((cents, i) => ({ i, remainder: vat * cents - shares[i]! * total }));
  let left = vat - shares.reduce((sum, share) => sum + share, 0);
  remainders.sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  for (const { i } of remainders) {
    if (left === 0) break;
    shares[i] = shares[i]! + 1;
    left -= 1;
  }
  return shares;
}

/** The VAT in a credit of `creditCents`, after `creditedBeforeCents` was already credited against the same invoice. */
export function vatInCredit(creditedBeforeCents: number, creditCents: number): number {
  return vatIncluded(creditedBeforeCents + creditCents) - vatIncluded(creditedBeforeCents);
}

/**
 * Whether the shop is a registered VAT vendor: only a vendor may charge VAT or say that its prices
 * include it. The shop's VAT number is empty when it is not registered (SHOP_VAT_NUMBER=).
 */
export function isVatVendor(shop: { readonly vatNumber: string }): boolean {
  return shop.vatNumber !== '';
}
