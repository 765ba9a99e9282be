import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../db/schema';
import { bumpCatalogueVersion } from '../catalog/catalogue-version';
import { lowestPriceCents, type Product, type ListedProduct } from '../../shared/product';
import { formatRandCompact } from '../../shared/money';
import { describeShop } from '../testing/describe-shop';
import { startTestApp, testDatabases, TEST_PUBLIC_URL, type TestApp } from '../testing/test-support';
import type { PaymentMethodView } from '../../shared/payment-methods';
import { setMainSize } from '../testing/main-size';

/** Undoes the numeric character references the server writes into attributes and titles. */
const decode = (text: string) => text.replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)));

function title(html: string): string | undefined {
  const m = /<title>([^<]*)<\/title>/.exec(html);
  return m ? decode(m[1]!) : undefined;
}

function meta(html: string, attribute: 'name' | 'property', key: string): string | undefined {
  const m = new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html);
  return m ? decode(m[1]!) : undefined;
}

function canonical(html: string): string | undefined {
  const m = /<link rel="canonical" href="([^"]*)"/.exec(html);
  return m ? decode(m[1]!) : undefined;
}

function jsonLd(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
}

describeShop('storefront pages', {}, (shop) => {
  const get = (url: string, headers: Record<string, string> = {}) => shop.app.inject({ url, headers });

  describe.each([
    ['/', /Premium Polyester Country Flags/],
    ['/shop', /^Shop Country Flags \| /],
    ['/contact', /^Contact Us \| /],
  ])('GET %s', (path, expectedTitle) => {
    it('is an HTML page with its title, description, Open Graph tags and canonical link', async () => {
      const res = await get(path);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const html = res.body;
      const pageTitle = title(html);
      expect(pageTitle).toMatch(expectedTitle);
      const description = meta(html, 'name', 'description');
      expect(description?.length).toBeGreaterThan(20);
      expect(meta(html, 'property', 'og:title')).toBe(pageTitle);
      expect(meta(html, 'property', 'og:description')).toBe(description);
      expect(meta(html, 'property', 'og:url')).toBe(`${TEST_PUBLIC_URL}${path}`);
      expect(canonical(html)).toBe(`${TEST_PUBLIC_URL}${path}`);
    });
  });

  describe('product pages', () => {
    it('describes the product with Open Graph tags and schema.org Product JSON-LD', async () => {
      const res = await get('/product/south-africa');
      expect(res.statusCode).toBe(200);
      const html = res.body;
      expect(title(html)).toMatch(/^South Africa Flag \| /);
      expect(meta(html, 'property', 'og:title')).toBe(title(html));
      expect(meta(html, 'property', 'og:type')).toBe('product');
      expect(meta(html, 'property', 'og:url')).toBe(`${TEST_PUBLIC_URL}/product/south-africa`);
      expect(canonical(html)).toBe(`${TEST_PUBLIC_URL}/product/south-africa`);
      const image = meta(html, 'property', 'og:image');
      expect(image).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/flags/.+\\.svg$`));

      const [product] = jsonLd(html) as { hasVariant: { sku: string; size: string; offers: { price: string; url: string } }[] }[];
      expect(product).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'ProductGroup',
        name: 'South Africa Flag',
        productGroupID: 'south-africa',
        variesBy: ['https://schema.org/size'],
      });
      const sizes = (await get('/api/products/south-africa')).json<Product>().sizes;
      expect(sizes.length).toBeGreaterThan(1);
      expect(product!.hasVariant.map((variant) => [variant.sku, variant.size, variant.offers.price, variant.offers.url])).toEqual(
        sizes.map((size) => [size.sku, size.label, size.salePrice ?? size.price, `${TEST_PUBLIC_URL}/product/south-africa?size=${size.code}`]),
      );
      expect(product!.hasVariant[0]).toMatchObject({ '@type': 'Product', size: '150 × 90 cm', offers: { '@type': 'Offer', price: '130.00', priceCurrency: 'ZAR' } });

      const imageRes = await get(image!.slice(TEST_PUBLIC_URL.length));
      expect(imageRes.statusCode).toBe(200);
      expect(imageRes.headers['content-type']).toMatch(/^image\/svg\+xml/);
    });

    it('offers the sale price of a product on sale', async () => {
      const botswana = (await get('/api/products/botswana')).json<Product>();
      const [product] = jsonLd((await get('/product/botswana')).body) as { hasVariant: unknown[] }[];
      expect(product!.hasVariant[0]).toMatchObject({ offers: { price: botswana.salePrice } });
    });

    it('answers an unknown product with a 404 Product Not Found page', async () => {
      const res = await get('/product/no-such-flag');
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(title(res.body)).toMatch(/Product Not Found/);
      expect(meta(res.body, 'name', 'robots')).toBe('noindex');
    });

    it('keeps a hostile description inside its script tag', async () => {
      const hostile = 'A fine flag.</script><script>alert(1)</script><!-- "quoted" & \u2028';
      await shop.db.transaction(async (tx) => {
        await tx.update(products).set({ description: hostile }).where(eq(products.slug, 'namibia'));
        await bumpCatalogueVersion(tx);
      });

      // The page comes from the prepared catalogue, which notices the change within about a second.
      await expect.poll(async () => meta((await get('/product/namibia')).body, 'name', 'description'), { timeout: 10_000 }).toBe(hostile);
      const res = await get('/product/namibia');
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('</script><script>alert(1)');
      expect(res.body).not.toContain('<script>alert(1)');
      expect(meta(res.body, 'name', 'description')).toBe(hostile);
      expect(jsonLd(res.body)).toEqual([expect.objectContaining({ description: hostile })]);
    });
  });

  it('sends the ways to pay with every page, as checkout names them', async () => {
    const html = (await get('/checkout')).body;
    const initial = JSON.parse(decode(/<script id="initial-data" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!)) as { paymentMethods: PaymentMethodView[] };
    expect(initial.paymentMethods).toEqual([
      {
        name: 'sandbox',
        label: 'Card',
        covers: 'Visa, Mastercard and American Express on a secure payment page (the sandbox: no real money moves)',
        pays: 'by card',
        paidWith: 'Card (sandbox)',
      },
    ]);
  });

  it("sends the catalogue with the home page, whose description names the cheapest flag's price, a sale price counted", async () => {
    const readHome = async () => {
      const html = (await get('/')).body;
      const initial = JSON.parse(decode(/<script id="initial-data" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!)) as {
        queries: [string, ListedProduct[]][];
      };
      return { description: meta(html, 'name', 'description'), catalogue: initial.queries.find(([key]) => key === '/api/products')?.[1] ?? [] };
    };
    const before = await readHome();
    expect(before.catalogue.map((p) => p.slug)).toEqual(expect.arrayContaining(['south-africa', 'united-states-of-america', 'united-kingdom']));
    expect(before.description).toContain(`from ${formatRandCompact(lowestPriceCents(before.catalogue)!)}, VAT included`);

    // Changed as another process would: this one notices the new catalogue version within about a second.
    const setSale = (cents: number | null) =>
      shop.db.transaction(async (tx) => {
        await setMainSize(tx, 'united-kingdom', { salePriceCents: cents });
        await bumpCatalogueVersion(tx);
      });
    await setSale(4_999);
    try {
      await expect.poll(async () => (await readHome()).description, { timeout: 10_000 }).toContain('from R49.99, VAT included');
      expect((await readHome()).catalogue.find((p) => p.slug === 'united-kingdom')?.salePriceCents).toBe(4_999);
    } finally {
      await setSale(null);
    }
  });

  it('answers an unknown page with a 404 Page Not Found page', async () => {
    const res = await get('/no/such/page');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(title(res.body)).toMatch(/^404 Page Not Found/);
  });

  it('lists every active product in the sitemap', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/xml/);
    expect(res.body.startsWith('<?xml')).toBe(true);
    expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(res.body.trimEnd().endsWith('</urlset>')).toBe(true);

    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    const productLocs = locs.filter((loc) => loc.startsWith(`${TEST_PUBLIC_URL}/product/`));
    const list = (await get('/api/products')).json<ListedProduct[]>();
    expect(productLocs.length).toBe(list.length);
    expect(new Set(productLocs)).toEqual(new Set(list.map((p) => `${TEST_PUBLIC_URL}/product/${p.slug}`)));
    expect(locs).toContain(`${TEST_PUBLIC_URL}/`);
    expect(locs.every((loc) => loc.startsWith(`${TEST_PUBLIC_URL}/`))).toBe(true);
  });

  it("sends a guest's order page and the order look-up unindexed, the link's key in none of the page's addresses", async () => {
    const key = '1798761600.Zm9yZ2VkLWJ1dC13ZWxsLWZvcm1lZC1zaWduYXR1cmUtMDAw';
    for (const [path, pageTitle] of [
      [`/orders/CF-100001?key=${key}`, /^Your Order \| /],
      ['/orders/find?order=CF-100001', /^Find Your Order \| /],
    ] as const) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(200);
      expect(title(res.body)).toMatch(pageTitle);
      expect(meta(res.body, 'name', 'robots')).toBe('noindex');
      expect(canonical(res.body)).toBe(`${TEST_PUBLIC_URL}${path.split('?')[0]}`);
      expect(res.body).not.toContain(key);
    }
    expect((await get('/robots.txt')).body.split('\n')).toContain('Disallow: /orders/');
  });

  it('names the sitemap in robots.txt', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body.split('\n')).toContain(`Sitemap: ${TEST_PUBLIC_URL}/sitemap.xml`);
    expect(res.body).toMatch(/^User-agent: \*$/m);
  });

  it('answers /healthz and /readyz', async () => {
    const health = await get('/healthz');
    expect(health.statusCode).toBe(200);
    const ready = await get('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready' });
  });

  describe('request ids', () => {
    it.each(['/', '/product/south-africa', '/no/such/page', '/api/products', '/api/nope', '/healthz', '/sitemap.xml'])(
      'gives %s an x-request-id header',
      async (url) => {
        const res = await get(url);
        expect(res.headers['x-request-id']).toEqual(expect.stringMatching(/^\S+$/));
      },
    );

    it('echoes a supplied x-request-id', async () => {
      const res = await get('/shop', { 'x-request-id': 'abc-123' });
      expect(res.headers['x-request-id']).toBe('abc-123');
    });

    it('replaces a supplied x-request-id that is not a plain token', async () => {
      const res = await get('/shop', { 'x-request-id': 'abc 123 <script>' });
      expect(res.headers['x-request-id']).not.toBe('abc 123 <script>');
      expect(res.headers['x-request-id']).toMatch(/^[A-Za-z0-9._-]+$/);
    });
  });
});

describe.each(testDatabases())('pages when something goes wrong on $name', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close().catch(() => undefined);
  });

  it('answers a bad page address with an HTML page in words', async () => {
    const res = await t.app.inject({ url: '/product/south%00africa' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<h1>This page cannot be shown</h1>');
    expect(res.body).toContain('The address (key) contains a NUL character, which is not allowed');
  });

  it('answers pages with an HTML error page while the database is down, and the API with a 503 in words', async () => {
    await t.database.close();
    const page = await t.app.inject({ url: '/product/south-africa', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(503);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['retry-after']).toBe('30');
    expect(page.body).toContain('<h1>Something went wrong</h1>');
    expect(page.body).toContain(`Reference: ${page.headers['x-request-id']}`);
    expect(page.body).toContain('<a href="/product/south-africa">Try Again</a>');
    expect(page.body).not.toMatch(/\bat \S+ \(|PGlite|pool/);

    const api = await t.app.inject({ url: '/api/products/south-africa' });
    expect(api.statusCode).toBe(503);
    expect(api.headers['content-type']).toMatch(/^application\/json/);
    expect(api.headers['retry-after']).toBe('5');
    expect(api.json()).toEqual({ message: 'The shop lost its connection to the database. Please try again.', code: 'database_unavailable' });
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(503);
  });
});

describeShop('the storefront of a shop not registered for VAT (SHOP_VAT_NUMBER=)', { env: { SHOP_VAT_NUMBER: '' } }, (shop) => {
  it("writes no VAT into its pages; the home page's description still names the cheapest flag's price", async () => {
    for (const path of ['/', '/shop', '/product/south-africa', '/terms-of-service', '/shipping-policy', '/checkout']) {
      // Word by word: 'VATICAN CITY' in the catalogue is no mention of VAT.
      expect((await shop.app.inject({ url: path })).body, path).not.toMatch(/\bVAT\b/);
    }
    const home = (await shop.app.inject({ url: '/' })).body;
    const initial = JSON.parse(decode(/<script id="initial-data" type="application\/json">(.*?)<\/script>/s.exec(home)![1]!)) as {
      shop: { vatNumber: string };
      queries: [string, ListedProduct[]][];
    };
    expect(initial.shop.vatNumber).toBe('');
    const catalogue = initial.queries.find(([key]) => key === '/api/products')![1];
    expect(meta(home, 'name', 'description')).toContain(`flags of 60+ countries from ${formatRandCompact(lowestPriceCents(catalogue)!)}. Cape Town`);
  });
});
