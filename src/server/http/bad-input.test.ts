import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeShop } from '../testing/describe-shop';

const SESSION = 'bad_input_test_session_0001';

/** Every JSON route, with a body it accepts; the bad bodies below replace it. */
interface JsonRoute {
  label: string;
  method: 'POST' | 'PUT';
  /** Resolved after the app starts (the PUT needs a real cart line). */
  url: () => string;
  headers?: Record<string, string>;
  wrongTypes: object;
  missingFields: object;
}

/** Sends a raw body with the given content type. */
function raw(payload: string, contentType = 'application/json'): Pick<InjectOptions, 'payload' | 'headers'> {
  return { payload, headers: { 'content-type': contentType } };
}

const badBodies: [label: string, body: Pick<InjectOptions, 'payload' | 'headers'>, status?: number][] = [
  ['malformed JSON', raw('{"a":')],
  ['a JSON array', raw('[1, 2, 3]')],
  ['a JSON string', raw('"hello"')],
  ['JSON null', raw('null')],
  ['a JSON number', raw('42')],
  ['an empty body', raw('')],
  ['a plain-text body', raw('name=x&quantity=1', 'text/plain')],
  ['a form body', raw('quantity=1', 'application/x-www-form-urlencoded')],
  ['a body over 64 KiB', raw(JSON.stringify({ pad: 'x'.repeat(70 * 1024) })), 413],
];

function expectCleanRefusal(res: LightMyRequestResponse, status?: number): void {
  if (status) expect(res.statusCode).toBe(status);
  expect(res.statusCode).toBeGreaterThanOrEqual(400);
  expect(res.statusCode).toBeLessThan(500);
  const body: unknown = res.json();
  expect(body).toEqual(expect.objectContaining({ message: expect.any(String) }));
  expect(res.body).not.toMatch(/\bat \S+ \(|\bat [\w./-]+:\d+/);
  expect(res.body).not.toContain('Error:');
}

describeShop('bad input', {}, (shop) => {
  let itemId: string;

  beforeAll(async () => {
    const product = (await shop.app.inject({ url: '/api/products/south-africa' })).json<{ id: string }>();
    const added = await shop.app.inject({
      method: 'POST',
      url: '/api/cart',
      payload: { sessionId: SESSION, productId: product.id, quantity: 1 },
    });
    expect(added.statusCode).toBe(201);
    itemId = added.json<{ id: string }>().id;
  });

  const routes: JsonRoute[] = [
    {
      label: 'POST /api/cart',
      method: 'POST',
      url: () => '/api/cart',
      wrongTypes: { sessionId: 12345, productId: true, quantity: 'one' },
      missingFields: {},
    },
    {
      label: 'PUT /api/cart/{id}',
      method: 'PUT',
      url: () => `/api/cart/${itemId}`,
      headers: { 'x-cart-session-id': SESSION },
      wrongTypes: { quantity: [2] },
      missingFields: { amount: 2 },
    },
    {
      label: 'POST /api/contact',
      method: 'POST',
      url: () => '/api/contact',
      wrongTypes: { name: ['x'], email: 5, message: { text: 'hi' } },
      missingFields: { name: 'Thandi' },
    },
  ];

  describe.each(routes)('$label', (route) => {
    const send = (body: Pick<InjectOptions, 'payload' | 'headers'>) =>
      shop.app.inject({
        method: route.method,
        url: route.url(),
        payload: body.payload,
        headers: { ...route.headers, ...body.headers },
      });

    it.each(badBodies)('refuses %s with a 4xx message', async (_label, body, status) => {
      expectCleanRefusal(await send(body), status);
    });

    it('refuses fields of the wrong type', async () => {
      expectCleanRefusal(await send({ payload: route.wrongTypes }), 400);
    });

    it('refuses missing fields', async () => {
      expectCleanRefusal(await send({ payload: route.missingFields }), 400);
    });
  });

  it.each([
    ['a NUL byte in a field', { name: 'Thandi\u0000', email: 'thandi@example.co.za', message: 'Hello' }, 'name contains a NUL character, which is not allowed'],
    ['a lone surrogate in a field', { name: 'Thandi', email: 'thandi@example.co.za', message: 'Hi \ud83c' }, 'message contains a broken character (an unpaired UTF-16 surrogate), which is not allowed'],
    ['a NUL byte in a field name', { name: 'Thandi', email: 'thandi@example.co.za', message: 'Hi', ['x\u0000']: 1 }, 'A field name in The request body contains a NUL character, which is not allowed'],
  ])('refuses %s with a 400 naming it, and stores nothing', async (_label, payload, message) => {
    const res = await shop.app.inject({ method: 'POST', url: '/api/contact', payload });
    expectCleanRefusal(res, 400);
    expect(res.json()).toEqual({ message, code: 'invalid_input' });
    expect((await shop.app.inject({ method: 'POST', url: '/api/contact', payload: { name: 'Thandi', email: 'thandi@example.co.za', message: 'Hi 🇿🇦' } })).statusCode).toBe(201);
  });

  it.each([
    ['/api/products/%00', 'The address (key) contains a NUL character, which is not allowed'],
    ['/api/cart/abc%00def', 'The address (sessionId) contains a NUL character, which is not allowed'],
    ['/api/admin/orders?q=%00', 'The query parameter q contains a NUL character, which is not allowed'],
  ])('refuses a NUL byte in the address %s with a 400 naming it', async (url, message) => {
    const res = await shop.app.inject({ url });
    expectCleanRefusal(res, 400);
    expect(res.json()).toEqual({ message, code: 'invalid_input' });
  });

  it('leaves the cart line untouched after all that', async () => {
    const cart = (await shop.app.inject({ url: `/api/cart/${SESSION}` })).json<{ cartItems: { id: string; quantity: number }[] }>();
    expect(cart.cartItems).toEqual([expect.objectContaining({ id: itemId, quantity: 1 })]);
  });

  it.each(['/api/nope', '/api/products/south-africa/extra', '/api'])('answers unknown API path %s with 404 Not found', async (url) => {
    const res = await shop.app.inject({ url });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
  });

  it('answers an unknown API method with 404 Not found', async () => {
    const res = await shop.app.inject({ method: 'PATCH', url: '/api/cart', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
  });

  it.each(['/api/products/%E0%A4%A', '/api/cart/%ZZ'])('answers a broken percent-encoding in %s with a 4xx message', async (url) => {
    const res = await shop.app.inject({ url });
    expectCleanRefusal(res);
    expect(res.json()).toEqual({ message: 'The address is not valid', code: 'invalid_input' });
  });

  it('answers an over-long address with 414 in words', async () => {
    const res = await shop.app.inject({ url: `/api/products/${'a'.repeat(1001)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ message: 'The address is too long', code: 'invalid_input' });
  });

  it('answers a page address with broken percent-encoding with a page in words, not JSON', async () => {
    const res = await shop.app.inject({ url: '/product/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<h1>This page cannot be shown</h1>');
    expect(res.body).toContain('<p>The address is not valid.</p>');
  });
});
