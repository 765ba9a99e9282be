import { quoteLineSchema, type QuoteLineInput } from '../../../shared/quotes';
import type { ListedProduct, ProductSize } from '../../../shared/product';

/** The choice in a line's select that opens a box to describe the flag or size. */
export const DESCRIBED = 'described';

/** A line of the quote form as typed: the flag's slug and the size's code, or DESCRIBED with the words. */
export interface QuoteLineDraft {
  /** Stable across removals, for React's keys and the fields' ids. */
  key: number;
  flag: string;
  flagText: string;
  size: string;
  sizeText: string;
  quantity: string;
}

export type QuoteLineField = 'flag' | 'size' | 'quantity';
export type QuoteLineErrors = Partial<Record<QuoteLineField, string>>;

export function blankLine(key: number, start: Partial<QuoteLineDraft> = {}): QuoteLineDraft {
  return { key, flag: '', flagText: '', size: '', sizeText: '', quantity: '', ...start };
}

/** What the catalogue knows that a line needs: each listed flag, and the sizes of those whose page was loaded. */
export interface QuoteCatalogue {
  flag: (slug: string) => ListedProduct | undefined;
  sizes: (slug: string) => readonly ProductSize[] | undefined;
}

/** "12", " 12 " → 12; anything else is left for the schema to refuse in words. */
function quantityOf(text: string): unknown {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed === '' ? undefined : trimmed;
}

/** The line as the API takes it: a listed flag and size by id, a described one in the shopper's words. */
export function lineInput(line: QuoteLineDraft, catalogue: QuoteCatalogue): QuoteLineInput {
  const listed = line.flag !== DESCRIBED ? catalogue.flag(line.flag) : undefined;
  const size = listed && line.size !== DESCRIBED ? catalogue.sizes(line.flag)?.find((s) => s.code === line.size) : undefined;
  return {
    productId: listed?.id,
    flag: line.flag === DESCRIBED ? line.flagText : undefined,
    sizeId: size?.id,
    size: line.size === DESCRIBED || line.flag === DESCRIBED ? line.sizeText : undefined,
    quantity: quantityOf(line.quantity) as number,
  };
}

/** The first message of each field of a line, by the schema the server checks with. */
export function lineErrors(line: QuoteLineDraft, catalogue: QuoteCatalogue): QuoteLineErrors {
  const result = quoteLineSchema.safeParse(lineInput(line, catalogue));
  if (result.success) return {};
  const errors: QuoteLineErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0];
    const field: QuoteLineField | undefined = key === 'productId' || key === 'flag' ? 'flag' : key === 'sizeId' || key === 'size' ? 'size' : key === 'quantity' ? 'quantity' : undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
