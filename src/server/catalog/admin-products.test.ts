import { crc32 } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, productImages, uploadedImages } from '../db/schema';
import { buildApp } from '../app';
import { describeShop } from '../testing/describe-shop';
import { TEST_PUBLIC_URL } from '../testing/test-support';
import { signedIn } from '../testing/test-admin';
import type { Product, ListedProduct } from '../../shared/product';
import { MAX_PICTURES_PER_PRODUCT, type AdminProduct } from '../../shared/product-admin';
import { slugFromName } from './admin-service';

const origin = { origin: TEST_PUBLIC_URL };
const ADMIN = 'stock-room@example.co.za';

/** A real 1 x 1 PNG, the one the browser tests upload. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** Real pictures made by sharp, some of them damaged below. */
const picture = (format: 'png' | 'jpeg' | 'webp' | 'gif' | 'tiff' | 'avif', width = 2, height = 2) =>
  sharp({ create: { width, height, channels: 3, background: '#00a3dd' } }).toFormat(format).toBuffer();
const JPEG = await picture('jpeg', 64, 48);
const WEBP = await picture('webp', 30, 20);
const PNG_2X2 = await picture('png');
const [GIF, TIFF, AVIF] = await Promise.all([picture('gif'), picture('tiff'), picture('avif')]);

/** Deterministic noise, so a failure can be repeated. */
function noise(length: number, seed: number): Buffer {
  const bytes = Buffer.alloc(length);
  for (let i = 0, x = seed; i < length; i += 1) {
    x = (x * 1103515245 + 12345) >>> 0;
    bytes[i] = x >>> 24;
  }
  return bytes;
}

/** A copy of the PNG with one chunk's data changed and its checksum put right, so only the content lies. */
function rewriteChunk(png: Buffer, type: 'IHDR' | 'IDAT', change: (data: Buffer) => void): Buffer {
  const bytes = Buffer.from(png);
  const at = bytes.indexOf(type, 8, 'latin1');
  const length = bytes.readUInt32BE(at - 4);
  change(bytes.subarray(at + 4, at + 4 + length));
  bytes.writeUInt32BE(crc32(bytes.subarray(at, at + 4 + length)), at + 4 + length);
  return bytes;
}
const claimingSize = (png: Buffer, width: number, height: number) =>
  rewriteChunk(png, 'IHDR', (data) => {
    data.writeUInt32BE(width, 0);
    data.writeUInt32BE(height, 4);
  });

describe('web addresses', () => {
  it('makes web addresses from flag names', () => {
    expect(slugFromName('SOUTH AFRICA')).toBe('south-africa');
    expect(slugFromName("CÔTE D'IVOIRE")).toBe('cote-d-ivoire');
    expect(slugFromName('TRINIDAD & TOBAGO')).toBe('trinidad-and-tobago');
    expect(slugFromName('!!!')).toBe('flag');
  });
});

describeShop('product management', { env: { ADMIN_EMAILS: ADMIN } }, (shop) => {
  let admin: string;
  let shopper: string;

  beforeAll(async () => {
    admin = await signedIn(shop.testApp, { name: 'Stock Room', email: ADMIN, password: 'flags-for-all-1' });
    shopper = await signedIn(shop.testApp, { name: 'Stock Room', email: 'just-browsing@example.co.za', password: 'flags-for-all-1' });
  });

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, cookie = admin, app: FastifyInstance = shop.app) =>
    app.inject({ method, url, payload, headers: { ...origin, ...(cookie ? { cookie } : {}) } });
  const upload = (productId: string, bytes: Buffer, contentType: string | undefined, query = '', cookie = admin) =>
    shop.app.inject({
      method: 'POST',
      url: `/api/admin/products/${productId}/images${query}`,
      payload: bytes,
      headers: { ...origin, cookie, ...(contentType === undefined ? {} : { 'content-type': contentType }) },
    });
  /** What is stored of a flag's pictures: the picture rows and every uploaded file's bytes. */
  const storedPictures = async (productId: string) => ({
    pictures: (await shop.db.select().from(productImages).where(eq(productImages.productId, productId))).map((row) => row.id).sort(),
    uploads: (await shop.db.select({ count: sql<number>`count(*)::int` }).from(uploadedImages))[0]!.count,
  });
  const storefront = async (): Promise<ListedProduct[]> => (await call('GET', '/api/products')).json<ListedProduct[]>();
  const auditOf = async (productId: string) =>
    (await shop.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, productId))).map((row) => [row.action, row.summary]);
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
      expect(denied.json()).toEqual({ message: "You don't have admin privileges", code: 'forbidden' });
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

  it('adds a flag: name in capitals, web address and region from the name, kept out of the shop until it has a picture, with an audit line', async () => {
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
      region: 'Africa',
      showWithoutPicture: false,
      images: [],
      primaryImage: null,
    });
    // Without a picture no shopper reaches it: not listed, no product page, not addable to a cart.
    expect(await storefront()).toHaveLength(before.length);
    expect((await call('GET', '/api/products/malawi', undefined, '')).statusCode).toBe(404);
    const cartAdd = await call('POST', '/api/cart', { productId: created.id, quantity: 1, sessionId: 'cart-without-picture-0001' }, '');
    expect(cartAdd.statusCode).toBe(404);
    expect(await auditOf(created.id)).toEqual([['product.create', 'Added Malawi at R140.00, on sale at R120.00, stock 4, region Africa, featured, hidden until it has a picture']]);

    // Its first picture brings it into the shop, under its region.
    expect((await upload(created.id, PNG, 'image/png')).statusCode).toBe(201);
    const after = await storefront();
    expect(after).toHaveLength(before.length + 1);
    expect(after.find((p) => p.slug === 'malawi')).toMatchObject({ stockQuantity: 4, salePrice: '120.00', region: 'Africa' });
    expect((await call('GET', '/api/products/malawi', undefined, '')).statusCode).toBe(200);

    // The same name again gets the next free address; a given address that is taken is refused.
    const again = await call('POST', '/api/admin/products', { ...newFlag, isActive: false });
    expect(again.json()).toMatchObject({ slug: 'malawi-2', isActive: false, stockQuantity: null });
    expect((await storefront()).some((p) => p.slug === 'malawi-2')).toBe(false);
    const taken = await call('POST', '/api/admin/products', { ...newFlag, slug: 'kenya' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: 'The web address /product/kenya is already used by Kenya', code: 'conflict' });
  });

  it('shows a flag without a picture only when the owner chooses to, and keeps the region the owner gives', async () => {
    const shown = await call('POST', '/api/admin/products', { ...newFlag, name: 'Pride', region: null, showWithoutPicture: true });
    expect(shown.statusCode).toBe(201);
    expect(shown.json()).toMatchObject({ name: 'PRIDE', region: null, showWithoutPicture: true, images: [] });
    expect((await storefront()).find((p) => p.slug === 'pride')).toMatchObject({ region: null, primaryImage: null });
    expect(await auditOf(shown.json<AdminProduct>().id)).toEqual([['product.create', 'Added Pride at R140.00, stock not counted, region none, shown before it has a picture']]);

    // A country the shop does not know has no region unless one is given; the given one wins over the name's.
    const unknown = await call('POST', '/api/admin/products', { ...newFlag, name: 'Atlantis' });
    expect(unknown.json()).toMatchObject({ region: null });
    const given = await call('POST', '/api/admin/products', { ...newFlag, name: 'Tristan da Cunha', region: 'Africa' });
    expect(given.json()).toMatchObject({ region: 'Africa' });

    // Changing the choice later: hidden again until a picture, then a new region; both in the audit log.
    const id = shown.json<AdminProduct>().id;
    expect((await call('PATCH', `/api/admin/products/${id}`, { showWithoutPicture: false })).json()).toMatchObject({ showWithoutPicture: false });
    expect((await storefront()).some((p) => p.id === id)).toBe(false);
    expect((await call('PATCH', `/api/admin/products/${id}`, { region: 'Europe', showWithoutPicture: true })).json()).toMatchObject({ region: 'Europe' });
    expect((await storefront()).find((p) => p.id === id)).toMatchObject({ region: 'Europe' });
    expect((await auditOf(id)).slice(1).map(([, summary]) => summary)).toEqual([
      'Changed Pride: waits for a picture before it is shown',
      'Changed Pride: region none → Europe; shown before it has a picture',
    ]);

    // Deleting the last picture of a flag that waits for one takes it out of the shop again.
    const malawi = (await call('GET', '/api/admin/products')).json<{ products: AdminProduct[] }>().products.find((p) => p.slug === 'malawi')!;
    expect((await call('DELETE', `/api/admin/products/${malawi.id}/images/${malawi.images[0]!.id}`)).statusCode).toBe(200);
    expect((await storefront()).some((p) => p.slug === 'malawi')).toBe(false);
  });

  it.each([
    ['a region the shop has no tab for', { region: 'Antarctica' }],
    ['a region in lower case', { region: 'africa' }],
    ['a region that is a number', { region: 3 }],
    ['a region with a NUL character', { region: 'Africa\u0000' }],
    ['a region as a list', { region: ['Africa'] }],
  ])('refuses %s', async (_label, change) => {
    const created = await call('POST', '/api/admin/products', { ...newFlag, ...change });
    expect(created.statusCode).toBe(400);
    expect(created.json<{ message: string }>().message).toMatch(/region|NUL/);
    const kenya = (await storefront()).find((p) => p.slug === 'kenya')!;
    const changed = await call('PATCH', `/api/admin/products/${kenya.id}`, change);
    expect(changed.statusCode).toBe(400);
    expect((await storefront()).find((p) => p.slug === 'kenya')).toMatchObject({ region: 'Africa' });
  });

  it.each([['a word', 'yes'], ['a number', 1], ['null', null]])('refuses showWithoutPicture as %s', async (_label, value) => {
    const res = await call('POST', '/api/admin/products', { ...newFlag, showWithoutPicture: value });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'showWithoutPicture must be true or false', code: 'invalid_input' });
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
    expect(res.json()).toEqual({ message, code: 'invalid_input' });
  });

  it('changes any field; the sale price is checked against the saved price; every change is in the audit log', async () => {
    const zambia = (await storefront()).find((p) => p.slug === 'zambia')!;
    const res = await call('PATCH', `/api/admin/products/${zambia.id}`, { priceCents: 16_000, stockQuantity: 0, name: 'Zambia (large)' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'ZAMBIA (LARGE)', slug: 'zambia', priceCents: 16_000, stockQuantity: 0 });
    expect((await storefront()).find((p) => p.id === zambia.id)).toMatchObject({ priceCents: 16_000, stockQuantity: 0 });

    const tooHigh = await call('PATCH', `/api/admin/products/${zambia.id}`, { salePriceCents: 16_000 });
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json()).toEqual({ message: 'The sale price must be lower than the price (R160.00)', code: 'invalid_input' });
    expect((await call('PATCH', `/api/admin/products/${zambia.id}`, { isActive: false, stockQuantity: null })).statusCode).toBe(200);
    expect((await storefront()).some((p) => p.id === zambia.id)).toBe(false);
    // Saving the same values again changes nothing and writes nothing.
    expect((await call('PATCH', `/api/admin/products/${zambia.id}`, { isActive: false })).statusCode).toBe(200);

    expect(await auditOf(zambia.id)).toEqual([
      ['product.update', 'Changed Zambia (large): name Zambia → Zambia (large); price R170.00 → R160.00; stock not counted → 0'],
      ['product.update', 'Changed Zambia (large): stock 0 → not counted; hidden from the shop'],
    ]);
    expect((await call('PATCH', '/api/admin/products/00000000-0000-4000-8000-000000000000', { priceCents: 100 })).statusCode).toBe(404);
    expect((await call('PATCH', `/api/admin/products/${zambia.id}`, {})).json()).toEqual({ message: 'Say what to change', code: 'invalid_input' });
  });

  it("keeps each flag's packed weight and folded size for the courier, 200 g and 30 × 20 × 2 cm unless the desk says otherwise", async () => {
    const kenya = (await call('GET', '/api/admin/products')).json<{ products: AdminProduct[] }>().products.find((p) => p.slug === 'kenya')!;
    expect(kenya).toMatchObject({ weightGrams: 200, foldedLengthCm: 30, foldedWidthCm: 20, foldedHeightCm: 2 });

    const res = await call('PATCH', `/api/admin/products/${kenya.id}`, { weightGrams: 450, foldedLengthCm: 45, foldedHeightCm: 4 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ weightGrams: 450, foldedLengthCm: 45, foldedWidthCm: 20, foldedHeightCm: 4 });
    expect((await auditOf(kenya.id)).at(-1)).toEqual(['product.update', 'Changed Kenya: weight 200 g → 450 g; folded 30 × 20 × 2 cm → 45 × 20 × 4 cm']);

    const added = await call('POST', '/api/admin/products', { ...newFlag, name: 'Lesotho', weightGrams: 300 });
    expect(added.json()).toMatchObject({ weightGrams: 300, foldedLengthCm: 30, foldedWidthCm: 20, foldedHeightCm: 2 });

    const weight = 'Please enter the weight of one packed flag in whole grams, from 1 to 30 000';
    const size = 'Please enter the folded size in whole centimetres, from 1 to 150';
    for (const [change, message] of [
      [{ weightGrams: 0 }, weight],
      [{ weightGrams: -200 }, weight],
      [{ weightGrams: 30_001 }, weight],
      [{ weightGrams: 200.5 }, weight],
      [{ weightGrams: '200' }, weight],
      [{ weightGrams: null }, weight],
      [{ foldedLengthCm: 151 }, size],
      [{ foldedWidthCm: 0 }, size],
      [{ foldedHeightCm: 1e308 }, size],
      [{ foldedHeightCm: '2\0' }, 'foldedHeightCm contains a NUL character, which is not allowed'],
    ] as const) {
      const refused = await call('PATCH', `/api/admin/products/${kenya.id}`, change);
      expect(refused.statusCode, JSON.stringify(change)).toBe(400);
      expect(refused.json<{ message: string }>().message).toContain(message);
    }
    expect((await call('GET', '/api/admin/products')).json<{ products: AdminProduct[] }>().products.find((p) => p.id === kenya.id)).toMatchObject({
      weightGrams: 450,
      foldedLengthCm: 45,
    });
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
      // widths: its smaller copies (src/server/catalog/picture-sizes.test.ts); a 1 x 1 picture is made at its own width.
      expect(updated.images).toEqual([{ id: expect.any(String), url: expect.stringMatching(/^\/media\/uploads\/[0-9a-f-]{36}$/), altText: 'Flag of Rwanda', widths: [1] }]);
      expect(updated.primaryImage).toBe(updated.images[0]!.url);

      const served = await shop.app.inject({ method: 'GET', url: updated.images[0]!.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.rawPayload.equals(PNG)).toBe(true);
      const again = await shop.app.inject({ method: 'GET', url: updated.images[0]!.url, headers: { 'if-none-match': String(served.headers.etag) } });
      expect(again.statusCode).toBe(304);
      expect((await storefront()).find((p) => p.id === product.id)?.primaryImage).toBe(updated.images[0]!.url);
      expect((await shop.app.inject({ method: 'GET', url: '/media/uploads/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    });

    it.each([
      ['a text file called PNG', Buffer.from('definitely not a picture'), 'image/png', 415, 'This file is not a picture we can show: it is damaged, cut short or not a PNG picture at all'],
      ['a JPEG called PNG', JPEG, 'image/png', 415, 'The file is not a real PNG picture'],
      ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml', 415, 'SVG pictures are not accepted (they can carry scripts). Please upload a JPEG, PNG or WebP picture'],
      ['an SVG called PNG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="2" height="2"/>'), 'image/png', 415, 'The file is not a real PNG picture'],
      ['a GIF', Buffer.from('GIF89a'), 'image/gif', 415, 'Please upload a JPEG, PNG or WebP picture'],
      ['an empty file', Buffer.alloc(0), 'image/png', 400, 'The file is empty'],
      ['an empty body without a type', Buffer.alloc(0), undefined, 400, 'The file is empty'],
      ['a picture without a type', PNG, undefined, 415, 'Please upload a JPEG, PNG or WebP picture'],
      ['a picture sent as plain bytes', PNG, 'application/octet-stream', 415, 'Please upload a JPEG, PNG or WebP picture'],
      ['a picture over 2 MB', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]), 'image/png', 413, 'The picture is too large: 2 MB at most'],
    ])('refuses %s', async (_label, bytes, type, status, message) => {
      const res = await upload(product.id, bytes, type);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ message, code: status === 400 ? 'invalid_input' : 'picture_refused' });
    });

    const damaged = (type: string) => `This file is not a picture we can show: it is damaged, cut short or not a ${type} picture at all`;
    it.each([
      ['a PNG whose header claims 50 000 x 50 000 pixels', claimingSize(PNG_2X2, 50_000, 50_000), 'image/png', 'This file is not a picture we can show: at 50000 x 50000 pixels it is too big (8000 pixels a side and 40 megapixels at most)'],
      ['a PNG whose header claims 9000 x 1 pixels', claimingSize(PNG_2X2, 9000, 1), 'image/png', 'This file is not a picture we can show: at 9000 x 1 pixels it is too big (8000 pixels a side and 40 megapixels at most)'],
      ['a PNG whose header claims a little more than its pixels', claimingSize(PNG_2X2, 3, 3), 'image/png', damaged('PNG')],
      ['a PNG whose header claims a huge size its pixels do not fill', claimingSize(PNG_2X2, 6000, 6000), 'image/png', damaged('PNG')],
      ['a PNG with corrupt image data', rewriteChunk(PNG_2X2, 'IDAT', (data) => data.fill(0x5a, 2)), 'image/png', damaged('PNG')],
      ['a PNG signature followed by noise', Buffer.concat([PNG_2X2.subarray(0, 8), noise(500, 1)]), 'image/png', damaged('PNG')],
      ['a PNG header followed by noise', Buffer.concat([PNG_2X2.subarray(0, 33), noise(500, 2)]), 'image/png', damaged('PNG')],
      ['a JPEG cut short', JPEG.subarray(0, JPEG.length - 40), 'image/jpeg', damaged('JPEG')],
      ['a JPEG start followed by noise', Buffer.concat([JPEG.subarray(0, 3), noise(500, 3)]), 'image/jpeg', damaged('JPEG')],
      ['a WebP cut short', WEBP.subarray(0, WEBP.length - 10), 'image/webp', damaged('WEBP')],
      ['a real GIF called PNG', GIF, 'image/png', 'The file is not a real PNG picture'],
      ['a real TIFF called PNG', TIFF, 'image/png', 'The file is not a real PNG picture'],
      ['a real AVIF called WebP', AVIF, 'image/webp', 'The file is not a real WEBP picture'],
    ])('refuses %s in words and stores nothing', async (_label, bytes, type, message) => {
      const before = await storedPictures(product.id);
      const res = await upload(product.id, bytes, type);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ message, code: 'picture_refused' });
      expect(await storedPictures(product.id)).toEqual(before);
    });

    it('answers any body with a 4xx and a message, never a 500', async () => {
      const before = await storedPictures(product.id);
      const starts = [Buffer.alloc(0), PNG_2X2.subarray(0, 8), PNG_2X2.subarray(0, 33), JPEG.subarray(0, 20), WEBP.subarray(0, 16), Buffer.from('GIF89a')];
      for (let seed = 1; seed <= 24; seed += 1) {
        const bytes = Buffer.concat([starts[seed % starts.length]!, noise(seed * 37, seed)]);
        const res = await upload(product.id, bytes, ['image/png', 'image/jpeg', 'image/webp', 'image/gif'][seed % 4]);
        expect(res.statusCode, `body ${seed}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `body ${seed}`).toBeLessThan(500);
        expect(res.json<{ message: string }>().message).toEqual(expect.any(String));
      }
      expect(await storedPictures(product.id)).toEqual(before);
    });

    it('adds pictures at the end, reorders them, changes alt text and removes one with its bytes', async () => {
      await upload(product.id, JPEG, 'image/jpeg', `?altText=${encodeURIComponent('Rwanda flag on a pole')}`);
      const third = (await upload(product.id, WEBP, 'image/webp')).json<AdminProduct>();
      const [a, b, c] = third.images.map((img) => img.id);
      expect(third.images.map((img) => img.altText)).toEqual(['Flag of Rwanda', 'Rwanda flag on a pole', 'Flag of Rwanda']);

      const reordered = await call('PATCH', `/api/admin/products/${product.id}/images`, { order: [c, a, b], altTexts: { [a!]: 'Rwanda flag, close up' } });
      expect(reordered.statusCode).toBe(200);
      expect(reordered.json<AdminProduct>().images.map((img) => [img.id, img.altText])).toEqual([
        [c, 'Flag of Rwanda'],
        [a, 'Rwanda flag, close up'],
        [b, 'Rwanda flag on a pole'],
      ]);
      expect((await call('GET', `/api/products/${product.slug}`, undefined, '')).json<Product>().primaryImage).toBe(third.images[2]!.url);

      for (const [body, message] of [
        [{ order: [a, b] }, 'The order must list each of the 3 pictures of Rwanda once'],
        [{ order: [a, a, b] }, 'The order must list each of the 3 pictures of Rwanda once'],
        [{ altTexts: { [a!]: '  ' } }, 'Please describe the picture for people who cannot see it (1 to 200 characters)'],
        [{}, 'Say what to change: order or altTexts'],
      ] as const) {
        const res = await call('PATCH', `/api/admin/products/${product.id}/images`, body);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message, code: 'invalid_input' });
      }

      const removed = await call('DELETE', `/api/admin/products/${product.id}/images/${c}`);
      expect(removed.statusCode).toBe(200);
      expect(removed.json<AdminProduct>().images.map((img) => img.id)).toEqual([a, b]);
      const uploadId = third.images[2]!.url.split('/').pop()!;
      expect(await shop.db.select().from(uploadedImages).where(eq(uploadedImages.id, uploadId))).toEqual([]);
      expect((await shop.app.inject({ method: 'GET', url: third.images[2]!.url })).statusCode).toBe(404);
      expect((await call('DELETE', `/api/admin/products/${product.id}/images/${c}`)).json()).toEqual({ message: 'Picture not found', code: 'not_found' });

      expect((await auditOf(product.id)).map(([action]) => action)).toEqual([
        'product.create',
        'product.image.add',
        'product.image.add',
        'product.image.add',
        'product.image.update',
        'product.image.delete',
      ]);
      expect((await auditOf(product.id))[4]![1]).toBe('Rwanda: reordered the pictures and changed the alt text of 1 picture');
    });

    it(`takes ${MAX_PICTURES_PER_PRODUCT} pictures of a flag, the most a new order can list, and refuses one more in words, even when several come at once`, async () => {
      const burundi = (await call('POST', '/api/admin/products', { ...newFlag, name: 'Burundi' })).json<AdminProduct>();
      for (let n = 1; n < MAX_PICTURES_PER_PRODUCT; n += 1) expect((await upload(burundi.id, PNG, 'image/png')).statusCode).toBe(201);

      // The last free place, asked for three times at the same moment: one upload gets it. Idle database
      // connections are opened first, so that on PostgreSQL no upload waits for a new one.
      await Promise.all([1, 2, 3, 4, 5, 6].map(() => shop.db.execute(sql`select 1`)));
      const racing = await Promise.all([PNG, PNG, PNG].map((bytes) => upload(burundi.id, bytes, 'image/png')));
      expect(racing.map((res) => res.statusCode).sort()).toEqual([201, 409, 409]);
      expect(racing.find((res) => res.statusCode === 409)!.json()).toEqual({ message: 'A flag can have at most 50 pictures. Delete one first.', code: 'conflict' });
      const full = await storedPictures(burundi.id);
      expect(full.pictures).toHaveLength(MAX_PICTURES_PER_PRODUCT);

      const oneMore = await upload(burundi.id, WEBP, 'image/webp');
      expect(oneMore.statusCode).toBe(409);
      expect(oneMore.json()).toEqual({ message: 'A flag can have at most 50 pictures. Delete one first.', code: 'conflict' });
      expect(await storedPictures(burundi.id)).toEqual(full);

      // Every picture can still be put in a new order; after a delete there is room again.
      const order = [...full.pictures].reverse();
      expect((await call('PATCH', `/api/admin/products/${burundi.id}/images`, { order })).statusCode).toBe(200);
      expect((await call('DELETE', `/api/admin/products/${burundi.id}/images/${order[0]}`)).statusCode).toBe(200);
      expect((await upload(burundi.id, WEBP, 'image/webp')).statusCode).toBe(201);
    });
  });

  it("shows a change made through another process in this process's product list within about a second", async () => {
    const other = await buildApp({ config: shop.config, database: shop.database, logger: false });
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
