import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../shared/product';
import { startTestApp, testDatabases, TEST_PUBLIC_URL, type TestApp } from '../testing/test-support';
import type { CartView } from './service';

const newSession = () => `sess_${randomUUID().replaceAll('-', '')}`;
const headers = { origin: TEST_PUBLIC_URL };
type ClaimedCart = CartView & { sessionId: string };

describe.each(testDatabases())('carts of signed-in shoppers on $name', (target) => {
  let t: TestApp;
  let southAfrica: Product;
  let kenya: Product;
  let japan: Product;

  beforeAll(async () => {
    t = await startTestApp(target);
    const product = async (slug: string) => (await t.app.inject({ url: `/api/products/${slug}` })).json<Product>();
    [southAfrica, kenya, japan] = await Promise.all([product('south-africa'), product('kenya'), product('japan')]);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Signs up a new shopper (a browser of its own) and gives its session cookie. */
  async function signUp(name: string): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers,
      payload: { name, email: `${name.toLowerCase()}-${randomUUID().slice(0, 8)}@example.co.za`, password: 'cart-pass-1' },
    });
    expect(res.statusCode).toBe(200);
    const cookie = [res.headers['set-cookie']].flat().find((c) => c?.startsWith('better-auth.session_token='));
    return cookie!.split(';')[0]!;
  }
  const add = async (sessionId: string, product: Product, quantity: number, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: { ...headers, ...(cookie ? { cookie } : {}) },
      payload: { sessionId, productId: product.id, quantity },
    });
  const claim = (cookie: string | undefined, sessionId?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/cart/claim',
      headers: { ...headers, ...(cookie ? { cookie } : {}) },
      payload: sessionId ? { sessionId } : {},
    });
  const readCart = (sessionId: string, cookie?: string) =>
    t.app.inject({ url: `/api/cart/${sessionId}`, headers: cookie ? { cookie } : {} });
  const lines = (cart: CartView) => Object.fromEntries(cart.cartItems.map((i) => [i.productName, i.quantity]));

  it('needs a signed-in shopper', async () => {
    const res = await claim(undefined, newSession());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Not authenticated', code: 'not_signed_in' });
  });

  it('merges the anonymous cart into the shopper cart on sign-in, adding quantities up to 10, and follows the shopper to another device', async () => {
    const cookie = await signUp('Naledi');
    const laptop = newSession();
    expect((await add(laptop, southAfrica, 2)).statusCode).toBe(201);
    const first = await claim(cookie, laptop);
    expect(first.statusCode).toBe(200);
    const own = first.json<ClaimedCart>();
    expect(own.sessionId).not.toBe(laptop);
    expect(lines(own)).toEqual({ 'SOUTH AFRICA': 2 });
    expect(own.itemCount).toBe(2);
    // The anonymous lines moved; nothing is left behind under the old id.
    expect((await readCart(laptop)).json<CartView>().cartItems).toEqual([]);

    // Another device, signed out, fills a cart and then signs in as the same shopper.
    const phoneCookie = await signInAgain(cookie);
    const phone = newSession();
    await add(phone, southAfrica, 9);
    await add(phone, kenya, 1);
    const second = (await claim(phoneCookie, phone)).json<ClaimedCart>();
    expect(second.sessionId).toBe(own.sessionId);
    expect(lines(second)).toEqual({ 'SOUTH AFRICA': 10, KENYA: 1 });

    // The laptop sees the same cart.
    const laptopView = await readCart(own.sessionId, cookie);
    expect(laptopView.statusCode).toBe(200);
    expect(lines(laptopView.json<CartView>())).toEqual({ 'SOUTH AFRICA': 10, KENYA: 1 });
  });

  /** A second browser session of the shopper behind `cookie`: signs in again with the same email. */
  async function signInAgain(cookie: string): Promise<string> {
    const session = (await t.app.inject({ url: '/api/auth/get-session', headers: { cookie } })).json<{ user: { email: string } }>();
    const res = await t.app.inject({
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
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/cart/${itemId}`,
        headers: { ...headers, 'x-cart-session-id': sessionId, ...(cookie ? { cookie } : {}) },
        payload: { quantity: 5 },
      });
      expect(put.statusCode).toBe(404);
      const clear = await t.app.inject({
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
