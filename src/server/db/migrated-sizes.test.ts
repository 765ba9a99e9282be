/**
 * A shop that sold each flag at one price and one stock, upgraded to sizes: every flag becomes one
 * 150 × 90 cm size with its price, sale price, stock and packing, and its carts and open checkouts
 * carry on as they were.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_PUBLIC_URL, type TestApp } from '../testing/test-support';
import { databasesMadeAt } from '../testing/made-before';
import { mainSizeOf } from '../testing/main-size';
import { releaseStock } from '../inventory/stock';
import type { CartView } from '../../shared/api/responses';
import type { Product } from '../../shared/product';

const KENYA = '0b4530b0-aaec-4dd9-ae1d-b1370a9407b7';
const JAPAN = '67e42978-3a8c-4a5a-bd03-e2046a8d8d1f';
const CART = 'cart-made-before-sizes-0001';
const CHECKOUT = '5d1e0f3c-7a52-4a8e-9a57-0d7c1f0e2a11';

/** Two flags (Kenya counted, on sale and heavier; Japan made to order), a cart of both, and an open checkout holding 2 Kenyan flags. */
const data = `
INSERT INTO products (id, slug, name, description, price_cents, sale_price_cents, stock_quantity, region, weight_grams, folded_length_cm, folded_width_cm, folded_height_cm)
VALUES ('${KENYA}', 'kenya', 'KENYA', 'The flag of Kenya.', 15000, 12500, 3, 'Africa', 900, 40, 30, 4),
       ('${JAPAN}', 'japan', 'JAPAN', 'The flag of Japan.', 13000, NULL, NULL, 'Asia', 200, 30, 20, 2);
INSERT INTO product_images (product_id, url, alt_text) VALUES ('${KENYA}', '/flags/4x3/ke.svg', 'Flag of Kenya'), ('${JAPAN}', '/flags/4x3/jp.svg', 'Flag of Japan');
INSERT INTO cart_items (session_id, product_id, quantity, created_at) VALUES ('${CART}', '${KENYA}', 2, now() - interval '2 minutes'), ('${CART}', '${JAPAN}', 30, now() - interval '1 minute');
INSERT INTO checkouts (id, cart_session_id, provider, subtotal_cents, delivery_fee_cents, total_cents, snapshot, stock_held, expires_at)
VALUES ('${CHECKOUT}', 'cart-of-another-shopper-01', 'sandbox', 25000, 6000, 31000,
  '{"customer":{"firstName":"Thandi","lastName":"Nkosi","email":"thandi@example.co.za","phone":"+27821234567"},"delivery":{"method":"paxi","speed":"standard","point":{"code":"P1","name":"PEP Rondebosch","address":"1 Main Rd","town":"Cape Town","province":"Western Cape","postalCode":"7700"}},"items":[{"productId":"${KENYA}","productName":"KENYA","productImage":null,"unitPriceCents":12500,"quantity":2}],"heldStock":[{"productId":"${KENYA}","quantity":2}]}',
  true, now() + interval '1 hour');
`;

describe.each(databasesMadeAt('0024_cart_line_limit', data))('a shop of one size per flag, upgraded to sizes, on $name', (target) => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await startTestApp(target);
  });
  afterAll(async () => {
    await shop?.close();
  });

  const get = (url: string) => shop.app.inject({ method: 'GET', url, headers: { origin: TEST_PUBLIC_URL } });

  it('sells each flag in one 150 × 90 cm size at its price, sale price and stock, with its packing', async () => {
    const kenya = (await get(`/api/products/${KENYA}`)).json<Product>();
    expect(kenya).toMatchObject({ price: '150.00', priceCents: 15000, salePriceCents: 12500, stockQuantity: 3 });
    expect(kenya.sizes).toEqual([
      {
        id: expect.any(String),
        code: '150x90',
        label: '150 × 90 cm',
        material: null,
        sku: 'KENYA-150X90',
        price: '150.00',
        priceCents: 15000,
        salePrice: '125.00',
        salePriceCents: 12500,
        stockQuantity: 3,
        weightGrams: 900,
      },
    ]);
    expect((await get(`/api/products/${JAPAN}`)).json<Product>().sizes).toMatchObject([{ code: '150x90', sku: 'JAPAN-150X90', priceCents: 13000, stockQuantity: null }]);
    expect(await mainSizeOf(shop.database.db, 'kenya')).toMatchObject({ weightGrams: 900, foldedLengthCm: 40, foldedWidthCm: 30, foldedHeightCm: 4 });
  });

  it('keeps the cart as it was, each line now in its size, and adds to the same line', async () => {
    const cart = (await get(`/api/cart/${CART}`)).json<CartView>();
    expect(cart.cartItems.map((line) => [line.productId, line.sizeLabel, line.quantity, line.priceCents])).toEqual([
      [KENYA, '150 × 90 cm', 2, 12500],
      [JAPAN, '150 × 90 cm', 30, 13000],
    ]);
    expect(cart.subtotalCents).toBe(2 * 12500 + 30 * 13000);
    const added = await shop.app.inject({ method: 'POST', url: '/api/cart', headers: { origin: TEST_PUBLIC_URL }, payload: { sessionId: CART, productId: JAPAN, quantity: 1 } });
    expect(added.statusCode).toBe(201);
    expect((await get(`/api/cart/${CART}`)).json<CartView>().cartItems.map((line) => line.quantity)).toEqual([2, 31]);
  });

  it('gives the flags an open checkout held back to their size when it ends unpaid', async () => {
    expect(await shop.database.db.transaction((tx) => releaseStock(tx, CHECKOUT))).toBe(true);
    expect((await mainSizeOf(shop.database.db, 'kenya')).stockQuantity).toBe(5);
  });
});
