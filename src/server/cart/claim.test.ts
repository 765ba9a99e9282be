import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import type { Product } from '../../shared/product';
import { TEST_PUBLIC_URL } from '../testing/test-support';
import { describeShop } from '../testing/describe-shop';
import type { ClaimedCart } from './service';
import type { CartView } from './service';
import { setMainSize } from '../testing/main-size';

const newSession = () => `sess_${randomUUID().replaceAll('-', '')}`;
const headers = { origin: TEST_PUBLIC_URL };

describeShop('carts of signed-in shoppers', {}, (shop) => {
  let southAfrica: Product;
  let kenya: Product;
  let japan: Product;

  beforeAll(async () => {
    const product = async (slug: string) => (await shop.app.inject({ url: `/api/products/${slug}` })).json<Product>();
    [southAfrica, kenya, japan] = await Promise.all([product('south-africa'), product('kenya'), product('japan')]);
  });

  /** Signs up a new shopper (a browser of its own) and gives its session cookie. */
  async function signUp(name: string): Promise<string> {
    const account = { name, email: `${name.toLowerCase()}-${randomUUID().slice(0, 8)}@example.co.za`, password: 'cart-pass-1' };
    expect((await shop.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', headers, payload: account })).statusCode).toBe(200);
    const res = await shop.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers, payload: account });
    expect(res.statusCode).toBe(200);
    const cookie = [res.headers['set-cookie']].flat().find((c) => c?.startsWith('better-auth.session_token='));
    return cookie!.split(';')[0]!;
  }
  const add = async (sessionId: string, product: Product, quantity: number, cookie?: string) =>
    shop.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: { ...headers, ...(cookie ? { cookie } : {}) },
      payload: { sessionId, productId: product.id, quantity },
    });
  const claim = (cookie: string | undefined, sessionId?: string) =>
    shop.app.inject({
      method: 'POST',
      url: '/api/cart/claim',
      headers: { ...headers, ...(cookie ? { cookie } : {}) },
      payload: sessionId ? { sessionId } : {},
    });
  const readCart = (sessionId: string, cookie?: string) =>
    shop.app.inject({ url: `/api/cart/${sessionId}`, headers: cookie ? { cookie } : {} });
  const lines = (cart: CartView) => Object.fromEntries(cart.cartItems.map((i) => [i.productName, i.quantity]));

  it('needs a signed-in shopper', async () => {
    const res = await claim(undefined, newSession());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Not authenticated', code: 'not_signed_in' });
  });

  it('merges the anonymous cart into the shopper cart on sign-in, the same flag keeping the larger quantity, says what the saved cart added, and follows the shopper to another device', async () => {
    const cookie = await signUp('Naledi');
    const laptop = newSession();
    expect((await add(laptop, southAfrica, 2)).statusCode).toBe(201);
    const first = await claim(cookie, laptop);
    expect(first.statusCode).toBe(200);
    const own = first.json<ClaimedCart>();
    expect(own.sessionId).not.toBe(laptop);
    expect(lines(own)).toEqual({ 'SOUTH AFRICA': 2 });
    expect(own.itemCount).toBe(2);
    expect(own.addedFromSavedCart).toBe(0);
    // The anonymous lines moved; nothing is left behind under the old id.
    expect((await readCart(laptop)).json<CartView>().cartItems).toEqual([]);

    // Another device, signed out, puts the same 2 South African flags and a Kenyan one in its cart,
    // then signs in: 2, not 4, and the saved cart added nothing the phone did not show.
    const phoneCookie = await signInAgain(cookie);
    const phone = newSession();
    await add(phone, southAfrica, 2);
    await add(phone, kenya, 1);
    const second = (await claim(phoneCookie, phone)).json<ClaimedCart>();
    expect(second.sessionId).toBe(own.sessionId);
    expect(lines(second)).toEqual({ 'SOUTH AFRICA': 2, KENYA: 1 });
    expect(second.addedFromSavedCart).toBe(0);

    // A third browser with 1 South African flag: the saved cart's 2 win, and it added 2 flags (one more SA, the Kenyan).
    const tablet = newSession();
    await add(tablet, southAfrica, 1);
    const third = (await claim(await signInAgain(cookie), tablet)).json<ClaimedCart>();
    expect(lines(third)).toEqual({ 'SOUTH AFRICA': 2, KENYA: 1 });
    expect(third.addedFromSavedCart).toBe(2);

    // The laptop sees the same cart.
    const laptopView = await readCart(own.sessionId, cookie);
    expect(laptopView.statusCode).toBe(200);
    expect(lines(laptopView.json<CartView>())).toEqual({ 'SOUTH AFRICA': 2, KENYA: 1 });
  });

  it('merges keeping the larger of two lines of one flag, within the flags left', async () => {
    const cookie = await signUp('Sipho');
    const saved = newSession();
    await add(saved, japan, 10);
    await add(saved, kenya, 6);
    await claim(cookie, saved);
    const browser = newSession();
    await add(browser, japan, 9);
    await add(browser, kenya, 5);
    // Since then, fewer Kenyan flags are left than either cart holds.
    await setMainSize(shop.db, kenya.id, { stockQuantity: 4 });
    try {
      const merged = (await claim(await signInAgain(cookie), browser)).json<ClaimedCart>();
      expect(lines(merged)).toEqual({ JAPAN: 10, KENYA: 4 });
      expect(merged.addedFromSavedCart).toBe(0);
    } finally {
      await setMainSize(shop.db, kenya.id, { stockQuantity: null });
    }
  });

  /** A second browser session of the shopper behind `cookie`: signs in again with the same email. */
  async function signInAgain(cookie: string): Promise<string> {
    const session = (await shop.app.inject({ url: '/api/auth/get-session', headers: { cookie } })).json<{ user: { email: string } }>();
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers,
      payload: { email: session.user.email, password: 'cart-pass-1' },
    });
    expect(res.statusCode).toBe(200);
    return [res.headers['set-cookie']].flat().find((c) => c?.startsWith('better-auth.session_token='))!.split(';')[0]!;
  }

  it('claiming twice, or with no anonymous cart, gives the same cart and loses nothing', async () => {
    const cookie = await signUp('Kagiso');
    const browser = newSession();
    await add(browser, japan, 3);
    const [a, b] = await Promise.all([claim(cookie, browser), claim(cookie, browser)]);
    expect(a.json<ClaimedCart>().sessionId).toBe(b.json<ClaimedCart>().sessionId);
    const again = (await claim(cookie)).json<ClaimedCart>();
    expect(again.sessionId).toBe(a.json<ClaimedCart>().sessionId);
    expect(lines(again)).toEqual({ JAPAN: 3 });
  });

  it('keeps a shopper cart away from everyone else, even with its id', async () => {
    const owner = await signUp('Themba');
    const { sessionId } = (await claim(owner)).json<ClaimedCart>();
    expect((await add(sessionId, kenya, 1, owner)).statusCode).toBe(201);
    const itemId = (await readCart(sessionId, owner)).json<CartView>().cartItems[0]!.id;

    const stranger = await signUp('Mpho');
    for (const cookie of [undefined, stranger]) {
      expect((await readCart(sessionId, cookie)).statusCode).toBe(404);
      expect((await add(sessionId, japan, 1, cookie)).statusCode).toBe(404);
      const put = await shop.app.inject({
        method: 'PUT',
        url: `/api/cart/${itemId}`,
        headers: { ...headers, 'x-cart-session-id': sessionId, ...(cookie ? { cookie } : {}) },
        payload: { quantity: 5 },
      });
      expect(put.statusCode).toBe(404);
      const clear = await shop.app.inject({
        method: 'DELETE',
        url: `/api/cart/clear/${sessionId}`,
        headers: { ...headers, ...(cookie ? { cookie } : {}) },
      });
      expect(clear.statusCode).toBe(404);
    }
    // Claiming someone else's cart id as one's own anonymous cart moves nothing.
    const strangerCart = (await claim(stranger, sessionId)).json<ClaimedCart>();
    expect(strangerCart.cartItems).toEqual([]);
    expect(lines((await readCart(sessionId, owner)).json<CartView>())).toEqual({ KENYA: 1 });
  });
});
