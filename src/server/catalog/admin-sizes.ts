import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { products, productSizes } from '../db/schema';
import { ConflictError, InvalidInputError, NotFoundError } from '../errors';
import { isUuid } from '../http/ids';
import { recordAdminAction, type AuditActor } from '../admin/audit';
import { formatRand } from '../../shared/money';
import { countryName, lineName } from '../../shared/product';
import {
  MAX_SIZES_PER_FLAG,
  type AdminProduct,
  type CreateSizeInput,
  type PriceEverySizeInput,
  type UpdateSizeInput,
} from '../../shared/product-admin';
import { bumpCatalogueVersion } from './catalogue-version';
import { catalogueChange, foldedText, lockAdminProduct, readAdminProduct, saleText, stockText, type Transaction } from './admin-service';
import type { CatalogService } from './service';
import type { SizeRow } from './sizes';

const SIZE_NOT_FOUND = 'Size not found';

/** The changes to a size in the owner's words, for the audit line: 'price R90.00 → R99.00'. */
function describeSizeChanges(before: SizeRow, after: SizeRow): string[] {
  const changes: string[] = [];
  if (before.label !== after.label) changes.push(`name ${before.label} → ${after.label}`);
  if (before.code !== after.code) changes.push(`code ${before.code} → ${after.code}`);
  if (before.material !== after.material) changes.push(`material ${before.material ?? 'polyester'} → ${after.material ?? 'polyester'}`);
  if (before.sku !== after.sku) changes.push(`SKU ${before.sku} → ${after.sku}`);
  if (before.priceCents !== after.priceCents) changes.push(`price ${formatRand(before.priceCents)} → ${formatRand(after.priceCents)}`);
  if (before.salePriceCents !== after.salePriceCents) changes.push(`sale price ${saleText(before.salePriceCents)} → ${saleText(after.salePriceCents)}`);
  if (before.stockQuantity !== after.stockQuantity) changes.push(`stock ${stockText(before.stockQuantity)} → ${stockText(after.stockQuantity)}`);
  if (before.weightGrams !== after.weightGrams) changes.push(`weight ${before.weightGrams} g → ${after.weightGrams} g`);
  if (foldedText(before) !== foldedText(after)) changes.push(`folded ${foldedText(before)} → ${foldedText(after)}`);
  if (before.isActive !== after.isActive) changes.push(after.isActive ? 'on sale again' : 'switched off');
  return changes;
}

/**
 * The order desk's sizes: add, change, reorder and switch off a flag's sizes, and set one size's
 * price on every flag at once. Each change commits with its audit line and a new catalogue
 * version, as a product's do, so every process shows it without a restart.
 */
export function createSizeAdminService(db: Database, catalog: CatalogService) {
  const change = catalogueChange(db, catalog, 'Another size took that SKU or code just now. Please try again.');

  /** 409 naming the flag and size that already use this SKU or this flag's size code. */
  async function refuseTaken(tx: Transaction, productId: string, wanted: { sku?: string; code?: string }, sizeId?: string): Promise<void> {
    if (wanted.sku !== undefined) {
      const [taken] = await tx
        .select({ name: products.name, label: productSizes.label })
        .from(productSizes)
        .innerJoin(products, eq(products.id, productSizes.productId))
        .where(and(eq(productSizes.sku, wanted.sku), sizeId ? ne(productSizes.id, sizeId) : undefined));
      if (taken) throw new ConflictError(`The SKU ${wanted.sku} is already used by ${lineName({ productName: taken.name, sizeLabel: taken.label })}`);
    }
    if (wanted.code !== undefined) {
      const [taken] = await tx
        .select({ label: productSizes.label })
        .from(productSizes)
        .where(and(eq(productSizes.productId, productId), eq(productSizes.code, wanted.code), sizeId ? ne(productSizes.id, sizeId) : undefined));
      if (taken) throw new ConflictError(`This flag already has a size with the code ${wanted.code} (${taken.label})`);
    }
  }

  return {
    async addSize(actor: AuditActor, productId: string, input: CreateSizeInput): Promise<AdminProduct> {
      return change(async (tx) => {
        const flag = await lockAdminProduct(tx, productId);
        if (flag.sizes.length >= MAX_SIZES_PER_FLAG) throw new ConflictError(`A flag has at most ${MAX_SIZES_PER_FLAG} sizes. Switch one off or change it instead.`);
        await refuseTaken(tx, productId, input);
        const position = Math.max(...flag.sizes.map((size) => size.position)) + 1;
        const [added] = await tx
          .insert(productSizes)
          .values({ ...input, productId, position })
          .returning();
        const extras = [
          input.salePriceCents !== null ? `on sale at ${formatRand(input.salePriceCents)}` : '',
          `stock ${stockText(input.stockQuantity)}`,
          input.isActive ? '' : 'switched off',
        ].filter(Boolean);
        await recordAdminAction(tx, actor, {
          action: 'product.size.add',
          targetType: 'product',
          targetId: productId,
          summary: `Added the size ${added!.label} (${added!.sku}) to ${countryName(flag.name)} at ${formatRand(added!.priceCents)}, ${extras.join(', ')}`,
          details: { sizeId: added!.id, ...input },
        });
        await bumpCatalogueVersion(tx);
        return readAdminProduct(tx, productId);
      });
    },

    /** Changes a size; switching off the flag's last size on sale is refused: hiding the flag says that. */
    async updateSize(actor: AuditActor, productId: string, sizeId: string, input: UpdateSizeInput): Promise<AdminProduct> {
      return change(async (tx) => {
        const flag = await lockAdminProduct(tx, productId);
        const before = isUuid(sizeId) ? flag.sizes.find((size) => size.id === sizeId) : undefined;
        if (!before) throw new NotFoundError(SIZE_NOT_FOUND);
        const merged = { ...before, ...input };
        if (merged.salePriceCents !== null && merged.salePriceCents >= merged.priceCents) {
          throw new InvalidInputError(`The sale price must be lower than the price (${formatRand(merged.priceCents)})`);
        }
        if (!merged.isActive && flag.sizes.every((size) => size.id === sizeId || !size.isActive)) {
          throw new ConflictError(`${before.label} is the last size of ${countryName(flag.name)} on sale. To stop selling the flag, hide it from the shop instead.`);
        }
        await refuseTaken(tx, productId, { sku: input.sku, code: input.code }, sizeId);
        const [after] = await tx
          .update(productSizes)
          .set({ ...input, updatedAt: sql`now()` })
          .where(eq(productSizes.id, sizeId))
          .returning();
        const changes = describeSizeChanges(before, after!);
        if (changes.length > 0) {
          await recordAdminAction(tx, actor, {
            action: 'product.size.update',
            targetType: 'product',
            targetId: productId,
            summary: `Changed ${lineName({ productName: flag.name, sizeLabel: before.label })}: ${changes.join('; ')}`,
            details: { sizeId, before: { ...before, createdAt: undefined, updatedAt: undefined }, after: input },
          });
          await bumpCatalogueVersion(tx);
        }
        return readAdminProduct(tx, productId);
      });
    },

    /** A new order of the flag's sizes: every size once, the main size (the page's first) first. */
    async reorderSizes(actor: AuditActor, productId: string, order: string[]): Promise<AdminProduct> {
      return change(async (tx) => {
        const flag = await lockAdminProduct(tx, productId);
        const ids = new Set(flag.sizes.map((size) => size.id));
        if (order.length !== ids.size || new Set(order).size !== ids.size || !order.every((id) => ids.has(id))) {
          throw new InvalidInputError(`The order must list each of the ${ids.size} sizes of ${countryName(flag.name)} once`);
        }
        for (const [position, sizeId] of order.entries()) {
          await tx.update(productSizes).set({ position, updatedAt: sql`now()` }).where(eq(productSizes.id, sizeId));
        }
        const labels = order.map((id) => flag.sizes.find((size) => size.id === id)!.label);
        await recordAdminAction(tx, actor, {
          action: 'product.size.reorder',
          targetType: 'product',
          targetId: productId,
          summary: `Put the sizes of ${countryName(flag.name)} in the order ${labels.join(', ')}`,
          details: { order },
        });
        await bumpCatalogueVersion(tx);
        return readAdminProduct(tx, productId);
      });
    },

    /** One size's price on every flag sold in it, in one change with one audit line; 404 when no flag has the size. */
    async priceEverySize(actor: AuditActor, input: PriceEverySizeInput): Promise<{ code: string; flags: number }> {
      return change(async (tx) => {
        const changed = await tx
          .update(productSizes)
          .set({ priceCents: input.priceCents, salePriceCents: input.salePriceCents, updatedAt: sql`now()` })
          .where(eq(productSizes.code, input.code))
          .returning({ id: productSizes.id, label: productSizes.label });
        if (changed.length === 0) throw new NotFoundError(`No flag is sold in a size with the code ${input.code}`);
        const sale = input.salePriceCents === null ? '' : `, on sale at ${formatRand(input.salePriceCents)}`;
        await recordAdminAction(tx, actor, {
          action: 'product.size.price',
          targetType: 'size',
          targetId: input.code,
          summary: `Set the price of every ${changed[0]!.label} flag to ${formatRand(input.priceCents)}${sale} (${changed.length} ${changed.length === 1 ? 'flag' : 'flags'})`,
          details: { ...input, sizeIds: changed.map((size) => size.id) },
        });
        await bumpCatalogueVersion(tx);
        return { code: input.code, flags: changed.length };
      });
    },
  };
}

export type SizeAdminService = ReturnType<typeof createSizeAdminService>;
