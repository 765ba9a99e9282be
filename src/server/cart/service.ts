import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { cartItems, productImages, products, productSizes, userCarts } from '../db/schema';
import { inTheShop } from '../catalog/in-the-shop';
import { mainSizeId } from '../catalog/sizes';
import { pictureWidthsOf } from '../catalog/picture-sizes';
import { ConflictError, NotFoundError } from '../errors';
import { formatRand } from '../../shared/money';
import { countryName, effectivePriceCents, lineName } from '../../shared/product';
import { stockShortMessage } from '../../shared/stock';
import { cartItemCount, cartSubtotalCents, codeSubtotalCents, type CartItemView } from '../../shared/cart';
import { breakPriceCents, quantityBreakFor, type QuantityBreak } from '../../shared/pricing';
import type { AddToCartInput } from '../../shared/schemas';
import type { CartView, ClaimedCart } from '../../shared/api/responses';

export type { CartView, ClaimedCart } from '../../shared/api/responses';

const ITEM_NOT_FOUND = 'Cart item not found';
const SIZE_NOT_SOLD = 'This flag is not sold in that size';
const notEnoughStock = (name: string, sizeLabel: string, left: number, inCart: number) =>
  `${stockShortMessage(name, left, sizeLabel)}${inCart > 0 ? ` Your cart already has ${inCart}.` : ''}`;

/** 409 naming a flag and size hidden from the shop (the flag, or the size) since it was put in the cart; it can only be removed. */
export class FlagNoLongerSoldError extends ConflictError<'flag_no_longer_sold'> {
  constructor(productId: string, productName: string, sizeLabel: string) {
    super(`The ${countryName(productName)} flag in ${sizeLabel} is no longer sold. Please remove it from your cart.`, 'flag_no_longer_sold');
    this.publicDetails.productId = productId;
  }
}

/** A line can be bought while its flag is in the shop and its size is on sale. */
const lineOnSale = and(inTheShop, eq(productSizes.isActive, true))!.mapWith(Boolean);

/** The first image of a product, read live so the cart always shows the catalogue's picture. */
const primaryImage = sql<string | null>`(
  select ${productImages.url} from ${productImages}
  where ${productImages.productId} = ${products.id}
  order by ${productImages.position} limit 1
)`;

/**
 * lineLimit: the most of one flag on one line (CART_LINE_LIMIT); quantityBreaks: lower prices for
 * many of one size (QUANTITY_BREAKS); codesOnQuantityPrices: whether a discount code also takes off
 * lines at a quantity price (QUANTITY_BREAKS_WITH_CODES).
 */
export function createCartService(
  db: Database,
  { lineLimit, quantityBreaks = [], codesOnQuantityPrices = false }: { lineLimit: number; quantityBreaks?: readonly QuantityBreak[]; codesOnQuantityPrices?: boolean },
) {
  const tooMany = `You can have at most ${lineLimit} of one flag in your cart`;

  async function readItems(where: ReturnType<typeof and>): Promise<CartItemView[]> {
    const rows = await db
      .select({
        id: cartItems.id,
        sessionId: cartItems.sessionId,
        productId: products.id,
        sizeId: productSizes.id,
        sizeCode: productSizes.code,
        sizeLabel: productSizes.label,
        sku: productSizes.sku,
        productSlug: products.slug,
        productName: products.name,
        productImage: primaryImage,
        priceCents: productSizes.priceCents,
        salePriceCents: productSizes.salePriceCents,
        quantity: cartItems.quantity,
        available: lineOnSale,
        stockLeft: productSizes.stockQuantity,
      })
      .from(cartItems)
      .innerJoin(productSizes, eq(productSizes.id, cartItems.sizeId))
      .innerJoin(products, eq(products.id, cartItems.productId))
      .where(where)
      .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
    const widths = await pictureWidthsOf(db, rows.map((row) => row.productImage));
    return rows.map(({ salePriceCents, priceCents, ...row }) => {
      const listPriceCents = effectivePriceCents({ priceCents, salePriceCents });
      const tier = quantityBreakFor(row.quantity, quantityBreaks);
      const unit = tier ? breakPriceCents(listPriceCents, tier.percentOff) : listPriceCents;
      const productImageWidths = row.productImage === null ? undefined : widths.get(row.productImage);
      return {
        ...row,
        ...(productImageWidths ? { productImageWidths } : {}),
        price: formatRand(unit),
        priceCents: unit,
        listPriceCents,
        quantityBreak: tier ? { minQuantity: tier.minQuantity, percentOff: tier.percentOff } : null,
      };
    });
  }

  async function itemOfSession(sessionId: string, itemId: string): Promise<CartItemView> {
    const [item] = await readItems(and(eq(cartItems.sessionId, sessionId), eq(cartItems.id, itemId)));
    if (!item) throw new NotFoundError(ITEM_NOT_FOUND);
    return item;
  }

  /** The flag in the shop and the size asked for (its main size when none is named), or a 4xx in words. */
  async function findSize(input: AddToCartInput) {
    const condition = input.productId
      ? eq(products.id, input.productId)
      : sql`upper(${products.name}) = upper(${input.productName!.trim()})`;
    const [product] = await db
      .select({ id: products.id, name: products.name, mainSizeId })
      .from(products)
      .where(and(condition, inTheShop))
      .limit(1);
    if (!product) throw new NotFoundError('Product not found');
    const [size] = await db
      .select({ id: productSizes.id, label: productSizes.label, isActive: productSizes.isActive, stockQuantity: productSizes.stockQuantity })
      .from(productSizes)
      .where(and(eq(productSizes.id, input.sizeId ?? product.mainSizeId), eq(productSizes.productId, product.id)));
    if (!size) throw new NotFoundError(SIZE_NOT_SOLD);
    if (!size.isActive) throw new ConflictError(`${lineName({ productName: product.name, sizeLabel: size.label })} is no longer sold. Please choose another size.`);
    return { productId: product.id, name: product.name, sizeId: size.id, sizeLabel: size.label, stockQuantity: size.stockQuantity };
  }

  async function getCart(sessionId: string): Promise<CartView> {
    const items = await readItems(and(eq(cartItems.sessionId, sessionId)));
    return { cartItems: items, itemCount: cartItemCount(items), subtotalCents: cartSubtotalCents(items) };
  }

  return {
    lineLimit,

    getCart,

    /** What a discount code may take off this cart's lines. */
    codeSubtotalCents: (lines: readonly CartItemView[]) => codeSubtotalCents(lines, codesOnQuantityPrices),

    /** The user whose cart this session id is, or null for an anonymous cart. */
    async ownerOf(sessionId: string): Promise<string | null> {
      const [row] = await db.select({ userId: userCarts.userId }).from(userCarts).where(eq(userCarts.sessionId, sessionId));
      return row?.userId ?? null;
    },

    /**
     * The signed-in user's cart, created on first sign-in, with the browser's anonymous cart
     * poured into it, all in one transaction. The same flag in both keeps the larger quantity,
     * not the sum (a shopper who put 2 in the cart twice, once signed in, wants 2), within the line
     * limit and the flags left. `addedFromSavedCart` is how many flags the shopper's saved cart
     * added to what this browser showed, for the browser to say so. A session id that belongs to
     * another user is not anonymous and is left alone.
     */
    async claimForUser(userId: string, anonymousSessionId: string | undefined): Promise<ClaimedCart> {
      // shownBefore: the flags this browser showed before, when it showed a cart other than the saved one.
      const { sessionId, shownBefore } = await db.transaction(async (tx): Promise<{ sessionId: string; shownBefore?: number }> => {
        await tx
          .insert(userCarts)
          .values({ userId, sessionId: randomBytes(24).toString('base64url') })
          .onConflictDoNothing({ target: userCarts.userId });
        const [own] = await tx.select({ sessionId: userCarts.sessionId }).from(userCarts).where(eq(userCarts.userId, userId));
        const target = own!.sessionId;
        if (anonymousSessionId === target) return { sessionId: target };
        if (!anonymousSessionId) return { sessionId: target, shownBefore: 0 };
        const [owned] = await tx.select({ userId: userCarts.userId }).from(userCarts).where(eq(userCarts.sessionId, anonymousSessionId));
        if (owned) return { sessionId: target, shownBefore: 0 };

        const moved = await tx
          .delete(cartItems)
          .where(eq(cartItems.sessionId, anonymousSessionId))
          .returning({ productId: cartItems.productId, sizeId: cartItems.sizeId, quantity: cartItems.quantity });
        if (moved.length > 0) {
          const flagsLeft = sql`(select ${productSizes.stockQuantity} from ${productSizes} where ${productSizes.id} = excluded.size_id)`;
          await tx
            .insert(cartItems)
            .values(moved.map((line) => ({ sessionId: target, productId: line.productId, sizeId: line.sizeId, quantity: line.quantity })))
            .onConflictDoUpdate({
              target: [cartItems.sessionId, cartItems.sizeId],
              set: {
                // Never below 1: a line over the flags left stays, and checkout says how many are left.
                quantity: sql`greatest(1, least(greatest(${cartItems.quantity}, excluded.quantity), ${lineLimit}, coalesce(${flagsLeft}, ${lineLimit})))`,
                updatedAt: sql`now()`,
              },
            });
        }
        return { sessionId: target, shownBefore: moved.reduce((sum, line) => sum + line.quantity, 0) };
      });
      const cart = await getCart(sessionId);
      const addedFromSavedCart = shownBefore === undefined ? 0 : Math.max(0, cart.itemCount - shownBefore);
      return { sessionId, ...cart, addedFromSavedCart };
    },

    /** Adds to the line of that size of the flag (one line per size), up to the line limit and the flags left. */
    async addItem(input: AddToCartInput): Promise<CartItemView> {
      const { productId, name, sizeId, sizeLabel, stockQuantity } = await findSize(input);
      if (stockQuantity !== null) {
        const [line] = await db
          .select({ quantity: cartItems.quantity })
          .from(cartItems)
          .where(and(eq(cartItems.sessionId, input.sessionId), eq(cartItems.sizeId, sizeId)));
        const inCart = line?.quantity ?? 0;
        // The cart only warns early; checkout takes the stock and is the one that guarantees it.
        if (inCart + input.quantity > stockQuantity) throw new ConflictError(notEnoughStock(name, sizeLabel, stockQuantity, inCart), 'out_of_stock');
      }
      const [row] = await db
        .insert(cartItems)
        .values({ sessionId: input.sessionId, productId, sizeId, quantity: input.quantity })
        .onConflictDoUpdate({
          target: [cartItems.sessionId, cartItems.sizeId],
          set: { quantity: sql`${cartItems.quantity} + excluded.quantity`, updatedAt: sql`now()` },
          setWhere: sql`${cartItems.quantity} + excluded.quantity <= ${lineLimit}`,
        })
        .returning({ id: cartItems.id });
      if (!row) throw new ConflictError(tooMany);
      return itemOfSession(input.sessionId, row.id);
    },

    async setQuantity(sessionId: string, itemId: string, quantity: number): Promise<CartItemView> {
      const [line] = await db
        .select({
          quantity: cartItems.quantity,
          productId: products.id,
          name: products.name,
          sizeLabel: productSizes.label,
          stockQuantity: productSizes.stockQuantity,
          available: lineOnSale,
        })
        .from(cartItems)
        .innerJoin(productSizes, eq(productSizes.id, cartItems.sizeId))
        .innerJoin(products, eq(products.id, cartItems.productId))
        .where(and(eq(cartItems.sessionId, sessionId), eq(cartItems.id, itemId)));
      if (!line) throw new NotFoundError(ITEM_NOT_FOUND);
      if (!line.available) throw new FlagNoLongerSoldError(line.productId, line.name, line.sizeLabel);
      // Going down is always allowed, even while still above the flags left.
      if (line.stockQuantity !== null && quantity > line.quantity && quantity > line.stockQuantity) {
        throw new ConflictError(notEnoughStock(line.name, line.sizeLabel, line.stockQuantity, 0), 'out_of_stock');
      }
      const [row] = await db
        .update(cartItems)
        .set({ quantity, updatedAt: sql`now()` })
        .where(and(eq(cartItems.sessionId, sessionId), eq(cartItems.id, itemId)))
        .returning({ id: cartItems.id });
      if (!row) throw new NotFoundError(ITEM_NOT_FOUND);
      return itemOfSession(sessionId, row.id);
    },

    async removeItem(sessionId: string, itemId: string): Promise<void> {
      const removed = await db
        .delete(cartItems)
        .where(and(eq(cartItems.sessionId, sessionId), eq(cartItems.id, itemId)))
        .returning({ id: cartItems.id });
      if (removed.length === 0) throw new NotFoundError(ITEM_NOT_FOUND);
    },

    async clear(sessionId: string): Promise<void> {
      await db.delete(cartItems).where(eq(cartItems.sessionId, sessionId));
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
