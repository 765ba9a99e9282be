import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { adminAuditLog, productSizes } from '../db/schema';
import { describeShop } from '../testing/describe-shop';
import { TEST_PUBLIC_URL } from '../testing/test-support';
import { signedIn } from '../testing/test-admin';
import { effectivePriceCents, type ListedProduct, type Product } from '../../shared/product';
import type { AdminProduct } from '../../shared/product-admin';
import type { CartView } from '../../shared/api/responses';

const origin = { origin: TEST_PUBLIC_URL };
const ADMIN = 'size-room@example.co.za';
const NO_SUCH = '00000000-0000-4000-8000-000000000000';

describeShop('the sizes of flags on the order desk', { env: { ADMIN_EMAILS: ADMIN } }, (shop) => {
  let admin: string;
  let shopper: string;
  let kenya: Product;
  let japan: Product;

  beforeAll(async () => {
    admin = await signedIn(shop.testApp, { name: 'Size Room', email: ADMIN, password: 'flags-for-all-1' });
    shopper = await signedIn(shop.testApp, { name: 'Just Browsing', email: 'sizes-browsing@example.co.za', password: 'flags-for-all-1' });
    kenya = (await call('GET', '/api/products/kenya')).json<Product>();
    japan = (await call('GET', '/api/products/japan')).json<Product>();
  });

  function call(method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object, cookie = admin) {
    return shop.app.inject({ method, url, payload, headers: { ...origin, ...(cookie ? { cookie } : {}) } });
  }
  const sizesUrl = (product: Product) => `/api/admin/products/${product.id}/sizes`;
  const storefront = async (slug: string) => (await call('GET', `/api/products/${slug}`)).json<Product>();
  const auditOf = async (targetId: string) => (await shop.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, targetId))).map((row) => row.summary);
  const bigKenya = { code: '180x120', label: '180 × 120 cm', sku: 'kenya-180x120', priceCents: 26_000, stockQuantity: 4, weightGrams: 400 };
  const addToCart = (sessionId: string, productId: string, sizeId?: string, quantity = 1) =>
    call('POST', '/api/cart', { sessionId, productId, sizeId, quantity }, '');

  it('lets only admins in: 401 signed out, 403 for a shopper', async () => {
    for (const [method, url, payload] of [
      ['POST', sizesUrl(kenya), bigKenya],
      ['PATCH', `${sizesUrl(kenya)}/${kenya.sizes[0]!.id}`, { priceCents: 1_000 }],
      ['PUT', `${sizesUrl(kenya)}/order`, { order: [] }],
      ['POST', '/api/admin/sizes/price', { code: '90x60', priceCents: 9_900 }],
    ] as const) {
      expect((await call(method, url, payload, '')).statusCode).toBe(401);
      expect((await call(method, url, payload, shopper)).statusCode).toBe(403);
    }
  });

  it('seeds every flag in 150 × 90 cm at its price, 90 × 60 cm and a desk flag by the owner’s rule', async () => {
    expect(kenya.sizes.map((size) => [size.code, size.label, size.sku])).toEqual([
      ['150x90', '150 × 90 cm', 'KENYA-150X90'],
      ['90x60', '90 × 60 cm', 'KENYA-90X60'],
      ['desk', 'Desk flag', 'KENYA-DESK'],
    ]);
    const [standard, small, desk] = kenya.sizes;
    expect(kenya.priceCents).toBe(standard!.priceCents);
    expect(small!.priceCents).toBe(Math.round((standard!.priceCents * 0.7) / 500) * 500);
    expect(desk!.priceCents).toBe(Math.round((standard!.priceCents * 0.4) / 500) * 500);
  });

  it('adds a 180 × 120 cm size with its stock: the shop shows it at once, and a cart holds two sizes of one flag as two lines', async () => {
    const added = await call('POST', sizesUrl(kenya), bigKenya);
    expect(added.statusCode).toBe(201);
    const big = added.json<AdminProduct>().allSizes.at(-1)!;
    expect(big).toMatchObject({ code: '180x120', label: '180 × 120 cm', sku: 'KENYA-180X120', priceCents: 26_000, stockQuantity: 4, weightGrams: 400, isActive: true, position: 3 });
    expect((await storefront('kenya')).sizes.at(-1)).toMatchObject({ id: big.id, price: '260.00', stockQuantity: 4 });
    expect(await auditOf(kenya.id)).toContain('Added the size 180 × 120 cm (KENYA-180X120) to Kenya at R260.00, stock 4');

    const cart = 'sizes-cart-0000000000001';
    expect((await addToCart(cart, kenya.id, big.id, 2)).statusCode).toBe(201);
    expect((await addToCart(cart, kenya.id)).statusCode).toBe(201);
    const lines = (await call('GET', `/api/cart/${cart}`, undefined, '')).json<CartView>().cartItems;
    expect(lines.map((line) => [line.sizeLabel, line.quantity, line.priceCents, line.stockLeft])).toEqual([
      ['180 × 120 cm', 2, 26_000, 4],
      ['150 × 90 cm', 1, effectivePriceCents(kenya.sizes[0]!), null],
    ]);
    const tooMany = await addToCart(cart, kenya.id, big.id, 3);
    expect(tooMany.json()).toEqual({ message: 'Sorry, only 4 Kenya flags in 180 × 120 cm are left. Your cart already has 2.', code: 'out_of_stock' });
  });

  it.each([
    [{ ...bigKenya, code: 'Big Flag!' }, 400, 'The size code goes in the web address'],
    [{ ...bigKenya, code: '240x160', label: 'Big\u0000flag' }, 400, 'label contains a NUL character'],
    [{ ...bigKenya, code: '240x160', label: 'Big\u0007flag' }, 400, 'label contains a control character (U+0007)'],
    [{ ...bigKenya, code: '240x160', label: ' ' }, 400, 'Please name the size as shoppers read it'],
    [{ ...bigKenya, code: '240x160', sku: 'KENYA 240' }, 400, 'The SKU may use capital letters, digits and dashes'],
    [{ ...bigKenya, code: '240x160', sku: 'KENYA-240', priceCents: 0 }, 400, 'Please enter the price in rand'],
    [{ ...bigKenya, code: '240x160', sku: 'KENYA-240', priceCents: -500 }, 400, 'Please enter the price in rand'],
    [{ ...bigKenya, code: '240x160', sku: 'KENYA-240', priceCents: 10_000_001 }, 400, 'The price can be at most R100 000.00'],
    [{ ...bigKenya, code: '240x160', sku: 'KENYA-240', priceCents: '260' }, 400, 'Please enter the price in rand'],
    [{ ...bigKenya, code: '240x160', sku: 'KENYA-240', salePriceCents: 26_000 }, 400, 'The sale price must be lower than the price'],
    [{ ...bigKenya, code: '240x160', sku: 'KENYA-240', stockQuantity: 1e9 }, 400, 'Stock must be a whole number'],
    [{ ...bigKenya, code: '240x160', sku: 'KENYA-240', colour: 'red' }, 400, 'colour'],
    [{ ...bigKenya, code: '240x160', sku: 'JAPAN-90X60' }, 409, 'The SKU JAPAN-90X60 is already used by Japan (90 × 60 cm)'],
    [{ ...bigKenya, code: '90x60', sku: 'KENYA-90X60-B' }, 409, 'This flag already has a size with the code 90x60 (90 × 60 cm)'],
  ])('refuses a size %j with %i in words, adding nothing', async (payload, status, message) => {
    const before = await shop.db.select({ id: productSizes.id }).from(productSizes);
    const res = await call('POST', sizesUrl(kenya), payload);
    expect(res.statusCode).toBe(status);
    expect(res.json<{ message: string }>().message).toContain(message);
    expect(await shop.db.select({ id: productSizes.id }).from(productSizes)).toHaveLength(before.length);
  });

  it('answers a size of another flag, or an unknown flag or size, with 404', async () => {
    expect((await call('PATCH', `${sizesUrl(kenya)}/${japan.sizes[0]!.id}`, { priceCents: 1_000 })).json()).toEqual({ message: 'Size not found', code: 'not_found' });
    expect((await call('PATCH', `${sizesUrl(kenya)}/not-a-uuid`, { priceCents: 1_000 })).statusCode).toBe(404);
    expect((await call('POST', `/api/admin/products/${NO_SUCH}/sizes`, bigKenya)).json()).toEqual({ message: 'Product not found', code: 'not_found' });
    const otherFlags = await addToCart('sizes-cart-0000000000002', kenya.id, japan.sizes[1]!.id);
    expect(otherFlags.statusCode).toBe(404);
    expect(otherFlags.json()).toEqual({ message: 'This flag is not sold in that size', code: 'not_found' });
    expect((await addToCart('sizes-cart-0000000000002', kenya.id, 'not-a-size')).json<{ message: string }>().message).toBe('Invalid size id');
  });

  it('changes a size with an audit line, and a switched-off size leaves the shop and cannot be added', async () => {
    const desk = japan.sizes.find((size) => size.code === 'desk')!;
    const changed = await call('PATCH', `${sizesUrl(japan)}/${desk.id}`, { priceCents: 6_500, isActive: false });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<AdminProduct>().allSizes.find((size) => size.id === desk.id)).toMatchObject({ priceCents: 6_500, isActive: false });
    expect((await storefront('japan')).sizes.map((size) => size.code)).toEqual(['150x90', '90x60']);
    expect(await auditOf(japan.id)).toContain(`Changed Japan (Desk flag): price ${'R' + (desk.priceCents / 100).toFixed(2)} → R65.00; switched off`);
    const refused = await addToCart('sizes-cart-0000000000003', japan.id, desk.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe('Japan (Desk flag) is no longer sold. Please choose another size.');
  });

  it('refuses to switch off the last size on sale: hiding the flag says that', async () => {
    const [standard, small] = japan.sizes;
    expect((await call('PATCH', `${sizesUrl(japan)}/${small!.id}`, { isActive: false })).statusCode).toBe(200);
    const last = await call('PATCH', `${sizesUrl(japan)}/${standard!.id}`, { isActive: false });
    expect(last.statusCode).toBe(409);
    expect(last.json<{ message: string }>().message).toBe('150 × 90 cm is the last size of Japan on sale. To stop selling the flag, hide it from the shop instead.');
    expect((await storefront('japan')).sizes.map((size) => size.code)).toEqual(['150x90']);
  });

  it('puts the sizes in a new order: the first is the page’s main size, whose price the flag shows', async () => {
    const ids = kenya.sizes.map((size) => size.id);
    const wrong = await call('PUT', `${sizesUrl(kenya)}/order`, { order: ids });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ message: string }>().message).toBe('The order must list each of the 4 sizes of Kenya once');
    const all = (await call('GET', '/api/admin/products')).json<{ products: AdminProduct[] }>().products.find((p) => p.id === kenya.id)!.allSizes;
    const small = all.find((size) => size.code === '90x60')!;
    const reordered = await call('PUT', `${sizesUrl(kenya)}/order`, { order: [small.id, ...all.filter((size) => size !== small).map((size) => size.id)] });
    expect(reordered.statusCode).toBe(200);
    const shown = await storefront('kenya');
    expect(shown.sizes[0]!.code).toBe('90x60');
    expect(shown.priceCents).toBe(small.priceCents);
    expect(await auditOf(kenya.id)).toContain('Put the sizes of Kenya in the order 90 × 60 cm, 150 × 90 cm, Desk flag, 180 × 120 cm');
  });

  it('sets the price of one size on every flag at once, with one audit line', async () => {
    const flags = (await call('GET', '/api/products')).json<ListedProduct[]>();
    const res = await call('POST', '/api/admin/sizes/price', { code: '90x60', priceCents: 9_900 });
    expect(res.statusCode).toBe(200);
    const everyFlag = (await call('GET', '/api/admin/products')).json<{ products: AdminProduct[] }>().products;
    expect(res.json()).toEqual({ code: '90x60', flags: everyFlag.length });
    const after = (await call('GET', '/api/products')).json<ListedProduct[]>();
    expect(after).toHaveLength(flags.length);
    for (const flag of after) expect((await storefront(flag.slug)).sizes.find((size) => size.code === '90x60')?.price ?? '99.00').toBe('99.00');
    expect(await auditOf('90x60')).toEqual([`Set the price of every 90 × 60 cm flag to R99.00 (${everyFlag.length} flags)`]);

    expect((await call('POST', '/api/admin/sizes/price', { code: '45x30', priceCents: 5_000 })).json()).toEqual({ message: 'No flag is sold in a size with the code 45x30', code: 'not_found' });
    for (const payload of [{ code: '90x60', priceCents: 0 }, { code: '90x60', priceCents: 10_000_001 }, { code: '90x60\u0000', priceCents: 9_900 }, { code: '90x60', priceCents: 9_900, salePriceCents: 9_900 }]) {
      expect((await call('POST', '/api/admin/sizes/price', payload)).statusCode).toBe(400);
    }
  });
});
