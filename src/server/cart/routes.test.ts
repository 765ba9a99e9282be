import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../shared/product';
import { describeShop } from '../testing/describe-shop';
import { createCartService, type CartView } from './service';
import type { CartItemView } from '../../shared/cart';
import { setMainSize } from '../testing/main-size';

/** A browser-made cart session id: long and random. */
const newSession = () => `sess_${randomUUID().replaceAll('-', '')}`;

describeShop('cart API', {}, (shop) => {
  let southAfrica: Product;
  let botswana: Product;

  beforeAll(async () => {
    southAfrica = (await shop.app.inject({ url: '/api/products/south-africa' })).json<Product>();
    botswana = (await shop.app.inject({ url: '/api/products/botswana' })).json<Product>();
  });

  const addToCart = (payload: object) => shop.app.inject({ method: 'POST', url: '/api/cart', payload });
  const getCart = async (sessionId: string) => {
    const res = await shop.app.inject({ url: `/api/cart/${sessionId}` });
    expect(res.statusCode).toBe(200);
    return res.json<CartView>();
  };
  const updateItem = (itemId: string, payload: unknown, sessionId?: string) =>
    shop.app.inject({
      method: 'PUT',
      url: `/api/cart/${itemId}`,
      headers: { 'content-type': 'application/json', ...(sessionId ? { 'x-cart-session-id': sessionId } : {}) },
      payload: JSON.stringify(payload),
    });
  const removeItem = (itemId: string, sessionId?: string) =>
    shop.app.inject({
      method: 'DELETE',
      url: `/api/cart/${itemId}`,
      headers: sessionId ? { 'x-cart-session-id': sessionId } : {},
    });
  const addLine = async (sessionId: string, product: Product, quantity = 1) => {
    const res = await addToCart({ sessionId, productId: product.id, quantity });
    expect(res.statusCode).toBe(201);
    return res.json<CartItemView>();
  };

  describe('POST /api/cart', () => {
    it('adds a product by id with the catalogue name, image and price', async () => {
      const sessionId = newSession();
      const res = await addToCart({ sessionId, productId: southAfrica.id, quantity: 2 });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        productId: southAfrica.id,
        productName: 'SOUTH AFRICA',
        productImage: southAfrica.primaryImage,
        price: 'R130.00',
        priceCents: 13000,
        quantity: 2,
      });
    });

    it('charges the sale price when a product is on sale', async () => {
      expect(botswana.salePriceCents).toBeLessThan(botswana.priceCents);
      const item = await addLine(newSession(), botswana);
      expect(item.priceCents).toBe(botswana.salePriceCents);
    });

    it("uses the database's price and image, not the browser's, for a spec-style client", async () => {
      const sessionId = newSession();
      const res = await addToCart({
        sessionId,
        productName: 'SOUTH AFRICA',
        price: 'R1.00',
        productImage: 'http://evil/x.png',
        quantity: 1,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        productId: southAfrica.id,
        productName: 'SOUTH AFRICA',
        productImage: southAfrica.primaryImage,
        price: 'R130.00',
        priceCents: 13000,
      });
      expect((await getCart(sessionId)).subtotalCents).toBe(13000);
    });

    it('defaults the quantity to 1', async () => {
      const res = await addToCart({ sessionId: newSession(), productId: southAfrica.id });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ quantity: 1 });
    });

    it('adds to the same line when the product is added again', async () => {
      const sessionId = newSession();
      const first = await addLine(sessionId, southAfrica, 2);
      const second = await addLine(sessionId, southAfrica, 3);
      expect(second.id).toBe(first.id);
      expect(second.quantity).toBe(5);
      const cart = await getCart(sessionId);
      expect(cart.cartItems).toHaveLength(1);
      expect(cart.itemCount).toBe(5);
    });

    it("refuses more than the shop's line limit (100 unless set) of one flag with 409 and leaves the line as it was", async () => {
      const sessionId = newSession();
      const line = await addLine(sessionId, southAfrica, 98);
      const res = await addToCart({ sessionId, productId: southAfrica.id, quantity: 3 });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'You can have at most 100 of one flag in your cart', code: 'conflict' });
      expect((await getCart(sessionId)).cartItems).toEqual([expect.objectContaining({ id: line.id, quantity: 98 })]);
      expect((await addToCart({ sessionId, productId: southAfrica.id, quantity: 2 })).statusCode).toBe(201);
      expect((await getCart(sessionId)).itemCount).toBe(100);
    });

    it('takes a dozen and more in one go, as a school orders', async () => {
      const sessionId = newSession();
      expect((await addLine(sessionId, southAfrica, 30)).quantity).toBe(30);
      expect((await getCart(sessionId)).subtotalCents).toBe(30 * 13000);
    });

    it('keeps to a lower limit a shop sets (CART_LINE_LIMIT)', async () => {
      const dozen = createCartService(shop.database.db, { lineLimit: 12 });
      const sessionId = newSession();
      await dozen.addItem({ sessionId, productId: southAfrica.id, quantity: 12 });
      await expect(dozen.addItem({ sessionId, productId: southAfrica.id, quantity: 1 })).rejects.toThrow('You can have at most 12 of one flag in your cart');
      expect((await dozen.getCart(sessionId)).itemCount).toBe(12);
    });

    it('answers 404 Product not found for an unknown product', async () => {
      const byId = await addToCart({ sessionId: newSession(), productId: randomUUID() });
      expect(byId.statusCode).toBe(404);
      expect(byId.json()).toEqual({ message: 'Product not found', code: 'not_found' });
      const byName = await addToCart({ sessionId: newSession(), productName: 'ATLANTIS', price: 'R1.00' });
      expect(byName.statusCode).toBe(404);
      expect(byName.json()).toEqual({ message: 'Product not found', code: 'not_found' });
    });

    it.each([
      [0, 'Quantity must be between 1 and 100'],
      [-1, 'Quantity must be between 1 and 100'],
      [101, 'Quantity must be between 1 and 100'],
      [1e9, 'Quantity must be between 1 and 100'],
      [2.5, 'Quantity must be a whole number'],
      ['12', 'Quantity must be a number'],
      ['1\u00002', 'quantity contains a NUL character'],
      [null, 'Quantity must be a number'],
    ])('refuses quantity %j with 400 in words, adding nothing', async (quantity, message) => {
      const sessionId = newSession();
      const res = await addToCart({ sessionId, productId: southAfrica.id, quantity });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: expect.stringContaining(message), code: 'invalid_input' });
      expect((await getCart(sessionId)).cartItems).toEqual([]);
    });
  });

  describe('GET /api/cart/{sessionId}', () => {
    it('returns the lines, the item count and the subtotal', async () => {
      const sessionId = newSession();
      await addLine(sessionId, southAfrica, 2);
      await addLine(sessionId, botswana, 1);
      const cart = await getCart(sessionId);
      expect(cart.cartItems.map((i) => [i.productName, i.quantity])).toEqual([
        ['SOUTH AFRICA', 2],
        ['BOTSWANA', 1],
      ]);
      expect(cart.itemCount).toBe(3);
      expect(cart.subtotalCents).toBe(2 * 13000 + botswana.salePriceCents!);
    });

    it('returns an empty cart for a new session', async () => {
      expect(await getCart(newSession())).toEqual({ cartItems: [], itemCount: 0, subtotalCents: 0 });
    });
  });

  describe('PUT /api/cart/{itemId}', () => {
    it('sets the quantity of a line of the session', async () => {
      const sessionId = newSession();
      const line = await addLine(sessionId, southAfrica, 1);
      const res = await updateItem(line.id, { quantity: 7 }, sessionId);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: line.id, quantity: 7, price: 'R130.00' });
      expect((await getCart(sessionId)).itemCount).toBe(7);

      expect((await updateItem(line.id, { quantity: 1 }, sessionId)).statusCode).toBe(200);
      expect((await updateItem(line.id, { quantity: 100 }, sessionId)).statusCode).toBe(200);
      expect((await getCart(sessionId)).itemCount).toBe(100);
    });

    it.each([
      ['0', { quantity: 0 }],
      ['101', { quantity: 101 }],
      ['-1', { quantity: -1 }],
      ['1e9', { quantity: 1e9 }],
      ['2.5', { quantity: 2.5 }],
      ["'3'", { quantity: '3' }],
      ['a missing quantity', {}],
    ])('refuses %s with 400 and keeps the quantity', async (_label, body) => {
      const sessionId = newSession();
      const line = await addLine(sessionId, southAfrica, 4);
      const res = await updateItem(line.id, body, sessionId);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: expect.any(String), code: 'invalid_input' });
      expect((await getCart(sessionId)).itemCount).toBe(4);
    });
  });

  describe('ownership of cart lines', () => {
    let owner: string;
    let line: CartItemView;

    beforeAll(async () => {
      owner = newSession();
      line = await addLine(owner, southAfrica, 3);
    });

    const notFound = { message: 'Cart item not found', code: 'not_found' };
    const ownerStillHasLine = async () =>
      expect((await getCart(owner)).cartItems).toEqual([expect.objectContaining({ id: line.id, quantity: 3 })]);

    it('answers 404 to an update from another session or without a session', async () => {
      for (const session of [newSession(), undefined]) {
        const res = await updateItem(line.id, { quantity: 9 }, session);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual(notFound);
      }
      await ownerStillHasLine();
    });

    it('answers 404 to a removal from another session or without a session', async () => {
      for (const session of [newSession(), undefined]) {
        const res = await removeItem(line.id, session);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual(notFound);
      }
      await ownerStillHasLine();
    });

    it('answers 404 to an unknown item id or a malformed one', async () => {
      for (const itemId of [randomUUID(), 'not-a-uuid']) {
        expect((await updateItem(itemId, { quantity: 2 }, owner)).json()).toEqual(notFound);
        const res = await removeItem(itemId, owner);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual(notFound);
      }
      await ownerStillHasLine();
    });
  });

  describe('flags left', () => {
    it("tells each line how many of its flag are left, and null for a flag whose stock the shop does not count", async () => {
      const lesotho = (await shop.app.inject({ url: '/api/products/lesotho' })).json<Product>();
      const sessionId = newSession();
      await addLine(sessionId, southAfrica);
      await setMainSize(shop.db, lesotho.id, { stockQuantity: 3 });
      try {
        const added = await addLine(sessionId, lesotho, 2);
        expect(added.stockLeft).toBe(3);
        await setMainSize(shop.db, lesotho.id, { stockQuantity: 1 });
        expect((await getCart(sessionId)).cartItems.map(({ productName, quantity, stockLeft }) => ({ productName, quantity, stockLeft }))).toEqual([
          { productName: 'SOUTH AFRICA', quantity: 1, stockLeft: null },
          { productName: 'LESOTHO', quantity: 2, stockLeft: 1 },
        ]);
      } finally {
        await setMainSize(shop.db, lesotho.id, { stockQuantity: null });
      }
    });
  });

  describe('DELETE /api/cart/{itemId}', () => {
    it('removes the line from its session', async () => {
      const sessionId = newSession();
      const sa = await addLine(sessionId, southAfrica);
      await addLine(sessionId, botswana);
      const res = await removeItem(sa.id, sessionId);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: expect.any(String) });
      expect((await getCart(sessionId)).cartItems.map((i) => i.productName)).toEqual(['BOTSWANA']);
      expect((await removeItem(sa.id, sessionId)).statusCode).toBe(404);
    });
  });

  describe('DELETE /api/cart/clear/{sessionId}', () => {
    it('empties that session only', async () => {
      const mine = newSession();
      const theirs = newSession();
      await addLine(mine, southAfrica, 2);
      await addLine(mine, botswana);
      await addLine(theirs, southAfrica, 5);
      const res = await shop.app.inject({ method: 'DELETE', url: `/api/cart/clear/${mine}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: expect.any(String) });
      expect((await getCart(mine)).cartItems).toEqual([]);
      expect((await getCart(theirs)).itemCount).toBe(5);
    });
  });

  describe('bad session ids', () => {
    const badSessions = [
      ['a short one', 'abc123'],
      ['one with spaces', 'my cart session id 12345'],
      ['a 200-character one', 'a'.repeat(200)],
    ];

    it.each(badSessions)('refuses %s with 400 on every cart call', async (_label, sessionId) => {
      const path = encodeURIComponent(sessionId!);
      const responses = await Promise.all([
        addToCart({ sessionId, productId: southAfrica.id }),
        shop.app.inject({ url: `/api/cart/${path}` }),
        shop.app.inject({ method: 'DELETE', url: `/api/cart/clear/${path}` }),
      ]);
      for (const res of responses) {
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message: 'Invalid cart session id', code: 'invalid_input' });
      }
    });

    it('refuses an add without a session id', async () => {
      const res = await addToCart({ productId: southAfrica.id });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'A cart session id is required', code: 'invalid_input' });
    });
  });
});
