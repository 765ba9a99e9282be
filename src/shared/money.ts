/** Integer cents in, 'R1 234.00' out: the one way the shop writes an amount of rand. */
export function formatRand(cents: number): string {
  const negative = cents < 0;
  const abs = Math.abs(Math.round(cents));
  const rands = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  const rest = (abs % 100).toString().padStart(2, '0');
  return `${negative ? '-' : ''}R${rands}.${rest}`;
}

/** Like formatRand, without '.00' on a whole amount: 'R60' for a fee or a 'from' price in a sentence. */
export function formatRandCompact(cents: number): string {
  const text = formatRand(cents);
  return text.endsWith('.00') ? text.slice(0, -3) : text;
}

/** Cents as the decimal text the product API has always used for prices, e.g. 13000 -> '130.00'. */
export function centsToDecimal(cents: number): string {
  return (cents / 100).toFixed(2);
}

/**
 * Reads an amount written as 'R99.00', 'R1 234.50' or '130.00' into cents.
 * Returns undefined for anything that is not an amount.
 */
export function parseRandToCents(text: string): number | undefined {
  const cleaned = text.replace(/^\s*R\s*/i, '').replace(/[\s\u00a0,]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return undefined;
  const [whole = '0', fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
