import { centsToDecimal } from '../../../../shared/money';
import { typedRand, typedWholeNumber } from '../../../lib/typed-numbers';
import { createProductSchema, type AdminProduct } from '../../../../shared/product-admin';
import { regionOf } from '../../../../shared/regions';
import { countryName } from '../../../../shared/product';
import { DEFAULT_FLAG_PACKING } from '../../../../shared/delivery';

/** The form's text fields carry the API's names, so the server's messages land on the right field. */
export type ProductField =
  | 'name'
  | 'slug'
  | 'description'
  | 'region'
  | 'priceCents'
  | 'salePriceCents'
  | 'stockQuantity'
  | PackingField;
type PackingField = 'weightGrams' | 'foldedLengthCm' | 'foldedWidthCm' | 'foldedHeightCm';
const packingFields: readonly PackingField[] = ['weightGrams', 'foldedLengthCm', 'foldedWidthCm', 'foldedHeightCm'];
export const productFields: readonly ProductField[] = ['name', 'slug', 'description', 'region', 'priceCents', 'salePriceCents', 'stockQuantity', ...packingFields];

/** The region select's value for a flag listed under All only. */
export const NO_REGION = 'none';

export type ProductFormValues = Record<ProductField, string> & { featured: boolean; isActive: boolean; showWithoutPicture: boolean };

/** The region a new flag's name suggests, while the owner has not chosen one: the select's value, or '' to leave it. */
export function suggestedRegion(values: Pick<ProductFormValues, 'name' | 'region'>): string {
  return values.region === '' ? (regionOf(values.name) ?? '') : values.region;
}

/** A typed name as the shop will show it: saved in capitals (createProductSchema), shown with countryName. */
export function shopperName(typed: string): string {
  return countryName(typed.trim().replace(/\s+/g, ' ').toUpperCase());
}

export function productFormValues(product: AdminProduct | undefined): ProductFormValues {
  return {
    // The name as shoppers see it: saving it stores the same capitals again.
    name: product ? countryName(product.name) : '',
    slug: product?.slug ?? '',
    description: product?.description ?? '',
    region: product ? (product.region ?? NO_REGION) : '',
    priceCents: product ? centsToDecimal(product.priceCents) : '',
    salePriceCents: product?.salePriceCents != null ? centsToDecimal(product.salePriceCents) : '',
    stockQuantity: product?.stockQuantity != null ? String(product.stockQuantity) : '',
    weightGrams: String(product?.weightGrams ?? DEFAULT_FLAG_PACKING.weightGrams),
    foldedLengthCm: String(product?.foldedLengthCm ?? DEFAULT_FLAG_PACKING.foldedLengthCm),
    foldedWidthCm: String(product?.foldedWidthCm ?? DEFAULT_FLAG_PACKING.foldedWidthCm),
    foldedHeightCm: String(product?.foldedHeightCm ?? DEFAULT_FLAG_PACKING.foldedHeightCm),
    featured: product?.featured ?? false,
    isActive: product?.isActive ?? true,
    showWithoutPicture: product?.showWithoutPicture ?? false,
  };
}

/** The form read with the API's own schema: the browser refuses what the server would, in the same words. */
export function parseProductForm(values: ProductFormValues) {
  const stock = values.stockQuantity.trim();
  return createProductSchema.safeParse({
    name: values.name,
    slug: values.slug.trim() || undefined,
    description: values.description,
    // Not chosen yet is refused like an unknown region: the owner says where the flag is listed.
    region: values.region === NO_REGION ? null : values.region || 'not chosen',
    priceCents: typedRand(values.priceCents),
    salePriceCents: values.salePriceCents.trim() === '' ? null : typedRand(values.salePriceCents),
    // Empty: the shop does not count this flag.
    stockQuantity: stock === '' ? null : typedWholeNumber(stock),
    ...Object.fromEntries(packingFields.map((field) => [field, typedWholeNumber(values[field])])),
    featured: values.featured,
    isActive: values.isActive,
    showWithoutPicture: values.showWithoutPicture,
  });
}
