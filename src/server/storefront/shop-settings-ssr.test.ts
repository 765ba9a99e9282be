/**
 * What two of the shop's settings change on the pages the server renders: a demo shop
 * (SHOP_DEMO=true) says on each of them that it is a demo, and a shop not registered for VAT
 * (SHOP_VAT_NUMBER=) says nothing of VAT on any of them. The browser tests keep one look at each
 * (e2e/demo-shop.spec.ts, e2e/not-a-vat-vendor.spec.ts) for the pages the app renders there.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPageRenderer } from '../../web/server-entry';
import { formatRand, formatRandCompact } from '../../shared/money';
import { lowestPriceCents, effectivePriceCents, type ListedProduct } from '../../shared/product';
import { PAXI_STANDARD } from '../../shared/shop-facts';
import { loadConfig } from '../config';
import { shopPageData } from './html';
import { ssrPart, ssrText } from '../testing/ssr-page';
import { startTestApp, testDatabases, TEST_PUBLIC_URL, TEST_SESSION_SECRET, type TestApp } from '../testing/test-support';

const SSR_PAGES = ['/', '/shop', '/product/south-africa', '/contact', '/privacy-policy', '/terms-of-service', '/returns-policy', '/shipping-policy'];

/** The word VAT on its own: 'Vatican City' in the catalogue is a flag, not a tax. */
const VAT = /\bVAT\b/;

/** A shop with these settings, rendering its pages as the built shop does. */
async function shopWith(settings: Record<string, string>): Promise<TestApp> {
  const config = loadConfig({ PUBLIC_URL: TEST_PUBLIC_URL, SESSION_SECRET: TEST_SESSION_SECRET, ...settings } as NodeJS.ProcessEnv);
  // The app reads the shop's settings once, when its modules load, as a shop process does at start:
  // each shop here gets modules of its own, not those an earlier shop in this worker loaded.
  vi.resetModules();
  const pageRenderer = await createPageRenderer(shopPageData(config));
  // The pages' content depends on the settings, not on the database: the embedded one is enough.
  return startTestApp(testDatabases()[0]!, { pageRenderer, env: { ...settings, SSR_PAGES_PER_SECOND: '1000' } });
}

describe('a demo shop, rendered on the server', () => {
  let demo: TestApp;
  let shop: TestApp;

  beforeAll(async () => {
    demo = await shopWith({ SHOP_DEMO: 'true' });
    shop = await shopWith({});
  });
  afterAll(async () => {
    await Promise.all([demo?.close(), shop?.close()]);
  });

  it.each(SSR_PAGES)("says on %s that it is a demo and takes no real payment, above the page's heading", async (path) => {
    const res = await demo.app.inject({ url: path });
    expect(res.statusCode).toBe(200);
    const html = ssrPart(res.body);
    expect(html).toMatch(/<section aria-label="Demo shop"/);
    expect(ssrText(res.body)).toContain('This is a demo shop. No real payment is taken and no order will be sent');
    expect(html.indexOf('aria-label="Demo shop"')).toBeLessThan(html.indexOf('<h1'));
  });

  it('a shop that is not a demo says nothing of the kind', async () => {
    for (const path of SSR_PAGES) {
      const res = await shop.app.inject({ url: path });
      expect(res.statusCode).toBe(200);
      expect(ssrPart(res.body), path).not.toContain('Demo shop');
      expect(ssrText(res.body), path).not.toContain('This is a demo shop');
    }
  });
});

describe('a shop not registered for VAT, rendered on the server', () => {
  let shop: TestApp;
  let catalogue: ListedProduct[];

  beforeAll(async () => {
    shop = await shopWith({ SHOP_VAT_NUMBER: '' });
    catalogue = (await shop.app.inject({ url: '/api/products' })).json<ListedProduct[]>();
  });
  afterAll(async () => {
    await shop?.close();
  });

  it.each(SSR_PAGES)('says nothing of VAT on %s, in its content, its hidden answers or its description', async (path) => {
    const res = await shop.app.inject({ url: path });
    expect(res.statusCode).toBe(200);
    expect(ssrText(res.body)).not.toMatch(VAT);
    const description = /<meta name="description" content="([^"]*)"/.exec(res.body)?.[1];
    expect(description).toBeDefined();
    expect(description).not.toMatch(VAT);
  });

  it('shows its prices as they are: the lowest on the home page, the flag on its page with the PAXI fee beside it', async () => {
    const home = ssrText((await shop.app.inject({ url: '/' })).body);
    expect(home).toContain(`from ${formatRandCompact(lowestPriceCents(catalogue)!)}`);
    const flag = catalogue.find((product) => product.slug === 'south-africa')!;
    const page = ssrText((await shop.app.inject({ url: '/product/south-africa' })).body);
    expect(page).toContain(formatRand(effectivePriceCents(flag)));
    expect(page).toContain(`PAXI collection from ${PAXI_STANDARD.feeLabel}.`);
  });
});
