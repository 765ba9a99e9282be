import { expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { checkouts, sandboxCheckouts } from '../db/schema';
import { TEST_PUBLIC_URL } from '../testing/test-support';
import { describeShop } from '../testing/describe-shop';
import type { Shopper } from '../testing/test-orders';
import type { CartItemView } from '../../shared/cart';
import type { Product } from '../../shared/product';
import { PAXI_STANDARD_FEE_CENTS } from '../../shared/shop-facts';
import { setMainSize, mainSizeOf } from '../testing/main-size';

interface CartAnswer {
  cartItems: CartItemView[];
  itemCount: number;
  subtotalCents: number;
}

describeShop('a flag that is no longer sold,', { admin: true, pickupPoints: true }, (shop) => {

  const productOf = async (slug: string) => (await shop.shoppers.inject('GET', `/api/products/${slug}`)).json<Product>();
  const cartOf = async (shopper: Shopper) => (await shop.shoppers.inject('GET', `/api/cart/${shopper.cartId}`, shopper.cookie)).json<CartAnswer>();

  it('stays in the cart marked unavailable and uncounted; checkout refuses it by name and holds nothing', async () => {
    const shopper = await shop.shoppers.signUp('hidden-flag');
    const kenya = await productOf('kenya');
    const southAfrica = await productOf('south-africa');
    await setMainSize(shop.db, kenya.id, { stockQuantity: 5 });
    await shop.shoppers.addToCart(shopper, 'kenya', 2);
    await shop.shoppers.addToCart(shopper, 'south-africa', 1);

    const hide = await shop.app.inject({
      method: 'PATCH',
      url: `/api/admin/products/${kenya.id}`,
      headers: { origin: TEST_PUBLIC_URL, cookie: shop.admin.cookie },
      payload: { isActive: false },
    });
    expect(hide.statusCode).toBe(200);

    const cart = await cartOf(shopper);
    expect(cart.cartItems.map((i) => [i.productName, i.quantity, i.available])).toEqual([
      ['KENYA', 2, false],
      ['SOUTH AFRICA', 1, true],
    ]);
    expect(cart.itemCount).toBe(1);
    expect(cart.subtotalCents).toBe(southAfrica.priceCents);

    // Only removing it is left: more of it is refused, as is adding it again.
    const kenyaLine = cart.cartItems.find((i) => i.productId === kenya.id)!;
    const more = await shop.app.inject({
      method: 'PUT',
      url: `/api/cart/${kenyaLine.id}`,
      headers: { origin: TEST_PUBLIC_URL, cookie: shopper.cookie, 'x-cart-session-id': shopper.cartId },
      payload: { quantity: 3 },
    });
    expect(more.statusCode).toBe(409);
    expect(more.json()).toEqual({
      message: 'The Kenya flag in 150 × 90 cm is no longer sold. Please remove it from your cart.',
      code: 'flag_no_longer_sold',
      productId: kenya.id,
    });
    const addAgain = await shop.shoppers.inject('POST', '/api/cart', shopper.cookie, { sessionId: shopper.cartId, productId: kenya.id, quantity: 1 });
    expect(addAgain.statusCode).toBe(404);

    const point = await shop.shoppers.nearestPoint();
    const total = cart.subtotalCents + PAXI_STANDARD_FEE_CENTS;
    const refused = await shop.shoppers.createCheckout(shopper, shop.shoppers.checkoutBody(total, point.id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'The Kenya flag in 150 × 90 cm is no longer sold. Please remove it from your cart.',
      code: 'flag_no_longer_sold',
      productId: kenya.id,
    });
    expect(await shop.db.select().from(checkouts).where(eq(checkouts.cartSessionId, shopper.cartId))).toEqual([]);
    expect(await shop.db.select().from(sandboxCheckouts)).toEqual([]);
    expect((await mainSizeOf(shop.db, kenya.id)).stockQuantity).toBe(5);

    const removed = await shop.app.inject({
      method: 'DELETE',
      url: `/api/cart/${kenyaLine.id}`,
      headers: { origin: TEST_PUBLIC_URL, cookie: shopper.cookie, 'x-cart-session-id': shopper.cartId },
    });
    expect(removed.statusCode).toBeLessThan(300);
    const paid = await shop.shoppers.createCheckout(shopper, shop.shoppers.checkoutBody(total, point.id));
    expect(paid.statusCode).toBe(200);
  });
});
