import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { checkouts, orders } from '../db/schema';
import { mainSizeOf, setMainSize } from '../testing/main-size';
import type { Shopper } from '../testing/test-orders';
import { PAXI_STANDARD_FEE_CENTS } from '../../shared/shop-facts';
import { TEST_PUBLIC_URL } from '../testing/test-support';
import { describeShop } from '../testing/describe-shop';
import type { Product, ListedProduct } from '../../shared/product';

const origin = { origin: TEST_PUBLIC_URL };

describeShop('stock at checkout', { pickupPoints: true }, (shop) => {
  let pointId: string;
  let kenya: Product;
  let japan: Product;

  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: object) =>
    shop.app.inject({ method, url, payload, headers: { ...origin, ...(cookie ? { cookie } : {}) } });

  const signUp = (label: string) => shop.shoppers.signUp(label);

  const addToCart = (shopper: Shopper, product: Product, quantity: number) =>
    inject('POST', '/api/cart', shopper.cookie, { sessionId: shopper.cartId, productId: product.id, quantity });

  async function shopperWith(label: string, product: Product, quantity: number): Promise<Shopper> {
    const shopper = await signUp(label);
    expect((await addToCart(shopper, product, quantity)).statusCode).toBe(201);
    return shopper;
  }

  async function startCheckout(shopper: Shopper) {
    const cart = (await inject('GET', `/api/cart/${shopper.cartId}`, shopper.cookie)).json<{ subtotalCents: number }>();
    return shop.shoppers.createCheckout(shopper, shop.shoppers.checkoutBody(cart.subtotalCents + PAXI_STANDARD_FEE_CENTS, pointId));
  }

  async function openCheckout(shopper: Shopper): Promise<{ id: string; redirectUrl: string }> {
    const res = await startCheckout(shopper);
    expect(res.statusCode).toBe(200);
    return res.json();
  }

  const setStock = (product: Product, stockQuantity: number | null) =>
    setMainSize(shop.db, product.id, { stockQuantity });
  const stockOf = async (product: Product) =>
    (await mainSizeOf(shop.db, product.id)).stockQuantity;
  const checkoutRow = async (id: string) => (await shop.db.select().from(checkouts).where(eq(checkouts.id, id)))[0]!;
  const sandboxStep = (redirectUrl: string, step: 'pay' | 'cancel' | 'decline') => inject('POST', `${new URL(redirectUrl).pathname}/${step}`);
  const cancel = (shopper: Shopper, checkoutId: string) => inject('POST', '/api/payments/cancel', shopper.cookie, { checkoutId });

  beforeAll(async () => {
    const points = await inject('POST', '/api/paxi-points', undefined, { address: 'Sea Point, Cape Town', radiusKm: 8 });
    pointId = points.json<{ paxiPoints: { id: string }[] }>().paxiPoints[0]!.id;
    kenya = (await inject('GET', '/api/products/kenya')).json<Product>();
    japan = (await inject('GET', '/api/products/japan')).json<Product>();
  });
  beforeEach(async () => {
    await setStock(kenya, null);
    await setStock(japan, null);
  });

  it('sells the last flag to exactly one of five shoppers paying at once; the others hear how many are left', async () => {
    await setStock(kenya, 5);
    const shoppers = await Promise.all([1, 2, 3, 4, 5].map((n) => shopperWith(`rush-${n}`, kenya, 1)));
    await setStock(kenya, 1);

    const answers = await Promise.all(shoppers.map((s) => startCheckout(s)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(refused.json()).toEqual({
        message: 'Sorry, the Kenya flag in 150 × 90 cm is sold out. Please change the quantity in your cart and try again.',
        code: 'out_of_stock',
        productId: kenya.id,
        sizeId: kenya.sizes[0]!.id,
        stockQuantity: 0,
      });
    }
    expect(await stockOf(kenya)).toBe(0);
    const winner = answers.find((a) => a.statusCode === 200)!.json<{ id: string }>();
    expect(await checkoutRow(winner.id)).toMatchObject({ stockHeld: true, snapshot: { heldStock: [{ productId: kenya.id, sizeId: kenya.sizes[0]!.id, quantity: 1 }] } });
    // The product list says so too (within the second it takes to notice).
    await expect.poll(async () => (await inject('GET', '/api/products')).json<ListedProduct[]>().find((p) => p.id === kenya.id)?.stockQuantity).toBe(0);
  });

  it('takes nothing when one flag of the order is short, and names that flag', async () => {
    await setStock(kenya, 5);
    await setStock(japan, 3);
    const shopper = await shopperWith('two-flags', kenya, 2);
    expect((await addToCart(shopper, japan, 3)).statusCode).toBe(201);
    await setStock(japan, 2);

    const refused = await startCheckout(shopper);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Sorry, only 2 Japan flags in 150 × 90 cm are left. Please change the quantity in your cart and try again.');
    expect([await stockOf(kenya), await stockOf(japan)]).toEqual([5, 2]);
  });

  it('gives the stock back once when the shopper cancels, and the flag can be bought again', async () => {
    await setStock(kenya, 1);
    const first = await shopperWith('canceller', kenya, 1);
    const { id, redirectUrl } = await openCheckout(first);
    expect(await stockOf(kenya)).toBe(0);

    expect((await sandboxStep(redirectUrl, 'cancel')).statusCode).toBe(303);
    const cancelled = await cancel(first, id);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({ status: 'cancelled' });
    expect((await cancel(first, id)).json()).toEqual({ status: 'cancelled' });
    expect(await stockOf(kenya)).toBe(1);
    expect(await checkoutRow(id)).toMatchObject({ status: 'cancelled', stockHeld: false });

    const stranger = await signUp('stranger');
    expect((await cancel(stranger, id)).statusCode).toBe(404);

    const second = await shopperWith('second-chance', kenya, 1);
    await openCheckout(second);
    expect(await stockOf(kenya)).toBe(0);
  });

  it('gives the stock back when the payment is declined or the checkout expires, once however often it is settled', async () => {
    await setStock(kenya, 2);
    const decliner = await shopperWith('decliner', kenya, 1);
    const declined = await openCheckout(decliner);
    await sandboxStep(declined.redirectUrl, 'decline');
    expect((await inject('GET', `/api/payments/yoco/verify/${declined.id}`, decliner.cookie)).json()).toMatchObject({ status: 'failed' });
    expect(await checkoutRow(declined.id)).toMatchObject({ status: 'failed', stockHeld: false });
    expect(await stockOf(kenya)).toBe(2);

    const leaver = await shopperWith('leaver', kenya, 2);
    const stale = await openCheckout(leaver);
    expect(await stockOf(kenya)).toBe(0);
    await shop.db
      .update(checkouts)
      .set({ createdAt: new Date(Date.now() - 2 * 60 * 60_000), expiresAt: new Date(Date.now() - 60 * 60_000) })
      .where(eq(checkouts.id, stale.id));
    const [round1, round2] = await Promise.all([shop.app.reconcileCheckouts(), shop.app.reconcileCheckouts()]);
    expect(round1.expired + round2.expired).toBe(1);
    expect(await checkoutRow(stale.id)).toMatchObject({ status: 'expired', stockHeld: false });
    expect(await stockOf(kenya)).toBe(2);
    // Its page was closed before the flags went back: it takes no late payment.
    expect((await sandboxStep(stale.redirectUrl, 'pay')).statusCode).toBe(409);
    expect((await cancel(leaver, stale.id)).json()).toEqual({ status: 'expired' });
    expect(await stockOf(kenya)).toBe(2);
  });

  it('keeps the stock taken when the checkout is paid', async () => {
    await setStock(kenya, 3);
    const buyer = await shopperWith('buyer', kenya, 2);
    const { id, redirectUrl } = await openCheckout(buyer);
    await sandboxStep(redirectUrl, 'pay');
    expect((await inject('POST', '/api/payments/complete', buyer.cookie, { checkoutId: id })).statusCode).toBe(200);
    expect(await checkoutRow(id)).toMatchObject({ status: 'paid', stockHeld: true });
    expect(await stockOf(kenya)).toBe(1);
    // Settling it again gives nothing back.
    expect((await cancel(buyer, id)).json()).toEqual({ status: 'paid' });
    expect(await stockOf(kenya)).toBe(1);
  });

  it('sends a shopper who went back from the payment page to the same page; a changed order closes the old page and takes its flags over', async () => {
    await setStock(kenya, 1);
    const shopper = await shopperWith('back-button', kenya, 1);
    const old = await openCheckout(shopper);
    expect(await openCheckout(shopper)).toEqual(old);
    expect(await stockOf(kenya)).toBe(0);

    expect((await addToCart(shopper, japan, 1)).statusCode).toBe(201);
    const changed = await openCheckout(shopper);
    expect(changed.id).not.toBe(old.id);
    expect(await checkoutRow(old.id)).toMatchObject({ status: 'cancelled', stockHeld: false });
    expect(await checkoutRow(changed.id)).toMatchObject({ status: 'open', stockHeld: true });
    expect(await stockOf(kenya)).toBe(0);

    // The old page can no longer be paid: the last Kenya flag is the new page's.
    const late = await sandboxStep(old.redirectUrl, 'pay');
    expect(late.statusCode).toBe(409);
    expect(late.body).toContain('The shop closed this payment page');
    expect(await shop.db.select().from(orders).where(eq(orders.checkoutId, old.id))).toEqual([]);
    expect(await stockOf(kenya)).toBe(0);
  });

  it('refuses to put more in the cart than is left, with a clear message; uncounted flags are always for sale', async () => {
    await setStock(kenya, 2);
    const shopper = await signUp('cart-stock');
    expect((await addToCart(shopper, kenya, 2)).statusCode).toBe(201);
    const more = await addToCart(shopper, kenya, 1);
    expect(more.statusCode).toBe(409);
    expect(more.json()).toEqual({ message: 'Sorry, only 2 Kenya flags in 150 × 90 cm are left. Your cart already has 2.', code: 'out_of_stock' });

    await setStock(kenya, 0);
    const other = await signUp('sold-out');
    expect((await addToCart(other, kenya, 1)).json()).toEqual({ message: 'Sorry, the Kenya flag in 150 × 90 cm is sold out.', code: 'out_of_stock' });

    // Changing the quantity: going up past the stock is refused, going down is fine.
    await setStock(kenya, 1);
    const line = (await inject('GET', `/api/cart/${shopper.cartId}`, shopper.cookie)).json<{ cartItems: { id: string }[] }>().cartItems[0]!;
    const put = (quantity: number) =>
      shop.app.inject({ method: 'PUT', url: `/api/cart/${line.id}`, payload: { quantity }, headers: { ...origin, cookie: shopper.cookie, 'x-cart-session-id': shopper.cartId } });
    expect((await put(3)).json()).toEqual({ message: 'Sorry, only 1 Kenya flag in 150 × 90 cm is left.', code: 'out_of_stock' });
    expect((await put(1)).statusCode).toBe(200);

    expect((await addToCart(shopper, japan, 10)).statusCode).toBe(201);
  });

  it('never lets stock go below zero, whatever writes it', async () => {
    await setStock(kenya, 1);
    await expect(setStock(kenya, -1)).rejects.toThrow();
    expect(await stockOf(kenya)).toBe(1);
  });
});
