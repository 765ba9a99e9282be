import { centsToDecimal, formatRand } from '../../../../shared/money';
import { typedRand, typedWholeNumber } from '../../../lib/typed-numbers';
import { createSizeSchema, priceEverySizeSchema, updateSizeSchema, type AdminProduct, type AdminProductSize } from '../../../../shared/product-admin';
import { DEFAULT_FLAG_PACKING } from '../../../../shared/delivery';

/** The size form's fields carry the API's names, so the server's messages land on the right field. */
export type SizeField =
  | 'label'
  | 'code'
  | 'sku'
  | 'material'
  | 'priceCents'
  | 'salePriceCents'
  | 'stockQuantity'
  | 'weightGrams'
  | 'foldedLengthCm'
  | 'foldedWidthCm'
  | 'foldedHeightCm';
const packingFields = ['weightGrams', 'foldedLengthCm', 'foldedWidthCm', 'foldedHeightCm'] as const;
export const sizeFields: readonly SizeField[] = ['label', 'code', 'sku', 'material', 'priceCents', 'salePriceCents', 'stockQuantity', ...packingFields];

export type SizeFormValues = Record<SizeField, string>;

/** A size's form: its saved values, or for a new size empty text, stock not counted and the shop's usual packing. */
export function sizeFormValues(size: AdminProductSize | undefined): SizeFormValues {
  return {
    label: size?.label ?? '',
    code: size?.code ?? '',
    sku: size?.sku ?? '',
    material: size?.material ?? '',
    priceCents: size ? centsToDecimal(size.priceCents) : '',
    salePriceCents: size?.salePriceCents != null ? centsToDecimal(size.salePriceCents) : '',
    stockQuantity: size?.stockQuantity != null ? String(size.stockQuantity) : '',
    weightGrams: String(size?.weightGrams ?? DEFAULT_FLAG_PACKING.weightGrams),
    foldedLengthCm: String(size?.foldedLengthCm ?? DEFAULT_FLAG_PACKING.foldedLengthCm),
    foldedWidthCm: String(size?.foldedWidthCm ?? DEFAULT_FLAG_PACKING.foldedWidthCm),
    foldedHeightCm: String(size?.foldedHeightCm ?? DEFAULT_FLAG_PACKING.foldedHeightCm),
  };
}

/** The form's text as the API's fields: empty sale price, stock and material mean none, not counted and the shop's polyester. */
function typedSize(values: SizeFormValues) {
  const stock = values.stockQuantity.trim();
  return {
    label: values.label,
    code: values.code,
    sku: values.sku,
    material: values.material.trim() === '' ? null : values.material,
    priceCents: typedRand(values.priceCents),
    salePriceCents: values.salePriceCents.trim() === '' ? null : typedRand(values.salePriceCents),
    stockQuantity: stock === '' ? null : typedWholeNumber(stock),
    ...Object.fromEntries(packingFields.map((field) => [field, typedWholeNumber(values[field])])),
  };
}

/** A new size read with the API's own schema: the browser refuses what the server would, in the same words. */
export function parseNewSize(values: SizeFormValues) {
  return createSizeSchema.safeParse(typedSize(values));
}

/**
 * A size's changes read with the API's own schema. Every field is sent, so a price left empty is
 * refused here rather than kept unchanged without a word.
 */
export function parseSizeChange(values: SizeFormValues) {
  const { priceCents, ...rest } = typedSize(values);
  // Partial fields let an empty price through as undefined; a size always has a price.
  return updateSizeSchema.safeParse({ ...rest, priceCents: priceCents ?? Number.NaN });
}

/** The sizes' ids after one moves a place up or down; the first is the flag's main size. */
export function movedSizeOrder(sizes: readonly Pick<AdminProductSize, 'id'>[], index: number, direction: 'up' | 'down'): string[] {
  const order = sizes.map((size) => size.id);
  const target = direction === 'up' ? index - 1 : index + 1;
  if (index < 0 || index >= order.length || target < 0 || target >= order.length) return order;
  [order[index], order[target]] = [order[target]!, order[index]!];
  return order;
}

/** Every size code sold on any flag, with the label shoppers read, for the price-every-flag form. */
export function sizeCodesOf(products: readonly Pick<AdminProduct, 'allSizes'>[]): { code: string; label: string }[] {
  const labels = new Map<string, string>();
  for (const product of products) for (const size of product.allSizes) if (!labels.has(size.code)) labels.set(size.code, size.label);
  return [...labels].map(([code, label]) => ({ code, label })).sort((a, b) => a.code.localeCompare(b.code));
}

export type SizePriceField = 'code' | 'priceCents' | 'salePriceCents';
export const sizePriceFields: readonly SizePriceField[] = ['code', 'priceCents', 'salePriceCents'];
export type SizePriceValues = Record<SizePriceField, string>;

export function parseSizePrice(values: SizePriceValues) {
  return priceEverySizeSchema.safeParse({
    // Not chosen yet is refused like a wrong code, in the API's words.
    code: values.code,
    priceCents: typedRand(values.priceCents),
    salePriceCents: values.salePriceCents.trim() === '' ? null : typedRand(values.salePriceCents),
  });
}

/** The question before every flag of one size is repriced: 'Set every 90 × 60 cm flag to R99.00?'. */
export function sizePriceQuestion(label: string, priceCents: number, salePriceCents: number | null): string {
  const sale = salePriceCents === null ? '' : `, on sale at ${formatRand(salePriceCents)}`;
  return `Set every ${label} flag to ${formatRand(priceCents)}${sale}?`;
}

/** What the shop did: 'Set the price of 64 flags'. */
export function sizePriceDone(flags: number): string {
  return `Set the price of ${flags} ${flags === 1 ? 'flag' : 'flags'}`;
}
