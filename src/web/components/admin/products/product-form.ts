import { centsToDecimal, parseRandToCents } from '../../../../shared/money';
import { createProductSchema, type AdminProduct } from '../../../../shared/product-admin';

/** The form's text fields carry the API's names, so the server's messages land on the right field. */
export type ProductField = 'name' | 'slug' | 'description' | 'priceCents' | 'salePriceCents' | 'stockQuantity';
export const productFields: readonly ProductField[] = ['name', 'slug', 'description', 'priceCents', 'salePriceCents', 'stockQuantity'];

export type ProductFormValues = Record<ProductField, string> & { featured: boolean; isActive: boolean };

export function productFormValues(product: AdminProduct | undefined): ProductFormValues {
  return {
    name: product?.name ?? '',
    slug: product?.slug ?? '',
    description: product?.description ?? '',
    priceCents: product ? centsToDecimal(product.priceCents) : '',
    salePriceCents: product?.salePriceCents != null ? centsToDecimal(product.salePriceCents) : '',
    stockQuantity: product?.stockQuantity != null ? String(product.stockQuantity) : '',
    featured: product?.featured ?? false,
    isActive: product?.isActive ?? true,
  };
}

/** Rand as typed ('130', 'R130.00', '1 300.50') to cents; NaN for text that is not an amount, so the schema says so. */
const cents = (text: string): number | undefined => (text.trim() === '' ? undefined : (parseRandToCents(text) ?? Number.NaN));

/** The form read with the API's own schema: the browser refuses what the server would, in the same words. */
export function parseProductForm(values: ProductFormValues) {
  const stock = values.stockQuantity.trim();
  return createProductSchema.safeParse({
    name: values.name,
    slug: values.slug.trim() || undefined,
    description: values.description,
    priceCents: cents(values.priceCents),
    salePriceCents: values.salePriceCents.trim() === '' ? null : cents(values.salePriceCents),
    // Empty: the shop does not count this flag.
    stockQuantity: stock === '' ? null : /^\d+$/.test(stock) ? Number(stock) : Number.NaN,
    featured: values.featured,
    isActive: values.isActive,
  });
}
