import { and, asc, eq, like, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { isUniqueViolation } from '../db/unique-violation';
import { productImages, products, productSizes, uploadedImages } from '../db/schema';
import { ConflictError, InvalidInputError, NotFoundError } from '../errors';
import { isUuid } from '../http/ids';
import { recordAdminAction, type AuditActor } from '../admin/audit';
import { formatRand } from '../../shared/money';
import { countryName } from '../../shared/product';
import { regionOf } from '../../shared/regions';
import type { PictureFormat } from '../../shared/picture-sizes';
import {
  defaultAltText,
  MAX_PICTURES_PER_PRODUCT,
  MAX_UPLOAD_BYTES,
  UPLOAD_IMAGE_TYPES,
  uploadMessages,
  type AdminProduct,
  type CreateProductInput,
  type UpdateImagesInput,
  type UpdateProductInput,
} from '../../shared/product-admin';
import { bumpCatalogueVersion } from './catalogue-version';
import { checkPicture, ImageRefusedError, makePictureSizes } from './admin-images';
import { pictureWidthsOf, readPictureSize, storePictureSizes, uploadIdOf, UPLOAD_URL_PREFIX } from './picture-sizes';
import { toProduct, type CatalogService } from './service';
import { sizesOf, standardSize, toProductSize, type SizeRow } from './sizes';

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** What the product form edits of a flag's main size (the size editor edits each). */
const mainSizeFields = ['priceCents', 'salePriceCents', 'stockQuantity', 'weightGrams', 'foldedLengthCm', 'foldedWidthCm', 'foldedHeightCm'] as const;
type MainSizeField = (typeof mainSizeFields)[number];
/** A flag with its main size's price, stock and packing, as the product form shows them. */
type ProductRow = typeof products.$inferSelect & Pick<SizeRow, MainSizeField> & { sizes: SizeRow[] };

/** The product's own fields of a form's input, and its main size's. */
function splitInput<T extends Partial<Record<MainSizeField, unknown>>>(input: T) {
  const product: Record<string, unknown> = {};
  const size: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    if ((mainSizeFields as readonly string[]).includes(key)) size[key] = value;
    else product[key] = value;
  }
  return { product: product as Omit<T, MainSizeField>, size: size as Pick<T, MainSizeField & keyof T> };
}

function withMainSize(row: typeof products.$inferSelect, sizes: SizeRow[]): ProductRow {
  const main = sizes[0]!;
  return { ...row, sizes, ...Object.fromEntries(mainSizeFields.map((field) => [field, main[field]])) } as ProductRow;
}

const PRODUCT_NOT_FOUND = 'Product not found';
const PICTURE_NOT_FOUND = 'Picture not found';

/** 'Kenya' -> 'kenya', 'Côte d’Ivoire' -> 'cote-d-ivoire': the product's web address from its name. */
export function slugFromName(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 80)
    .replace(/^-+|-+$/g, '');
  return slug || 'flag';
}

const yesNo = (value: boolean) => (value ? 'yes' : 'no');
/** A flag's or a size's stock, sale price and folded size in the audit line's words. */
export const stockText = (stock: number | null) => (stock === null ? 'not counted' : String(stock));
export const saleText = (cents: number | null) => (cents === null ? 'none' : formatRand(cents));
export const foldedText = (packing: Pick<SizeRow, 'foldedLengthCm' | 'foldedWidthCm' | 'foldedHeightCm'>) =>
  `${packing.foldedLengthCm} × ${packing.foldedWidthCm} × ${packing.foldedHeightCm} cm`;
const regionText = (region: string | null) => region ?? 'none';

/** The changes of an edit in the owner's words, for the audit line: 'price R150.00 → R140.00'. */
function describeChanges(before: ProductRow, after: ProductRow): string[] {
  const changes: string[] = [];
  if (before.name !== after.name) changes.push(`name ${countryName(before.name)} → ${countryName(after.name)}`);
  if (before.slug !== after.slug) changes.push(`web address ${before.slug} → ${after.slug}`);
  if (before.description !== after.description) changes.push('description');
  if (before.priceCents !== after.priceCents) changes.push(`price ${formatRand(before.priceCents)} → ${formatRand(after.priceCents)}`);
  if (before.salePriceCents !== after.salePriceCents) {
    changes.push(`sale price ${saleText(before.salePriceCents)} → ${saleText(after.salePriceCents)}`);
  }
  if (before.stockQuantity !== after.stockQuantity) {
    changes.push(`stock ${stockText(before.stockQuantity)} → ${stockText(after.stockQuantity)}`);
  }
  if (before.featured !== after.featured) changes.push(`featured ${yesNo(after.featured)}`);
  if (before.isActive !== after.isActive) changes.push(after.isActive ? 'shown in the shop' : 'hidden from the shop');
  if (before.region !== after.region) changes.push(`region ${regionText(before.region)} → ${regionText(after.region)}`);
  if (before.showWithoutPicture !== after.showWithoutPicture) {
    changes.push(after.showWithoutPicture ? 'shown before it has a picture' : 'waits for a picture before it is shown');
  }
  if (before.weightGrams !== after.weightGrams) changes.push(`weight ${before.weightGrams} g → ${after.weightGrams} g`);
  if (foldedText(before) !== foldedText(after)) changes.push(`folded ${foldedText(before)} → ${foldedText(after)}`);
  return changes;
}

const auditedFields = (row: ProductRow) => ({
  name: row.name,
  slug: row.slug,
  priceCents: row.priceCents,
  salePriceCents: row.salePriceCents,
  stockQuantity: row.stockQuantity,
  featured: row.featured,
  isActive: row.isActive,
  region: row.region,
  showWithoutPicture: row.showWithoutPicture,
  weightGrams: row.weightGrams,
  foldedLengthCm: row.foldedLengthCm,
  foldedWidthCm: row.foldedWidthCm,
  foldedHeightCm: row.foldedHeightCm,
});

const toAdminProduct = (row: ProductRow, images: Parameters<typeof toProduct>[1], widths: Parameters<typeof toProduct>[2]): AdminProduct => ({
  ...toProduct(row, images, widths, row.sizes),
  updatedAt: row.updatedAt.toISOString(),
  showWithoutPicture: row.showWithoutPicture,
  weightGrams: row.weightGrams,
  foldedLengthCm: row.foldedLengthCm,
  foldedWidthCm: row.foldedWidthCm,
  foldedHeightCm: row.foldedHeightCm,
  allSizes: row.sizes.map((size) => ({
    ...toProductSize(size),
    foldedLengthCm: size.foldedLengthCm,
    foldedWidthCm: size.foldedWidthCm,
    foldedHeightCm: size.foldedHeightCm,
    isActive: size.isActive,
    position: size.position,
  })),
});

/**
 * Runs an order desk change of the catalogue, then lets this process serve the new catalogue at
 * once; a unique value (a web address, a SKU) taken by another change meanwhile is a 409 in `takenMeanwhile`.
 */
export function catalogueChange(db: Database, catalog: Pick<CatalogService, 'catalogueChanged'>, takenMeanwhile: string) {
  return async <T>(work: (tx: Transaction) => Promise<T>): Promise<T> => {
    try {
      const result = await db.transaction(work);
      catalog.catalogueChanged();
      return result;
    } catch (err) {
      if (isUniqueViolation(err)) throw new ConflictError(takenMeanwhile);
      throw err;
    }
  };
}

/** The flag as the admin sees it after a change, read inside the change's transaction. */
export async function readAdminProduct(tx: Transaction, id: string): Promise<AdminProduct> {
  const [flag] = await tx.select().from(products).where(eq(products.id, id));
  if (!flag) throw new NotFoundError(PRODUCT_NOT_FOUND);
  const row = withMainSize(flag, (await sizesOf(tx, [id])).get(id)!);
  const images = await tx.select().from(productImages).where(eq(productImages.productId, id));
  return toAdminProduct(row, images, await pictureWidthsOf(tx, images.map((img) => img.url)));
}

/** Locks the product for the rest of the transaction: changes to one flag, its sizes and pictures happen one at a time. */
export async function lockAdminProduct(tx: Transaction, id: string): Promise<ProductRow> {
  if (!isUuid(id)) throw new NotFoundError(PRODUCT_NOT_FOUND);
  const [row] = await tx.select().from(products).where(eq(products.id, id)).for('update');
  if (!row) throw new NotFoundError(PRODUCT_NOT_FOUND);
  return withMainSize(row, (await sizesOf(tx, [id])).get(id)!);
}

/**
 * The admin's side of the catalogue: flags (inactive ones too), their stock and pictures. Every
 * change commits with its audit line and a new catalogue version, so that every process rebuilds
 * its product list; this process rebuilds at once (catalogueChanged) so the admin sees the change.
 */
export function createProductAdminService(db: Database, catalog: CatalogService) {
  /** The given web address when free (409 naming the flag that has it), else one made from the name. */
  async function chooseSlug(tx: Transaction, name: string, wanted: string | undefined, productId?: string): Promise<string> {
    if (wanted !== undefined) {
      const [taken] = await tx.select({ id: products.id, name: products.name }).from(products).where(eq(products.slug, wanted));
      if (taken && taken.id !== productId) throw new ConflictError(`The web address /product/${wanted} is already used by ${countryName(taken.name)}`);
      return wanted;
    }
    const base = slugFromName(name);
    const used = new Set(
      (await tx.select({ slug: products.slug }).from(products).where(or(eq(products.slug, base), like(products.slug, `${base}-%`)))).map(
        (r) => r.slug,
      ),
    );
    let slug = base;
    for (let n = 2; used.has(slug); n += 1) slug = `${base}-${n}`;
    return slug;
  }

  const change = catalogueChange(db, catalog, 'Another flag took that web address just now. Please try again.');

  return {
    async list(): Promise<AdminProduct[]> {
      const rows = await db.select().from(products).orderBy(asc(products.name));
      const images = await db.select().from(productImages);
      const widths = await pictureWidthsOf(db, images.map((img) => img.url));
      const sizes = await sizesOf(
        db,
        rows.map((row) => row.id),
      );
      const byProduct = new Map<string, (typeof images)[number][]>();
      for (const img of images) byProduct.set(img.productId, [...(byProduct.get(img.productId) ?? []), img]);
      return rows.map((row) => toAdminProduct(withMainSize(row, sizes.get(row.id)!), byProduct.get(row.id) ?? [], widths));
    },

    async create(actor: AuditActor, input: CreateProductInput): Promise<AdminProduct> {
      return change(async (tx) => {
        const slug = await chooseSlug(tx, input.name, input.slug);
        // Left out, the region is the country's own; null lists the flag under All only.
        const region = input.region === undefined ? (regionOf(input.name) ?? null) : input.region;
        const { product, size } = splitInput(input);
        const [flag] = await tx
          .insert(products)
          .values({ ...product, slug, region })
          .returning();
        const [mainSize] = await tx
          .insert(productSizes)
          .values({ ...size, ...standardSize(slug), productId: flag!.id })
          .returning();
        const row = withMainSize(flag!, [mainSize!]);
        const extras = [
          input.salePriceCents !== null ? `on sale at ${formatRand(input.salePriceCents)}` : '',
          `stock ${stockText(input.stockQuantity)}`,
          `region ${regionText(region)}`,
          input.featured ? 'featured' : '',
          !input.isActive ? 'hidden from the shop' : input.showWithoutPicture ? 'shown before it has a picture' : 'hidden until it has a picture',
        ].filter(Boolean);
        await recordAdminAction(tx, actor, {
          action: 'product.create',
          targetType: 'product',
          targetId: row.id,
          summary: `Added ${countryName(row.name)} at ${formatRand(row.priceCents)}, ${extras.join(', ')}`,
          details: auditedFields(row),
        });
        await bumpCatalogueVersion(tx);
        return readAdminProduct(tx, row.id);
      });
    },

    async update(actor: AuditActor, id: string, input: UpdateProductInput): Promise<AdminProduct> {
      return change(async (tx) => {
        const before = await lockAdminProduct(tx, id);
        const merged = { ...before, ...input };
        if (merged.salePriceCents !== null && merged.salePriceCents >= merged.priceCents) {
          throw new InvalidInputError(`The sale price must be lower than the price (${formatRand(merged.priceCents)})`);
        }
        // A new name keeps the old web address unless a new one is given: links and search results stay valid.
        const slug = input.slug === undefined ? before.slug : await chooseSlug(tx, merged.name, input.slug, id);
        const { product, size } = splitInput(input);
        const [flag] = await tx
          .update(products)
          .set({ ...product, slug, updatedAt: sql`now()` })
          .where(eq(products.id, id))
          .returning();
        const mainSize = before.sizes[0]!;
        const [changedSize] =
          Object.keys(size).length === 0
            ? [mainSize]
            : await tx
                .update(productSizes)
                .set({ ...size, updatedAt: sql`now()` })
                .where(eq(productSizes.id, mainSize.id))
                .returning();
        const after = withMainSize(flag!, [changedSize!, ...before.sizes.slice(1)]);
        const changes = describeChanges(before, after);
        if (changes.length > 0) {
          await recordAdminAction(tx, actor, {
            action: 'product.update',
            targetType: 'product',
            targetId: id,
            summary: `Changed ${countryName(after.name)}: ${changes.join('; ')}`,
            details: { before: auditedFields(before), after: auditedFields(after) },
          });
          await bumpCatalogueVersion(tx);
        }
        return readAdminProduct(tx, id);
      });
    },

    /**
     * One uploaded picture, checked by its own bytes, added after the product's other pictures with
     * its smaller copies (made before the transaction, stored in it: never a picture without them).
     * The pictures are counted under the product's lock, so two uploads at once cannot both pass the cap.
     */
    async addImage(actor: AuditActor, id: string, upload: { bytes: Buffer; contentType: string; altText?: string }): Promise<AdminProduct> {
      const declared = upload.contentType.split(';')[0]!.trim().toLowerCase();
      if (upload.bytes.length === 0) throw new InvalidInputError(uploadMessages.empty);
      if (upload.bytes.length > MAX_UPLOAD_BYTES) throw new ImageRefusedError(uploadMessages.tooLarge, 413);
      if (declared === 'image/svg+xml') throw new ImageRefusedError(uploadMessages.svg, 415);
      const type = UPLOAD_IMAGE_TYPES.find((accepted) => accepted === declared);
      if (!type) throw new ImageRefusedError(uploadMessages.wrongType, 415);
      const image = await checkPicture(upload.bytes, type);
      const sizes = await makePictureSizes(upload.bytes);

      return change(async (tx) => {
        const product = await lockAdminProduct(tx, id);
        const [{ count } = { count: 0 }] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(productImages)
          .where(eq(productImages.productId, id));
        if (count >= MAX_PICTURES_PER_PRODUCT) throw new ConflictError(uploadMessages.tooMany);
        const [stored] = await tx
          .insert(uploadedImages)
          .values({
            contentType: image.contentType,
            bytes: upload.bytes,
            byteSize: upload.bytes.length,
            width: image.width,
            height: image.height,
            uploadedBy: actor.email,
          })
          .returning({ id: uploadedImages.id });
        await storePictureSizes(tx, stored!.id, sizes);
        const [{ next } = { next: 0 }] = await tx
          .select({ next: sql<number>`coalesce(max(${productImages.position}) + 1, 0)::int` })
          .from(productImages)
          .where(eq(productImages.productId, id));
        const [added] = await tx
          .insert(productImages)
          .values({ productId: id, url: `${UPLOAD_URL_PREFIX}${stored!.id}`, altText: upload.altText || defaultAltText(product.name), position: next })
          .returning();
        await recordAdminAction(tx, actor, {
          action: 'product.image.add',
          targetType: 'product',
          targetId: id,
          summary: `Added a picture to ${countryName(product.name)} (${image.width} x ${image.height} ${image.contentType.replace('image/', '').toUpperCase()})`,
          details: { imageId: added!.id, url: added!.url, altText: added!.altText, byteSize: upload.bytes.length },
        });
        await bumpCatalogueVersion(tx);
        return readAdminProduct(tx, id);
      });
    },

    async updateImages(actor: AuditActor, id: string, input: UpdateImagesInput): Promise<AdminProduct> {
      return change(async (tx) => {
        const product = await lockAdminProduct(tx, id);
        const current = await tx.select().from(productImages).where(eq(productImages.productId, id)).orderBy(asc(productImages.position));
        const ids = new Set(current.map((img) => img.id));
        const said: string[] = [];
        if (input.order) {
          if (input.order.length !== ids.size || new Set(input.order).size !== ids.size || !input.order.every((i) => ids.has(i))) {
            throw new InvalidInputError(`The order must list each of the ${ids.size} pictures of ${countryName(product.name)} once`);
          }
          for (const [position, imageId] of input.order.entries()) {
            await tx.update(productImages).set({ position }).where(eq(productImages.id, imageId));
          }
          said.push('reordered the pictures');
        }
        const altTexts = Object.entries(input.altTexts ?? {});
        if (altTexts.some(([imageId]) => !ids.has(imageId))) throw new NotFoundError(PICTURE_NOT_FOUND);
        for (const [imageId, altText] of altTexts) {
          await tx.update(productImages).set({ altText }).where(eq(productImages.id, imageId));
        }
        if (altTexts.length > 0) said.push(`changed the alt text of ${altTexts.length === 1 ? '1 picture' : `${altTexts.length} pictures`}`);
        await recordAdminAction(tx, actor, {
          action: 'product.image.update',
          targetType: 'product',
          targetId: id,
          summary: `${countryName(product.name)}: ${said.join(' and ')}`,
          details: { order: input.order, altTexts: input.altTexts },
        });
        await bumpCatalogueVersion(tx);
        return readAdminProduct(tx, id);
      });
    },

    /** Removes a picture; an uploaded one's bytes and smaller copies go with it. */
    async deleteImage(actor: AuditActor, id: string, imageId: string): Promise<AdminProduct> {
      return change(async (tx) => {
        const product = await lockAdminProduct(tx, id);
        if (!isUuid(imageId)) throw new NotFoundError(PICTURE_NOT_FOUND);
        const [removed] = await tx
          .delete(productImages)
          .where(and(eq(productImages.id, imageId), eq(productImages.productId, id)))
          .returning();
        if (!removed) throw new NotFoundError(PICTURE_NOT_FOUND);
        const uploadId = uploadIdOf(removed.url);
        if (uploadId) await tx.delete(uploadedImages).where(eq(uploadedImages.id, uploadId));
        await recordAdminAction(tx, actor, {
          action: 'product.image.delete',
          targetType: 'product',
          targetId: id,
          summary: `Removed a picture from ${countryName(product.name)}`,
          details: { imageId, url: removed.url, altText: removed.altText },
        });
        await bumpCatalogueVersion(tx);
        return readAdminProduct(tx, id);
      });
    },

    /** An uploaded picture's bytes for /media/uploads/:id; null when there is no such picture. */
    async readUpload(id: string): Promise<{ contentType: string; bytes: Buffer } | null> {
      if (!isUuid(id)) return null;
      const [row] = await db
        .select({ contentType: uploadedImages.contentType, bytes: uploadedImages.bytes })
        .from(uploadedImages)
        .where(eq(uploadedImages.id, id));
      return row ?? null;
    },

    /** One smaller copy of an uploaded picture for /media/uploads/:id/:width.:format; null when there is none. */
    readUploadSize(id: string, width: number, format: PictureFormat): Promise<Buffer | null> {
      return readPictureSize(db, id, width, format);
    },
  };
}

export type ProductAdminService = ReturnType<typeof createProductAdminService>;
