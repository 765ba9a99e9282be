/**
 * Quantity breaks (QUANTITY_BREAKS=10:10,25:15): a cart line of 10 or more of one size pays 10%
 * less a flag, 25 or more 15% less; the checkout, the order and the tax invoice charge that; a
 * discount code takes off only the lines without a quantity price unless the shop lets it.
 */
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { taxDocuments } from '../db/schema';
import { TEST_PUBLIC_URL } from '../testing/test-support';
import { describeShop } from '../testing/describe-shop';
import type { Shopper } from '../testing/test-orders';
import type { CartView } from '../../shared/api/responses';
import type { Product } from '../../shared/product';
import { effectivePriceCents } from '../../shared/product';
import { PAXI_STANDARD_FEE_CENTS } from '../../shared/shop-facts';
import { vatIncluded } from '../../shared/vat';

const BREAKS = { QUANTITY_BREAKS: '10:10,25:15' };

describeShop('quantity breaks', { admin: true, pickupPoints: true, env: BREAKS }, (shop) => {
  const productOf = async (slug: string) => (await shop.shoppers.inject('GET', `/api/products/${slug}`)).json<Product>();
  const cartOf = async (shopper: Shopper) => (await shop.shoppers.inject('GET', `/api/cart/${shopper.cartId}`, shopper.cookie)).json<CartView>();
  const add = async (shopper: Shopper, product: Product, code: string, quantity: number) => {
    const size = product.sizes.find((s) => s.code === code)!;
    const res = await shop.shoppers.inject('POST', '/api/cart', shopper.cookie, { sessionId: shopper.cartId, productId: product.id, sizeId: size.id, quantity });
    expect(res.statusCode, res.body).toBe(201);
    return effectivePriceCents(size);
  };
  const makeCode = async (code: string) => {
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/admin/discount-codes',
      headers: { origin: TEST_PUBLIC_URL, cookie: shop.admin.cookie },
      payload: { code, kind: 'percent', percent: 10 },
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  const apply = (shopper: Shopper, code: string) => shop.shoppers.inject('POST', '/api/checkout/discount', shopper.cookie, { code, deliveryFeeCents: PAXI_STANDARD_FEE_CENTS });

  it('prices a line of 10 or more of one size 10% lower a flag, 25 or more 15%, and names the break; other lines and sizes keep their price', async () => {
    const shopper = await shop.shoppers.signUp('school');
    const southAfrica = await productOf('south-africa');
    const small = await add(shopper, southAfrica, '90x60', 12);
    const standard = await add(shopper, southAfrica, '150x90', 1);
    let cart = await cartOf(shopper);
    expect(cart.cartItems.map((line) => [line.sizeLabel, line.quantity, line.listPriceCents, line.priceCents, line.quantityBreak])).toEqual([
      ['90 × 60 cm', 12, small, Math.round(small * 0.9), { minQuantity: 10, percentOff: 10 }],
      ['150 × 90 cm', 1, standard, standard, null],
    ]);
    expect(cart.subtotalCents).toBe(12 * Math.round(small * 0.9) + standard);

    const line = cart.cartItems[0]!;
    const setQuantity = (quantity: number) =>
      shop.app.inject({ method: 'PUT', url: `/api/cart/${line.id}`, headers: { origin: TEST_PUBLIC_URL, cookie: shopper.cookie, 'x-cart-session-id': shopper.cartId }, payload: { quantity } });
    expect((await setQuantity(30)).statusCode).toBe(200);
    cart = await cartOf(shopper);
    expect(cart.cartItems[0]).toMatchObject({ priceCents: Math.round(small * 0.85), quantityBreak: { minQuantity: 25, percentOff: 15 } });
    expect((await setQuantity(9)).statusCode).toBe(200);
    expect((await cartOf(shopper)).cartItems[0]).toMatchObject({ priceCents: small, quantityBreak: null });
  });

  it('charges the break at checkout: the order, its line price and the tax invoice, whose VAT is that of what was paid', async () => {
    const shopper = await shop.shoppers.signUp('school-pays');
    const southAfrica = await productOf('south-africa');
    const small = await add(shopper, southAfrica, '90x60', 12);
    const unit = Math.round(small * 0.9);
    const point = await shop.shoppers.nearestPoint();
    const total = 12 * unit + PAXI_STANDARD_FEE_CENTS;
    const created = await shop.shoppers.createCheckout(shopper, shop.shoppers.checkoutBody(total, point.id));
    expect(created.statusCode, created.body).toBe(200);
    const { id, redirectUrl } = created.json<{ id: string; redirectUrl: string }>();
    expect((await shop.shoppers.inject('POST', `${new URL(redirectUrl).pathname}/pay`)).statusCode).toBe(303);
    expect((await shop.shoppers.complete(shopper, id)).statusCode).toBe(200);
    const [order] = await shop.shoppers.ordersOf(id);
    expect(order).toMatchObject({ subtotalCents: 12 * unit, totalAmount: total });
    expect(order!.items).toMatchObject([{ sizeLabel: '90 × 60 cm', productPrice: unit, quantity: 12 }]);
    const [invoice] = await shop.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, order!.id));
    expect(invoice!.content.lines[0]).toMatchObject({ description: 'South Africa flag, 90 × 60 cm', quantity: 12, unitPriceCents: unit, totalCents: 12 * unit });
    expect(invoice!.vatCents).toBe(vatIncluded(total));
  });

  it('lets a discount code take off only the lines without a quantity price, and says so when there are none', async () => {
    await makeCode('CLUB-TEN');
    const shopper = await shop.shoppers.signUp('club');
    const kenya = await productOf('kenya');
    await add(shopper, kenya, '90x60', 10);
    const refused = await apply(shopper, 'CLUB-TEN');
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe('This discount code does not take anything off flags that already have a quantity price.');

    const desk = await add(shopper, kenya, 'desk', 2);
    const applied = await apply(shopper, 'CLUB-TEN');
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json<{ discountCents: number }>().discountCents).toBe(Math.round((2 * desk * 10) / 100));
  });
});

describeShop('quantity breaks with discount codes on top', { admin: true, env: { ...BREAKS, QUANTITY_BREAKS_WITH_CODES: 'true' } }, (shop) => {
  it('lets a discount code take off the lines at a quantity price too', async () => {
    const made = await shop.app.inject({
      method: 'POST',
      url: '/api/admin/discount-codes',
      headers: { origin: TEST_PUBLIC_URL, cookie: shop.admin.cookie },
      payload: { code: 'STACK-TEN', kind: 'percent', percent: 10 },
    });
    expect(made.statusCode, made.body).toBe(201);
    const shopper = await shop.shoppers.signUp('stacker');
    const kenya = (await shop.shoppers.inject('GET', '/api/products/kenya')).json<Product>();
    const size = kenya.sizes.find((s) => s.code === '90x60')!;
    expect((await shop.shoppers.inject('POST', '/api/cart', shopper.cookie, { sessionId: shopper.cartId, productId: kenya.id, sizeId: size.id, quantity: 10 })).statusCode).toBe(201);
    const applied = await shop.shoppers.inject('POST', '/api/checkout/discount', shopper.cookie, { code: 'STACK-TEN', deliveryFeeCents: PAXI_STANDARD_FEE_CENTS });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json<{ discountCents: number }>().discountCents).toBe(Math.round((10 * Math.round(effectivePriceCents(size) * 0.9) * 10) / 100));
  });
});
