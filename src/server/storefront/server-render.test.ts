import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Product } from '../../shared/product';
import { describe, expect, it } from 'vitest';
import { products } from '../db/schema';
import { bumpCatalogueVersion } from '../catalog/catalogue-version';
import { formatRand } from '../../shared/money';
import { todayInSouthAfrica } from '../../shared/profile';
import { createPageRenderer } from '../../web/server-entry';
import { loadConfig } from '../config';
import { ssrAddress, keepSsrPages, NOT_SSR, type PageRenderer } from './server-render';
import { shopPageData, type PageData } from './html';
import { PAXI_STANDARD } from '../../shared/shop-facts';
import { FAKE_COLLECTION_ADDRESS } from '../testing/shiplogic-fake';
import { ssrPart, ssrText } from '../testing/ssr-page';
import { describeShop } from '../testing/describe-shop';
import { startTestApp, TEST_PUBLIC_URL, TEST_SESSION_SECRET } from '../testing/test-support';
import { setMainSize, mainSizeOf } from '../testing/main-size';

const productLinks = (html: string) => new Set(Array.from(ssrPart(html).matchAll(/href="\/product\/([a-z-]+)"/g), (m) => m[1]));

/** A shop that renders its pages as the built shop does. */
const ssrShop = async () => {
  const config = loadConfig({ PUBLIC_URL: TEST_PUBLIC_URL, SESSION_SECRET: TEST_SESSION_SECRET } as NodeJS.ProcessEnv);
  const pageRenderer = await createPageRenderer({ ...shopPageData(config), demo: false, website: TEST_PUBLIC_URL });
  // Well over what these tests render in a second: the budget itself is tested below.
  return { pageRenderer, env: { SSR_PAGES_PER_SECOND: '1000' } };
};

describeShop('pages rendered on the server', ssrShop, (shop) => {
  const get = (url: string) => shop.app.inject({ url });

  it('sends the shop grid rendered: every active flag with its name and price, the first pictures with their address', async () => {
    const res = await get('/shop');
    expect(res.statusCode).toBe(200);
    const html = ssrPart(res.body);
    const active = await shop.db.select().from(products).where(eq(products.isActive, true));
    expect(productLinks(res.body)).toEqual(new Set(active.map((p) => p.slug)));
    expect(html).toContain('<h1');
    const southAfrica = await mainSizeOf(shop.db, 'south-africa');
    expect(html).toContain(formatRand(southAfrica.salePriceCents ?? southAfrica.priceCents));
    // Pictures far down the grid get their address once they come near the screen, in the browser.
    expect(html).toMatch(/<img src="\/flags\/[^"]+"/);
    expect(html).toMatch(/<img data-src="\/flags\/[^"]+"/);
    // The first picture is in the page itself: no preload competes with the first paint.
    expect(res.body).not.toContain('rel="preload"');
  });

  it('renders the size the address names, its price and its radio chosen', async () => {
    const product = (await get('/api/products/south-africa')).json<Product>();
    const small = product.sizes.find((size) => size.code === '90x60')!;
    const html = ssrPart((await get('/product/south-africa?size=90x60&utm_source=mail')).body);
    expect(html).toContain(formatRand(small.priceCents));
    const radio = (code: string) => html.match(new RegExp(`<input[^>]*type="radio"[^>]*value="${code}"[^>]*>`))![0];
    expect(radio('90x60')).toContain('checked=""');
    expect(radio('150x90')).not.toContain('checked');
    expect(html).toContain('Two brass grommets');

    // A size of its own material is not sold with the polyester flag's features.
    const desk = product.sizes.find((size) => size.code === 'desk')!;
    const deskPage = ssrPart((await get('/product/south-africa?size=desk')).body);
    expect(deskPage).toContain(formatRand(desk.priceCents));
    expect(deskPage).toContain(desk.material!);
    expect(deskPage).not.toContain('Two brass grommets');
  });

  it('sends the product page rendered: the flag, its price and the Add to Cart button', async () => {
    const res = await get('/product/south-africa');
    expect(res.statusCode).toBe(200);
    const html = ssrPart(res.body);
    const flag = await mainSizeOf(shop.db, 'south-africa');
    expect(html).toMatch(/<h1[^>]*>[^<]*South Africa/);
    expect(html).toContain(formatRand(flag.salePriceCents ?? flag.priceCents));
    expect(html).toMatch(/Add to Cart/);
  });

  it.each(['/', '/contact', '/privacy-policy', '/terms-of-service', '/returns-policy', '/shipping-policy'])('sends %s rendered', async (path) => {
    const res = await get(path);
    expect(res.statusCode).toBe(200);
    expect(ssrPart(res.body)).toMatch(/<h1[^>]*>/);
  });

  it.each(['/profile', '/checkout', '/admin', '/payment/success', '/no/such/page', '/product/no-such-flag'])(
    'leaves %s, which depends on who asks or is not there, for the browser to render',
    async (path) => {
      expect(ssrPart((await get(path)).body)).toBe('');
    },
  );

  it('puts no script in a server-rendered page, and its policy allows exactly the style attributes the page has', async () => {
    for (const path of ['/', '/shop', '/product/south-africa', '/contact']) {
      const res = await get(path);
      const html = ssrPart(res.body);
      expect(html).not.toMatch(/<script|<template|<link/);
      const styles = new Set(Array.from(html.matchAll(/\sstyle="([^"]*)"/g), (m) => m[1]!.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, '&')));
      const policy = String(res.headers['content-security-policy']);
      const allowed = /style-src-attr 'unsafe-hashes'((?: 'sha256-[^']+')+)/.exec(policy)?.[1]?.trim().split(' ') ?? [];
      expect(new Set(allowed)).toEqual(new Set([...styles].map((v) => `'sha256-${createHash('sha256').update(v).digest('base64')}'`)));
      expect(policy).toContain("script-src 'self' 'nonce-");
    }
  });

  it('states courier delivery, its fees and times in the policies and on the shop page, and the courier and every browser storage in the privacy policy', async () => {
    const text = async (path: string) => {
      const res = await get(path);
      expect(res.statusCode).toBe(200);
      return ssrText(res.body);
    };
    // The shop's default courier prices (COURIER_FLAT_RATES unset), from its settings.
    const shipping = await text('/shipping-policy');
    expect(shipping).toContain('Courier delivery to your door');
    expect(shipping).toContain(`Courier Economy ${formatRand(9_900)} 3-5 business days`);
    expect(shipping).toContain(`Courier Overnight ${formatRand(14_900)} next business day`);
    expect(shipping).toContain(`PAXI Standard ${PAXI_STANDARD.feeLabel} ${PAXI_STANDARD.time}`);
    expect(shipping).toContain('Someone at the address must sign for the parcel.');
    expect(shipping).not.toContain('or to street addresses');

    const terms = await text('/terms-of-service');
    expect(terms).toContain(`for courier delivery to your door Economy (3-5 business days) ${formatRand(9_900)} or Overnight (next business day) ${formatRand(14_900)}`);
    expect(terms).toContain('A discount code is entered at checkout, one per order.');
    expect(await text('/returns-policy')).toContain('or the day the courier delivers them');
    expect(await text('/shop')).toContain('have a courier bring it to your door');

    const privacy = await text('/privacy-policy');
    expect(privacy).toMatch(/our courier , when you choose delivery to your door: your name, cellphone number, email address and street address/);
    for (const stored of ['cart-session-id', 'cart-owner', 'current-checkout-id', 'checkout-draft', 'firebase_user', 'chosen-paxi-point', 'better-auth.session_token', 'firebase-session']) {
      expect(privacy, stored).toContain(stored);
    }
    expect(privacy).not.toMatch(/ticked the box|tick the box to agree/);
  });

  it('says the courier prices each parcel at checkout when the shop asks Shiplogic for its prices', () => {
    const config = loadConfig({
      PUBLIC_URL: TEST_PUBLIC_URL,
      SESSION_SECRET: TEST_SESSION_SECRET,
      COURIER_PROVIDER: 'shiplogic',
      SHIPLOGIC_API_KEY: 'sl_test',
      SHIPLOGIC_API_URL: 'http://127.0.0.1:9/v2',
      SHIPLOGIC_COLLECTION_ADDRESS: FAKE_COLLECTION_ADDRESS,
    } as NodeJS.ProcessEnv);
    expect(shopPageData(config).courierFees).toEqual({ kind: 'quoted' });
  });

  it("shows South Africa's year in the footer, the same in the rendering and in the data the app hydrates the page with", async () => {
    const year = Number(todayInSouthAfrica().slice(0, 4));
    const res = await get('/contact');
    expect(ssrPart(res.body)).toContain(`© <!-- -->${year}<!-- --> `);
    const initial = JSON.parse(/<script id="initial-data" type="application\/json"[^>]*>([^<]*)<\/script>/.exec(res.body)![1]!) as { year: number };
    expect(initial.year).toBe(year);
  });

  it('sends an address with campaign parameters the rendering of the address without them', async () => {
    const plain = ssrPart((await get('/shop?region=africa&sort=price-desc')).body);
    const tagged = ssrPart((await get('/shop?utm_source=newsletter&sort=price-desc&utm_medium=email&region=africa')).body);
    expect(tagged).toBe(plain);
    expect(tagged).not.toContain('utm_');
  });

  it("sends a guest's order page unrendered, as My Profile's: an order is its buyer's own", async () => {
    for (const path of ['/orders/CF-100001?key=1798761600.Zm9yZ2VkLWJ1dC13ZWxsLWZvcm1lZC1zaWduYXR1cmUtMDAw', '/profile/orders/CF-100001']) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(200);
      expect(ssrPart(res.body), path).toBe('');
    }
  });

  it('renders no page with SSR_PAGES_PER_SECOND=0: the browser renders them all', async () => {
    const pageRenderer = await createPageRenderer(shopPageData(shop.config));
    const clientRendered = await startTestApp(shop.target, { pageRenderer, env: { SSR_PAGES_PER_SECOND: '0' } });
    try {
      for (const path of ['/', '/shop', '/product/kenya']) {
        const res = await clientRendered.app.inject({ url: path });
        expect(res.statusCode).toBe(200);
        expect(ssrPart(res.body)).toBe('');
      }
    } finally {
      await clientRendered.close();
    }
  });

  it('renders a hostile search as text', async () => {
    const hostile = '"><script>alert(1)</script><img src=x onerror=alert(2)>';
    const res = await get(`/shop?q=${encodeURIComponent(hostile)}`);
    expect(res.statusCode).toBe(200);
    const html = ssrPart(res.body);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it.each([
    '/shop?region=atlantis&sort=price-sideways',
    '/shop?q=%E2%80%AE%F0%9F%87%BF%F0%9F%87%A6&region=AFRICA',
    '/shop?q=a&q=b&sort=name-asc&sort=price-desc',
    '/shop?q=%25%25%25',
    '/product/south-africa?q=%3Cb%3E',
  ])('renders %s without failing, as the app would in the browser', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(ssrPart(res.body)).toMatch(/<h1/);
  });

  it('refuses a NUL in the address and renders a very long search without failing', async () => {
    expect((await get('/shop?q=%00')).statusCode).toBe(400);
    const res = await get(`/shop?q=${'flag'.repeat(1_000)}`);
    expect(res.statusCode).toBe(200);
    expect(ssrPart(res.body)).toMatch(/<h1/);
  });

  it('renders a page again once the catalogue changes', async () => {
    const setPrice = (cents: number) =>
      shop.db.transaction(async (tx) => {
        await setMainSize(tx, 'kenya', { priceCents: cents, salePriceCents: null });
        await bumpCatalogueVersion(tx);
      });
    const before = await mainSizeOf(shop.db, 'kenya');
    expect(ssrPart((await get('/product/kenya')).body)).toContain(formatRand(before.salePriceCents ?? before.priceCents));
    await setPrice(12_345);
    try {
      await expect.poll(async () => ssrPart((await get('/product/kenya')).body), { timeout: 10_000 }).toContain(formatRand(12_345));
      expect(ssrPart((await get('/shop')).body)).toContain(formatRand(12_345));
    } finally {
      await shop.db.transaction(async (tx) => {
        await setMainSize(tx, 'kenya', { priceCents: before.priceCents, salePriceCents: before.salePriceCents });
        await bumpCatalogueVersion(tx);
      });
    }
  });
});

describe('server-rendered pages kept', () => {
  const page = (year = 2026): PageData => ({ queries: [], year });

  function countingRenderer(result: (url: string) => Promise<string> = async (url) => `<main>${url}</main>`) {
    const calls: string[] = [];
    const render: PageRenderer = (url) => {
      calls.push(url);
      return result(url);
    };
    return { render, calls };
  }

  it('renders a page once for shoppers asking at the same moment, and again for a new catalogue or a new year', async () => {
    const { render, calls } = countingRenderer();
    const ssrPage = keepSsrPages(render, () => undefined);
    const pages = await Promise.all(Array.from({ length: 20 }, () => ssrPage('/shop', page(), 'v1')));
    expect(new Set(pages.map((p) => p.html))).toEqual(new Set(['<main>/shop</main>']));
    expect(calls).toEqual(['/shop']);
    await ssrPage('/shop', page(), 'v2');
    await ssrPage('/shop', page(2027), 'v2');
    expect(calls).toEqual(['/shop', '/shop', '/shop']);
  });

  it("renders an address with only the shop's search, region and sort, so that other parameters share its rendering", async () => {
    const { render, calls } = countingRenderer();
    const ssrPage = keepSsrPages(render, () => undefined);
    await ssrPage('/shop?utm_source=newsletter&sort=price-desc&region=africa', page(), 'v');
    await ssrPage('/shop?region=africa&sort=price-desc&fbclid=x', page(), 'v');
    await ssrPage('/shop?region=africa&sort=price-desc', page(), 'v');
    await ssrPage('/?utm_campaign=heritage-day', page(), 'v');
    await ssrPage('/', page(), 'v');
    await ssrPage('/shop?q=%3Cb%3E&q=second', page(), 'v');
    expect(calls).toEqual(['/shop?region=africa&sort=price-desc', '/', '/shop?q=%3Cb%3E']);
    expect(ssrAddress('/product/kenya?ref=whatsapp')).toBe('/product/kenya');
    expect(ssrAddress('/product/kenya?ref=whatsapp&size=90x60')).toBe('/product/kenya?size=90x60');
  });

  it('keeps at most its capacity, letting the page asked for longest ago go', async () => {
    const { render, calls } = countingRenderer();
    const ssrPage = keepSsrPages(render, () => undefined, { capacity: 2 });
    await ssrPage('/a', page(), 'v');
    await ssrPage('/b', page(), 'v');
    await ssrPage('/a', page(), 'v');
    await ssrPage('/c', page(), 'v');
    await ssrPage('/a', page(), 'v');
    expect(calls).toEqual(['/a', '/b', '/c']);
    await ssrPage('/b', page(), 'v');
    expect(calls).toEqual(['/a', '/b', '/c', '/b']);
  });

  it('renders no more new pages than its budget allows: the rest go out unrendered and are rendered once there is room again', async () => {
    const { render, calls } = countingRenderer();
    let now = 0;
    const ssrPage = keepSsrPages(render, () => undefined, { ssrPagesPerSecond: 2, now: () => now });
    // A burst of made-up searches: two seconds' worth are rendered at once, then nothing.
    const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => ssrPage(`/shop?q=made-up-${i}`, page(), 'v')));
    expect(burst.filter((p) => p.html !== '')).toHaveLength(4);
    expect(calls).toHaveLength(4);
    // A page rendered before is still sent rendered; a new one waits for the budget.
    expect((await ssrPage('/shop?q=made-up-0', page(), 'v')).html).toBe('<main>/shop?q=made-up-0</main>');
    expect(await ssrPage('/shop?q=made-up-9', page(), 'v')).toEqual(NOT_SSR);
    now += 499;
    expect(await ssrPage('/shop?q=made-up-9', page(), 'v')).toEqual(NOT_SSR);
    now += 1;
    expect((await ssrPage('/shop?q=made-up-9', page(), 'v')).html).toBe('<main>/shop?q=made-up-9</main>');
    expect(calls).toHaveLength(5);
  });

  it('tells a failed rendering once and sends that page unrendered', async () => {
    const { render, calls } = countingRenderer(async () => {
      throw new Error('no such component');
    });
    const failures: string[] = [];
    const ssrPage = keepSsrPages(render, (_err, url) => failures.push(url));
    expect(await ssrPage('/shop', page(), 'v')).toEqual(NOT_SSR);
    expect(await ssrPage('/shop', page(), 'v')).toEqual(NOT_SSR);
    expect(calls).toEqual(['/shop']);
    expect(failures).toEqual(['/shop']);
  });

  it("leaves out React's picture preloads and hashes each style attribute as the browser reads it", async () => {
    const { render } = countingRenderer(
      async () => '<link rel="preload" as="image" href="/a.svg"/><link rel="preload" as="image" href="/b.svg" fetchPriority="high"/><div style="font-family:&quot;A&amp;B&quot;"><p style="outline:none">x</p><p style="outline:none">y</p></div>',
    );
    const kept = await keepSsrPages(render, () => undefined)('/', page(), 'v');
    expect(kept.html).toBe('<div style="font-family:&quot;A&amp;B&quot;"><p style="outline:none">x</p><p style="outline:none">y</p></div>');
    const hash = (value: string) => `'sha256-${createHash('sha256').update(value).digest('base64')}'`;
    expect(kept.styleAttributeHashes).toEqual([hash('font-family:"A&B"'), hash('outline:none')]);
  });
});
