import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, uploadedImages } from '../db/schema';
import { buildApp } from '../app';
import { startTestApp, testDatabases, TEST_PUBLIC_URL, type TestApp } from '../test-support';
import { signedIn } from '../admin/test-admin';
import type { Product } from '../../shared/product';
import type { AdminProduct } from '../../shared/product-admin';
import { sniffImage } from './admin-images';
import { slugFromName } from './admin-service';

const origin = { origin: TEST_PUBLIC_URL };
const ADMIN = 'stock-room@example.co.za';

/** A real 1 x 1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
/** The start of a baseline JPEG: SOI, an APP0 segment, then a start of frame of 640 x 480. */
const JPEG = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
  0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0xe0, 0x02, 0x80, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01,
]);
/** A lossless WebP header of 300 x 200. */
function webpLossless(width: number, height: number): Buffer {
  const bytes = Buffer.alloc(40);
  bytes.write('RIFF', 0, 'latin1');
  bytes.writeUInt32LE(32, 4);
  bytes.write('WEBPVP8L', 8, 'latin1');
  bytes.writeUInt32LE(20, 16);
  bytes[20] = 0x2f;
  bytes.writeUInt32LE((width - 1) | ((height - 1) << 14), 21);
  return bytes;
}

describe('picture sniffing', () => {
  it('reads the type and size from the bytes of PNG, JPEG and WebP', () => {
    expect(sniffImage(PNG)).toEqual({ contentType: 'image/png', width: 1, height: 1 });
    expect(sniffImage(JPEG)).toEqual({ contentType: 'image/jpeg', width: 640, height: 480 });
    expect(sniffImage(webpLossless(300, 200))).toEqual({ contentType: 'image/webp', width: 300, height: 200 });
  });

  it('knows nothing else: text, SVG, GIF, a PNG signature without a header', () => {
    for (const bytes of [
      Buffer.from('hello, I am not a picture'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'),
      PNG.subarray(0, 10),
    ]) {
      expect(sniffImage(bytes)).toBeNull();
    }
  });

  it('makes web addresses from flag names', () => {
    expect(slugFromName('SOUTH AFRICA')).toBe('south-africa');
    expect(slugFromName("CÔTE D'IVOIRE")).toBe('cote-d-ivoire');
    expect(slugFromName('TRINIDAD & TOBAGO')).toBe('trinidad-and-tobago');
    expect(slugFromName('!!!')).toBe('flag');
  });
});

describe.each(testDatabases())('product management on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let shopper: string;

  beforeAll(async () => {
    t = await startTestApp(target, { env: { ADMIN_EMAILS: ADMIN } });
    admin = await signedIn(t, { name: 'Stock Room', email: ADMIN, password: 'flags-for-all-1' });
    shopper = await signedIn(t, { name: 'Stock Room', email: 'just-browsing@example.co.za', password: 'flags-for-all-1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, cookie = admin, app: FastifyInstance = t.app) =>
    app.inject({ method, url, payload, headers: { ...origin, ...(cookie ? { cookie } : {}) } });
  const upload = (productId: string, bytes: Buffer, contentType: string, query = '', cookie = admin) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/products/${productId}/images${query}`,
      payload: bytes,
      headers: { ...origin, cookie, 'content-type': contentType },
    });
  const storefront = async (): Promise<Product[]> => (await call('GET', '/api/products')).json<Product[]>();
  const auditOf = async (productId: string) =>
    (await t.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, productId))).map((row) => [row.action, row.summary]);
  const newFlag = { name: 'Malawi', description: 'A red rising sun on black, red and green.', priceCents: 14_000 };

  it('lets only admins in: 401 signed out, 403 for a shopper', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/admin/products'],
      ['POST', '/api/admin/products', newFlag],
      ['PATCH', '/api/admin/products/00000000-0000-4000-8000-000000000000', { priceCents: 1 }],
      ['DELETE', '/api/admin/products/00000000-0000-4000-8000-000000000000/images/00000000-0000-4000-8000-000000000000'],
    ] as const) {
      expect((await call(method, url, payload, '')).statusCode).toBe(401);
      const denied = await call(method, url, payload, shopper);
      expect(denied.statusCode).toBe(403);
      expect(denied.json()).toEqual({ message: "You don't have admin privileges" });
    }
    expect((await upload('00000000-0000-4000-8000-000000000000', PNG, 'image/png', '', '')).statusCode).toBe(401);
    expect((await upload('00000000-0000-4000-8000-000000000000', PNG, 'image/png', '', shopper)).statusCode).toBe(403);
  });

  it('lists every product, inactive ones too, with stock and pictures', async () => {
    const res = await call('GET', '/api/admin/products');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { products } = res.json<{ products: AdminProduct[] }>();
    expect(products.length).toBe((await storefront()).length);
    expect(products.find((p) => p.slug === 'south-africa')).toMatchObject({ priceCents: 13_000, stockQuantity: null, isActive: true, updatedAt: expect.any(String) });
    expect(products.every((p) => p.images.length >= 2)).toBe(true);
  });

  it('adds a flag: name in capitals, web address from the name, shown in the shop at once, with an audit line', async () => {
    const before = await storefront();
    const res = await call('POST', '/api/admin/products', { ...newFlag, salePriceCents: 12_000, stockQuantity: 4, featured: true });
    expect(res.statusCode).toBe(201);
    const created = res.json<AdminProduct>();
    expect(created).toMatchObject({
      name: 'MALAWI',
      slug: 'malawi',
      price: '140.00',
      priceCents: 14_000,
      salePriceCents: 12_000,
      stockQuantity: 4,
      featured: true,
      isActive: true,
      images: [],
      primaryImage: null,
    });
    const after = await storefront();
    expect(after).toHaveLength(before.length + 1);
    expect(after.find((p) => p.slug === 'malawi')).toMatchObject({ stockQuantity: 4, salePrice: '120.00' });
    expect(await auditOf(created.id)).toEqual([['product.create', 'Added MALAWI at R140.00, on sale at R120.00, stock 4, featured']]);

    // The same name again gets the next free address; a given address that is taken is refused.
    const again = await call('POST', '/api/admin/products', { ...newFlag, isActive: false });
    expect(again.json()).toMatchObject({ slug: 'malawi-2', isActive: false, stockQuantity: null });
    expect((await storefront()).some((p) => p.slug === 'malawi-2')).toBe(false);
    const taken = await call('POST', '/api/admin/products', { ...newFlag, slug: 'kenya' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: 'The web address /product/kenya is already used by KENYA' });
  });

  it.each([
    ['no name', { ...newFlag, name: ' ' }, 'Please enter the flag name (2 to 100 characters)'],
    ['no description', { ...newFlag, description: '' }, 'Please enter a description'],
    ['a price in rand, not cents', { ...newFlag, priceCents: 140.5 }, 'Please enter the price in rand, like 130.00'],
    ['a price of zero', { ...newFlag, priceCents: 0 }, 'Please enter the price in rand, like 130.00'],
    ['a sale price not lower', { ...newFlag, salePriceCents: 14_000 }, 'The sale price must be lower than the price'],
    ['negative stock', { ...newFlag, stockQuantity: -1 }, 'Stock must be a whole number, 0 or more; leave it empty if you do not count this flag'],
    ['a bad web address', { ...newFlag, slug: 'Malawi Flag' }, 'The web address may use only lower-case letters, digits and single dashes, like south-africa'],
    ['a field it does not know', { ...newFlag, currency: 'USD' }, 'Unrecognized key: "currency"'],
  ])('refuses a flag with %s', async (_label, body, message) => {
    const res = await call('POST', '/api/admin/products', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('changes any field; the sale price is checked against the saved price; every change is in the audit log', async () => {
    const zambia = (await storefront()).find((p) => p.slug === 'zambia')!;
    const res = await call('PATCH', `/api/admin/products/${zambia.id}`, { priceCents: 16_000, stockQuantity: 0, name: 'Zambia (large)' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'ZAMBIA (LARGE)', slug: 'zambia', priceCents: 16_000, stockQuantity: 0 });
    expect((await storefront()).find((p) => p.id === zambia.id)).toMatchObject({ priceCents: 16_000, stockQuantity: 0 });

    const tooHigh = await call('PATCH', `/api/admin/products/${zambia.id}`, { salePriceCents: 16_000 });
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json()).toEqual({ message: 'The sale price must be lower than the price (R160.00)' });
    expect((await call('PATCH', `/api/admin/products/${zambia.id}`, { isActive: false, stockQuantity: null })).statusCode).toBe(200);
    expect((await storefront()).some((p) => p.id === zambia.id)).toBe(false);
    // Saving the same values again changes nothing and writes nothing.
    expect((await call('PATCH', `/api/admin/products/${zambia.id}`, { isActive: false })).statusCode).toBe(200);

    expect(await auditOf(zambia.id)).toEqual([
      ['product.update', 'Changed ZAMBIA (LARGE): name ZAMBIA → ZAMBIA (LARGE); price R170.00 → R160.00; stock not counted → 0'],
      ['product.update', 'Changed ZAMBIA (LARGE): stock 0 → not counted; hidden from the shop'],
    ]);
    expect((await call('PATCH', '/api/admin/products/00000000-0000-4000-8000-000000000000', { priceCents: 100 })).statusCode).toBe(404);
    expect((await call('PATCH', `/api/admin/products/${zambia.id}`, {})).json()).toEqual({ message: 'Say what to change' });
  });

  describe('pictures', () => {
    let product: AdminProduct;
    beforeAll(async () => {
      product = (await call('POST', '/api/admin/products', { ...newFlag, name: 'Rwanda', stockQuantity: 3 })).json<AdminProduct>();
    });

    it('uploads a PNG, stores it in the database and serves it with its type, an ETag and a year of caching', async () => {
      const res = await upload(product.id, PNG, 'image/png');
      expect(res.statusCode).toBe(201);
      const updated = res.json<AdminProduct>();
      expect(updated.images).toEqual([{ id: expect.any(String), url: expect.stringMatching(/^\/media\/uploads\/[0-9a-f-]{36}$/), altText: 'RWANDA flag' }]);
      expect(updated.primaryImage).toBe(updated.images[0]!.url);

      const served = await t.app.inject({ method: 'GET', url: updated.images[0]!.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.rawPayload.equals(PNG)).toBe(true);
      const again = await t.app.inject({ method: 'GET', url: updated.images[0]!.url, headers: { 'if-none-match': String(served.headers.etag) } });
      expect(again.statusCode).toBe(304);
      expect((await storefront()).find((p) => p.id === product.id)?.primaryImage).toBe(updated.images[0]!.url);
      expect((await t.app.inject({ method: 'GET', url: '/media/uploads/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    });

    it.each([
      ['a text file called PNG', Buffer.from('definitely not a picture'), 'image/png', 415, 'The file is not a real PNG picture'],
      ['a JPEG called PNG', JPEG, 'image/png', 415, 'The file is not a real PNG picture'],
      ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml', 415, 'SVG pictures are not accepted (they can carry scripts). Please upload a JPEG, PNG or WebP picture'],
      ['a GIF', Buffer.from('GIF89a'), 'image/gif', 415, 'Please upload a JPEG, PNG or WebP picture'],
      ['an empty file', Buffer.alloc(0), 'image/png', 400, 'The file is empty'],
      ['a picture over 2 MB', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]), 'image/png', 413, 'The picture is too large: 2 MB at most'],
    ])('refuses %s', async (_label, bytes, type, status, message) => {
      const res = await upload(product.id, bytes, type);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ message });
    });

    it('adds pictures at the end, reorders them, changes alt text and removes one with its bytes', async () => {
      await upload(product.id, JPEG, 'image/jpeg', `?altText=${encodeURIComponent('Rwanda flag on a pole')}`);
      const third = (await upload(product.id, webpLossless(300, 200), 'image/webp')).json<AdminProduct>();
      const [a, b, c] = third.images.map((img) => img.id);
      expect(third.images.map((img) => img.altText)).toEqual(['RWANDA flag', 'Rwanda flag on a pole', 'RWANDA flag']);

      const reordered = await call('PATCH', `/api/admin/products/${product.id}/images`, { order: [c, a, b], altTexts: { [a!]: 'Rwanda flag, close up' } });
      expect(reordered.statusCode).toBe(200);
      expect(reordered.json<AdminProduct>().images.map((img) => [img.id, img.altText])).toEqual([
        [c, 'RWANDA flag'],
        [a, 'Rwanda flag, close up'],
        [b, 'Rwanda flag on a pole'],
      ]);
      expect((await call('GET', `/api/products/${product.slug}`, undefined, '')).json<Product>().primaryImage).toBe(third.images[2]!.url);

      for (const [body, message] of [
        [{ order: [a, b] }, 'The order must list each of the 3 pictures of RWANDA once'],
        [{ order: [a, a, b] }, 'The order must list each of the 3 pictures of RWANDA once'],
        [{ altTexts: { [a!]: '  ' } }, 'Please describe the picture for people who cannot see it (1 to 200 characters)'],
        [{}, 'Say what to change: order or altTexts'],
      ] as const) {
        const res = await call('PATCH', `/api/admin/products/${product.id}/images`, body);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message });
      }

      const removed = await call('DELETE', `/api/admin/products/${product.id}/images/${c}`);
      expect(removed.statusCode).toBe(200);
      expect(removed.json<AdminProduct>().images.map((img) => img.id)).toEqual([a, b]);
      const uploadId = third.images[2]!.url.split('/').pop()!;
      expect(await t.database.db.select().from(uploadedImages).where(eq(uploadedImages.id, uploadId))).toEqual([]);
      expect((await t.app.inject({ method: 'GET', url: third.images[2]!.url })).statusCode).toBe(404);
      expect((await call('DELETE', `/api/admin/products/${product.id}/images/${c}`)).json()).toEqual({ message: 'Picture not found' });

      expect((await auditOf(product.id)).map(([action]) => action)).toEqual([
        'product.create',
        'product.image.add',
        'product.image.add',
        'product.image.add',
        'product.image.update',
        'product.image.delete',
      ]);
      expect((await auditOf(product.id))[4]![1]).toBe('RWANDA: reordered the pictures and changed the alt text of 1 picture');
    });
  });

  it("shows a change made through another process in this process's product list within about a second", async () => {
    const other = await buildApp({ config: t.config, database: t.database, logger: false });
    await other.ready();
    try {
      const namibia = (await storefront()).find((p) => p.slug === 'namibia')!;
      const etag = (await call('GET', '/api/products')).headers.etag;
      const res = await call('PATCH', `/api/admin/products/${namibia.id}`, { stockQuantity: 2, salePriceCents: 9_900 }, admin, other);
      expect(res.statusCode).toBe(200);
      await expect
        .poll(async () => (await storefront()).find((p) => p.id === namibia.id), { timeout: 5_000, interval: 200 })
        .toMatchObject({ stockQuantity: 2, salePriceCents: 9_900 });
      expect((await call('GET', '/api/products')).headers.etag).not.toBe(etag);
    } finally {
      await other.close();
    }
  });
});
