import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Product, ListedProduct } from '../../shared/product';
import { describeShop } from '../testing/describe-shop';
import { createCatalogService } from './service';
import { bumpCatalogueVersion } from './catalogue-version';
import { setMainSize } from '../testing/main-size';

describeShop('catalogue API', {}, (shop) => {
  const get = (url: string, headers: Record<string, string> = {}) => shop.app.inject({ method: 'GET', url, headers });

  async function productList(): Promise<ListedProduct[]> {
    const res = await get('/api/products');
    expect(res.statusCode).toBe(200);
    return res.json<ListedProduct[]>();
  }

  describe('GET /api/products', () => {
    it('lists at least 60 active products with their prices and images', async () => {
      const list = await productList();
      expect(list.length).toBeGreaterThanOrEqual(60);
      for (const p of list) {
        expect(p).toMatchObject({
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          slug: expect.stringMatching(/^[a-z0-9-]+$/),
          description: expect.any(String),
          price: expect.stringMatching(/^\d+\.\d{2}$/),
          priceCents: expect.any(Number),
          currency: 'ZAR',
          featured: expect.any(Boolean),
        });
        expect(p.name).toBe(p.name.toUpperCase());
        expect(p.description.length).toBeGreaterThan(0);
        expect(p.price).toBe((p.priceCents / 100).toFixed(2));
        expect(p.salePrice === null || /^\d+\.\d{2}$/.test(p.salePrice)).toBe(true);
        expect(p.images.length).toBeGreaterThanOrEqual(2);
        for (const image of p.images) expect(image.url).toMatch(/^\/flags\//);
        expect(p.primaryImage).toBe(p.images[0]!.url);
      }
    });

    it('shows South Africa at R130 in the list', async () => {
      const sa = (await productList()).find((p) => p.slug === 'south-africa');
      expect(sa).toMatchObject({ name: 'SOUTH AFRICA', price: '130.00', priceCents: 13000, salePrice: null });
    });

    it('sorts the products by name', async () => {
      const names = (await productList()).map((p) => p.name);
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    });

    it('sends an ETag and answers 304 with an empty body to If-None-Match', async () => {
      const first = await get('/api/products');
      const etag = first.headers.etag;
      expect(typeof etag).toBe('string');
      const again = await get('/api/products', { 'if-none-match': String(etag) });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    });

    it('sends the same JSON gzipped to clients that accept gzip', async () => {
      const plain = await get('/api/products');
      const zipped = await get('/api/products', { 'accept-encoding': 'gzip, deflate, br' });
      expect(zipped.statusCode).toBe(200);
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
    });
  });

  describe('GET /api/products/{slug or id}', () => {
    it('finds a product by slug and by id', async () => {
      const bySlug = await get('/api/products/south-africa');
      expect(bySlug.statusCode).toBe(200);
      const product = bySlug.json<Product>();
      expect(product).toMatchObject({
        slug: 'south-africa',
        name: 'SOUTH AFRICA',
        price: '130.00',
        currency: 'ZAR',
        primaryImage: expect.stringMatching(/^\/flags\//),
      });
      expect(product.description).toMatch(/South African flag/);
      expect(product.images.length).toBeGreaterThanOrEqual(2);

      const byId = await get(`/api/products/${product.id}`);
      expect(byId.statusCode).toBe(200);
      expect(byId.json()).toEqual(product);
    });

    it.each([
      ['an unknown slug', '/api/products/atlantis'],
      ['an unknown uuid', '/api/products/00000000-0000-4000-8000-000000000000'],
      ['a 300-character slug', `/api/products/${'a'.repeat(300)}`],
      ['a path traversal', '/api/products/..%2F..%2Fetc'],
      ['an SQL injection', "/api/products/'%20OR%201=1"],
    ])('answers 404 Product not found for %s', async (_label, url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Product not found', code: 'not_found' });
    });

    it('answers 400 in words for a line separator, which no product address holds', async () => {
      const res = await get('/api/products/%E2%80%A8');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'The address (key) contains a line break, which is not allowed', code: 'invalid_input' });
    });

    it('answers a malformed URL with a 4xx message and no stack trace', async () => {
      const res = await get('/api/products/%E0%A4%A');
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toEqual({ message: expect.any(String), code: 'invalid_input' });
      expect(res.body).not.toMatch(/\bat |Error:/);
    });
  });

  describe('catalogueChanged', () => {
    it('serves the new price and a new ETag after a price change', async () => {
      const catalog = createCatalogService(shop.db);
      const before = await catalog.productList();
      const sa = before.products.find((p) => p.slug === 'south-africa')!;

      await setMainSize(shop.db, sa.id, { priceCents: 14500 });
      const stale = await catalog.productList();
      expect(stale.etag).toBe(before.etag);

      catalog.catalogueChanged();
      const after = await catalog.productList();
      expect(after.etag).not.toBe(before.etag);
      expect(after.products.find((p) => p.id === sa.id)).toMatchObject({ price: '145.00', priceCents: 14500 });
      expect(JSON.parse(after.json.toString('utf8'))).toEqual(after.listed);

      // One product comes from the app's own prepared list: a change another process marks reaches it within a check.
      await bumpCatalogueVersion(shop.db);
      await expect.poll(async () => (await get(`/api/products/${sa.id}`)).json<{ priceCents: number }>().priceCents, { timeout: 5_000 }).toBe(14500);
      expect((await get('/api/products/south-africa')).json()).toMatchObject({ price: '145.00', priceCents: 14500 });
    });

    it('shows stock another process took or gave back, though a checkout marks no version', async () => {
      const kenya = (await productList()).find((p) => p.slug === 'kenya')!;
      const setStock = (stockQuantity: number | null) => setMainSize(shop.db, kenya.id, { stockQuantity });
      const shownStock = async () => (await get('/api/products/kenya')).json<Product>().stockQuantity;
      try {
        await setStock(7);
        await expect.poll(shownStock, { timeout: 5_000 }).toBe(7);
        await setStock(6);
        await expect.poll(shownStock, { timeout: 5_000 }).toBe(6);
        expect((await productList()).find((p) => p.id === kenya.id)?.stockQuantity).toBe(6);
      } finally {
        await setStock(kenya.stockQuantity);
      }
    });
  });
});
