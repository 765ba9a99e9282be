import { z } from 'zod';
import { countryName, type Product, type ProductSize } from './product';
import { regions } from './regions';
import { DEFAULT_FLAG_PACKING, MAX_FLAG_GRAMS, MAX_FOLDED_CM, type FlagPacking } from './delivery';

/** The admin's product form and API speak the same words (section 5 style: one message per rule). */
const productMessages = {
  name: 'Please enter the flag name (2 to 100 characters)',
  slug: 'The web address may use only lower-case letters, digits and single dashes, like south-africa',
  description: 'Please enter a description',
  descriptionLong: 'The description is too long (5000 characters at most)',
  price: 'Please enter the price in rand, like 130.00',
  priceTooHigh: 'The price can be at most R100 000.00',
  salePrice: 'Please enter the sale price in rand, like 99.00, or leave it empty',
  saleNotLower: 'The sale price must be lower than the price',
  stock: 'Stock must be a whole number, 0 or more; leave it empty if you do not count this flag',
  altText: 'Please describe the picture for people who cannot see it (1 to 200 characters)',
  region: `Choose the flag's region: ${regions.join(', ')}, or none`,
  weight: 'Please enter the weight of one packed flag in whole grams, from 1 to 30 000',
  foldedSize: 'Please enter the folded size in whole centimetres, from 1 to 150',
} as const;

/** Prices are cents: R100 000 is far above any flag, and keeps typing slips from reaching the shop. */
const MAX_PRICE_CENTS = 10_000_000;
const MAX_STOCK = 1_000_000;

const price = (message: string) =>
  z.number({ error: message }).int(message).positive(message).max(MAX_PRICE_CENTS, productMessages.priceTooHigh);

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const weight = z.number({ error: productMessages.weight }).int(productMessages.weight).min(1, productMessages.weight).max(MAX_FLAG_GRAMS, productMessages.weight);
const foldedSide = z
  .number({ error: productMessages.foldedSize })
  .int(productMessages.foldedSize)
  .min(1, productMessages.foldedSize)
  .max(MAX_FOLDED_CM, productMessages.foldedSize);

const productFields = z.object({
  // Flag names are kept in capitals ('SOUTH AFRICA'), whatever was typed; every page and the desk show them with countryName ('South Africa').
  name: z
    .string({ error: productMessages.name })
    .trim()
    .min(2, productMessages.name)
    .max(100, productMessages.name)
    .transform((name) => name.replace(/\s+/g, ' ').toUpperCase()),
  slug: z.string({ error: productMessages.slug }).trim().max(100, productMessages.slug).regex(SLUG_PATTERN, productMessages.slug),
  description: z
    .string({ error: productMessages.description })
    .trim()
    .min(1, productMessages.description)
    .max(5000, productMessages.descriptionLong),
  priceCents: price(productMessages.price),
  salePriceCents: price(productMessages.salePrice).nullable(),
  featured: z.boolean({ error: 'featured must be true or false' }),
  isActive: z.boolean({ error: 'isActive must be true or false' }),
  /** The shop's region tab; null lists the flag under All only. */
  region: z.enum(regions, { error: productMessages.region }).nullable(),
  showWithoutPicture: z.boolean({ error: 'showWithoutPicture must be true or false' }),
  stockQuantity: z.number({ error: productMessages.stock }).int(productMessages.stock).min(0, productMessages.stock).max(MAX_STOCK, productMessages.stock).nullable(),
  /** One flag packed and folded, for the courier's parcel. */
  weightGrams: weight,
  foldedLengthCm: foldedSide,
  foldedWidthCm: foldedSide,
  foldedHeightCm: foldedSide,
});

const saleBelowPrice = (p: { priceCents?: number; salePriceCents?: number | null }) =>
  p.salePriceCents === null || p.salePriceCents === undefined || p.priceCents === undefined || p.salePriceCents < p.priceCents;

/**
 * The sale price is compared whenever both prices are themselves right, not only once every other
 * field is: a form then shows this message together with the others, not after they are fixed.
 */
const saleCheck = {
  path: ['salePriceCents'],
  message: productMessages.saleNotLower,
  when: (payload: { value: unknown; issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    typeof payload.value === 'object' &&
    payload.value !== null &&
    !payload.issues.some((issue) => !issue.path?.length || issue.path[0] === 'priceCents' || issue.path[0] === 'salePriceCents'),
};

/**
 * POST /api/admin/products: a new flag; the slug is made from the name when not given, the region
 * from the country's name. It stays out of the shop until it has a picture, unless showWithoutPicture.
 */
export const createProductSchema = productFields
  .extend({
    slug: productFields.shape.slug.optional(),
    region: productFields.shape.region.optional(),
    showWithoutPicture: productFields.shape.showWithoutPicture.default(false),
    salePriceCents: productFields.shape.salePriceCents.default(null),
    featured: productFields.shape.featured.default(false),
    isActive: productFields.shape.isActive.default(true),
    stockQuantity: productFields.shape.stockQuantity.default(null),
    weightGrams: weight.default(DEFAULT_FLAG_PACKING.weightGrams),
    foldedLengthCm: foldedSide.default(DEFAULT_FLAG_PACKING.foldedLengthCm),
    foldedWidthCm: foldedSide.default(DEFAULT_FLAG_PACKING.foldedWidthCm),
    foldedHeightCm: foldedSide.default(DEFAULT_FLAG_PACKING.foldedHeightCm),
  })
  .strict()
  .refine(saleBelowPrice, saleCheck);
export type CreateProductInput = z.output<typeof createProductSchema>;

/** PATCH /api/admin/products/:id: any of the fields; the sale price is checked against the saved price too. */
export const updateProductSchema = productFields
  .partial()
  .strict()
  .refine((p) => Object.keys(p).length > 0, { message: 'Say what to change' })
  .refine(saleBelowPrice, saleCheck);
export type UpdateProductInput = z.output<typeof updateProductSchema>;

export const altTextSchema = z.string({ error: productMessages.altText }).trim().min(1, productMessages.altText).max(200, productMessages.altText);

/** A flag's pictures at most: uploads stop here, and a new order lists every picture, so it is also the order's limit. */
export const MAX_PICTURES_PER_PRODUCT = 50;

/** PATCH /api/admin/products/:id/images: a new order (every picture's id, first shown first) and/or alt texts by picture id. */
export const updateImagesSchema = z
  .object({
    order: z
      .array(z.uuid('Unknown picture'), { error: 'order must list the picture ids' })
      .max(MAX_PICTURES_PER_PRODUCT, `A flag has at most ${MAX_PICTURES_PER_PRODUCT} pictures`)
      .optional(),
    altTexts: z.record(z.uuid('Unknown picture'), altTextSchema).optional(),
  })
  .strict()
  .refine((body) => body.order !== undefined || body.altTexts !== undefined, { message: 'Say what to change: order or altTexts' });
export type UpdateImagesInput = z.output<typeof updateImagesSchema>;

/** Uploads: what a photo may be. SVG is refused: it can carry script. */
export const UPLOAD_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type UploadImageType = (typeof UPLOAD_IMAGE_TYPES)[number];
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
/**
 * A picture is decoded in full before it is accepted, so its size is capped: a small file can
 * claim to be 50 000 x 50 000 pixels and would need gigabytes of memory to open.
 */
export const MAX_PICTURE_SIDE = 8000;
export const MAX_PICTURE_PIXELS = 40_000_000;

/** 'image/png' -> 'PNG', as the admin knows the kinds of file. */
const typeName = (type: string) => type.replace('image/', '').toUpperCase();

export const uploadMessages = {
  tooLarge: 'The picture is too large: 2 MB at most',
  wrongType: 'Please upload a JPEG, PNG or WebP picture',
  svg: 'SVG pictures are not accepted (they can carry scripts). Please upload a JPEG, PNG or WebP picture',
  notAnImage: (type: string) => `The file is not a real ${typeName(type)} picture`,
  damaged: (type: string) => `This file is not a picture we can show: it is damaged, cut short or not a ${typeName(type)} picture at all`,
  tooManyPixels: (width: number, height: number) =>
    `This file is not a picture we can show: at ${width} x ${height} pixels it is too big (${MAX_PICTURE_SIDE} pixels a side and ${MAX_PICTURE_PIXELS / 1_000_000} megapixels at most)`,
  notResized: 'The shop could not make the smaller copies of this picture that it shows shoppers. Please try again, or save the picture again as a JPEG',
  tooMany: `A flag can have at most ${MAX_PICTURES_PER_PRODUCT} pictures. Delete one first.`,
  empty: 'The file is empty',
} as const;

/** The picture's alt text when the admin gives none: 'Flag of Kenya', as the seeded pictures say. */
export function defaultAltText(productName: string): string {
  return `Flag of ${countryName(productName)}`;
}

/** One size as the order desk sees it: switched-off ones too, with its packing. */
export type AdminProductSize = ProductSize & FlagPacking & { isActive: boolean; position: number };

/**
 * A product as the admin sees it: the storefront's fields, hidden ones too, with the last change;
 * its price, stock and packing are its main size's, and `allSizes` lists every size in the owner's order.
 */
export type AdminProduct = Product & { updatedAt: string; showWithoutPicture: boolean; allSizes: AdminProductSize[] } & FlagPacking;

/** A flag has at most this many sizes: the product page's choice stays a glance. */
export const MAX_SIZES_PER_FLAG = 12;

const sizeMessages = {
  code: 'The size code goes in the web address: lower-case letters, digits and single dashes, like 90x60 (20 characters at most)',
  label: 'Please name the size as shoppers read it, like 90 × 60 cm (1 to 60 characters)',
  material: 'The material is at most 80 characters; leave it empty for the shop’s polyester',
  sku: 'The SKU may use capital letters, digits and dashes, like KENYA-90X60 (40 characters at most)',
} as const;

const sizeFields = z.object({
  code: z
    .string({ error: sizeMessages.code })
    .trim()
    .toLowerCase()
    .max(20, sizeMessages.code)
    .regex(SLUG_PATTERN, sizeMessages.code),
  label: z
    .string({ error: sizeMessages.label })
    .trim()
    .min(1, sizeMessages.label)
    .max(60, sizeMessages.label),
  material: z
    .string({ error: sizeMessages.material })
    .trim()
    .max(80, sizeMessages.material)
    .transform((value) => value || null)
    .nullable(),
  sku: z
    .string({ error: sizeMessages.sku })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]+(?:-[A-Z0-9]+)*$/, sizeMessages.sku)
    .max(40, sizeMessages.sku),
  priceCents: price(productMessages.price),
  salePriceCents: price(productMessages.salePrice).nullable(),
  stockQuantity: productFields.shape.stockQuantity,
  weightGrams: weight,
  foldedLengthCm: foldedSide,
  foldedWidthCm: foldedSide,
  foldedHeightCm: foldedSide,
  isActive: z.boolean({ error: 'isActive must be true or false' }),
});

/** POST /api/admin/products/:id/sizes: a new size of a flag, after its others. */
export const createSizeSchema = sizeFields
  .extend({
    material: sizeFields.shape.material.default(null),
    salePriceCents: sizeFields.shape.salePriceCents.default(null),
    stockQuantity: sizeFields.shape.stockQuantity.default(null),
    weightGrams: weight.default(DEFAULT_FLAG_PACKING.weightGrams),
    foldedLengthCm: foldedSide.default(DEFAULT_FLAG_PACKING.foldedLengthCm),
    foldedWidthCm: foldedSide.default(DEFAULT_FLAG_PACKING.foldedWidthCm),
    foldedHeightCm: foldedSide.default(DEFAULT_FLAG_PACKING.foldedHeightCm),
    isActive: sizeFields.shape.isActive.default(true),
  })
  .strict()
  .refine(saleBelowPrice, saleCheck);
export type CreateSizeInput = z.output<typeof createSizeSchema>;

/** PATCH /api/admin/products/:id/sizes/:sizeId: any of a size's fields; false for isActive switches it off. */
export const updateSizeSchema = sizeFields
  .partial()
  .strict()
  .refine((p) => Object.keys(p).length > 0, { message: 'Say what to change' })
  .refine(saleBelowPrice, saleCheck);
export type UpdateSizeInput = z.output<typeof updateSizeSchema>;

/** PUT /api/admin/products/:id/sizes/order: every size's id, the main size first. */
export const sizeOrderSchema = z
  .object({
    order: z
      .array(z.uuid('Unknown size'), { error: 'order must list the size ids' })
      .max(MAX_SIZES_PER_FLAG, `A flag has at most ${MAX_SIZES_PER_FLAG} sizes`),
  })
  .strict();

/** POST /api/admin/sizes/price: one size's price (and sale price) on every flag sold in it, e.g. every 90x60 at R99. */
export const priceEverySizeSchema = z
  .object({
    code: sizeFields.shape.code,
    priceCents: sizeFields.shape.priceCents,
    salePriceCents: sizeFields.shape.salePriceCents.default(null),
  })
  .strict()
  .refine(saleBelowPrice, saleCheck);
export type PriceEverySizeInput = z.output<typeof priceEverySizeSchema>;

/** Whether shoppers see the flag (the server's rule, src/server/catalog/in-the-shop.ts, in words for the desk). */
export function shopVisibility(product: Pick<AdminProduct, 'isActive' | 'showWithoutPicture' | 'images'>): 'shown' | 'hidden' | 'waiting-for-picture' {
  if (!product.isActive) return 'hidden';
  return product.images.length > 0 || product.showWithoutPicture ? 'shown' : 'waiting-for-picture';
}
