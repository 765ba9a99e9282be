import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { cartItems, productImages, products } from '../db/schema';
import { ConflictError, NotFoundError } from '../errors';
import { formatRand } from '../../shared/money';
import { effectivePriceCents } from '../../shared/product';
import { cartItemCount, cartSubtotalCents, MAX_LINE_QUANTITY, type CartItemView } from '../../shared/cart';
import type { AddToCartInput } from '../../shared/schemas';

export interface CartView {
  cartItems: CartItemView[];
  itemCount: number;
  subtotalCents: number;
}

const ITEM_NOT_FOUND = 'Cart item not found';
const tooMany = `You can have at most ${MAX_LINE_QUANTITY} of one flag in your cart`;

/** The first image of a product, read live so the cart always shows the catalogue's picture. */
const primaryImage = sql<string | null>`(
  select ${productImages.url} from ${productImages}
  where ${productImages.productId} = ${products.id}
  order by ${productImages.position} limit 1
)`;

export function createCartService(db: Database) {
  async function readItems(where: ReturnType<typeof and>): Promise<CartItemView[]> {
    const rows = await db
      .select({
        id: cartItems.id,
        sessionId: cartItems.sessionId,
        productId: products.id,
        productSlug: products.slug,
        productName: products.name,
        productImage: primaryImage,
        priceCents: products.priceCents,
        salePriceCents: products.salePriceCents,
        quantity: cartItems.quantity,
      })
      .from(cartItems)
      .innerJoin(products, eq(products.id, cartItems.productId))
      .where(where)
      .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
    return rows.map(({ salePriceCents, priceCents, ...row }) => {
      const unit = effectivePriceCents({ priceCents, salePriceCents });
      return { ...row, price: formatRand(unit), priceCents: unit };
    });
  }

  async function itemOfSession(sessionId: string, itemId: string): Promise<CartItemView> {
    const [item] = await readItems(and(eq(cartItems.sessionId, sessionId), eq(cartItems.id, itemId)));
    if (!item) throw new NotFoundError(ITEM_NOT_FOUND);
    return item;
  }

  async function findProductId(input: AddToCartInput): Promise<string> {
    const condition = input.productId
      ? eq(products.id, input.productId)
      : sql`upper(${products.name}) = upper(${input.productName!.trim()})`;
    const [product] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(condition, eq(products.isActive, true)))
      .limit(1);
    if (!product) throw new NotFoundError('Product not found');
    return product.id;
  }

  return {
    async getCart(sessionId: string): Promise<CartView> {
      const items = await readItems(and(eq(cartItems.sessionId, sessionId)));
      return { cartItems: items, itemCount: cartItemCount(items), subtotalCents: cartSubtotalCents(items) };
    },

    /** Adds to the line of that flag (one line per flag), up to the line limit. */
    async addItem(input: AddToCartInput): Promise<CartItemView> {
      const productId = await findProductId(input);
      const [row] = await db
        .insert(cartItems)
        .values({ sessionId: input.sessionId, productId, quantity: input.quantity })
        .onConflictDoUpdate({
          target: [cartItems.sessionId, cartItems.productId],
          set: { quantity: sql`${cartItems.quantity} + excluded.quantity`, updatedAt: sql`now()` },
          setWhere: sql`${cartItems.quantity} + excluded.quantity <= ${MAX_LINE_QUANTITY}`,
        })
        .returning({ id: cartItems.id });
      if (!row) throw new ConflictError(tooMany);
      return itemOfSession(input.sessionId, row.id);
    },

    async setQuantity(sessionId: string, itemId: string, quantity: number): Promise<CartItemView> {
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
