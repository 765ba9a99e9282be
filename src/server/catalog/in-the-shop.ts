import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { productImages, products, productSizes } from '../db/schema';

/**
 * Whether shoppers see the flag: the owner shows it and at least one of its sizes, and it has a
 * picture unless the owner chose to show it without one. Every storefront read (list, product page, cart, wishlist) asks this one question.
 */
export const inTheShop: SQL<boolean> = and(
  eq(products.isActive, true),
  sql`EXISTS (SELECT 1 FROM ${productSizes} WHERE ${productSizes.productId} = ${products.id} AND ${productSizes.isActive})`,
  or(eq(products.showWithoutPicture, true), sql`EXISTS (SELECT 1 FROM ${productImages} WHERE ${productImages.productId} = ${products.id})`),
)!.mapWith(Boolean) as SQL<boolean>;
