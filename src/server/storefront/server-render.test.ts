import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '../db/schema';
import { bumpCatalogueVersion } from '../catalog/catalogue-version';
import { formatRand } from '../../shared/money';
import { todayInSouthAfrica } from '../../shared/profile';
import { createPageRenderer } from '../../web/server-entry';
import { loadConfig } from '../config';
import { drawnAddress, keepDrawnPages, NOT_DRAWN, type PageRenderer } from './server-render';
import { shopPageData, type PageData } from './html';
import { PAXI_STANDARD } from '../../shared/shop-facts';
import { FAKE_COLLECTION_ADDRESS } from '../testing/shiplogic-fake';
import { drawnPart, drawnText } from '../testing/drawn-page';
import { describeShop } from '../testing/describe-shop';
import { startTestApp, TEST_PUBLIC_URL, TEST_SESSION_SECRET } from '../testing/test-support';

const productLinks = (html: string) => new Set(Array.from(drawnPart(html).matchAll(/href="\/product\/([a-z-]+)"/g), (m) => m[1]));

/** A shop that draws its pages as the built shop does. */
const drawingShop = async () => {
  const config = loadConfig({ PUBLIC_URL: TEST_PUBLIC_URL, SESSION_SECRET: TEST_SESSION_SECRET } as NodeJS.ProcessEnv);
  const pageRenderer = await createPageRenderer({ ...shopPageData(config), demo: false, website: TEST_PUBLIC_URL });
  // Well over what these tests draw in a second: the budget itself is tested below.
  return { pageRenderer, env: { PAGE_DRAWINGS_PER_SECOND: '1000' } };
};

describeShop('pages drawn on the server', drawingShop, (shop) => {
  const get = (url: string) => shop.app.inject({ url });

  it('sends the shop grid drawn: every active flag with its name and price, the first pictures with their address', async () => {
    const res = await get('/shop');
    expect(res.statusCode).toBe(200);
    const drawn = drawnPart(res.body);
    const active = await shop.db.select().from(products).where(eq(products.isActive, true));
    expect(productLinks(res.body)).toEqual(new Set(active.map((p) => p.slug)));
    expect(drawn).toContain('<h1');
    const southAfrica = active.find((p) => p.slug === 'south-africa')!;
    expect(drawn).toContain(formatRand(southAfrica.salePriceCents ?? southAfrica.priceCents));
    // Pictures far down the grid get their address once they come near the screen, in the browser.
    expect(drawn).toMatch(/<img src="\/flags\/[^"]+"/);
    expect(drawn).toMatch(/<img data-src="\/flags\/[^"]+"/);
    // The first picture is in the page itself: no preload competes with the first paint.
    expect(res.body).not.toContain('rel="preload"');
  });

  it('sends the product page drawn: the flag, its price and the Add to Cart button', async () => {
    const res = await get('/product/south-africa');
    expect(res.statusCode).toBe(200);
    const drawn = drawnPart(res.body);
    const [flag] = await shop.db.select().from(products).where(eq(products.slug, 'south-africa'));
    expect(drawn).toMatch(/<h1[^>]*>[^<]*South Africa/);
    expect(drawn).toContain(formatRand(flag!.salePriceCents ?? flag!.priceCents));
    expect(drawn).toMatch(/Add to Cart/);
  });

  it.each(['/', '/contact', '/privacy-policy', '/terms-of-service', '/returns-policy', '/shipping-policy'])('sends %s drawn', async (path) => {
    const res = await get(path);
    expect(res.statusCode).toBe(200);
    expect(drawnPart(res.body)).toMatch(/<h1[^>]*>/);
  });

  it.each(['/profile', '/checkout', '/admin', '/payment/success', '/no/such/page', '/product/no-such-flag'])(
    'leaves %s, which depends on who asks or is not there, for the browser to draw',
    async (path) => {
      expect(drawnPart((await get(path)).body)).toBe('');
    },
  );

  it('puts no script in a drawn page, and its policy allows exactly the style attributes the page has', async () => {
    for (const path of ['/', '/shop', '/product/south-africa', '/contact']) {
      const res = await get(path);
      const drawn = drawnPart(res.body);
      expect(drawn).not.toMatch(/<script|<template|<link/);
      const styles = new Set(Array.from(drawn.matchAll(/\sstyle="([^"]*)"/g), (m) => m[1]!.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, '&')));
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
      return drawnText(res.body);
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

  it("shows South Africa's year in the footer, the same in the drawing and in the data the app takes the page over with", async () => {
    const year = Number(todayInSouthAfrica().slice(0, 4));
    const res = await get('/contact');
    expect(drawnPart(res.body)).toContain(`© <!-- -->${year}<!-- --> `);
    const initial = JSON.parse(/<script id="initial-data" type="application\/json"[^>]*>([^<]*)<\/script>/.exec(res.body)![1]!) as { year: number };
    expect(initial.year).toBe(year);
  });

  it('sends an address with campaign parameters the drawing of the address without them', async () => {
    const plain = drawnPart((await get('/shop?region=africa&sort=price-desc')).body);
    const tagged = drawnPart((await get('/shop?utm_source=newsletter&sort=price-desc&utm_medium=email&region=africa')).body);
    expect(tagged).toBe(plain);
    expect(tagged).not.toContain('utm_');
  });

  it('draws no page with PAGE_DRAWINGS_PER_SECOND=0: the browser draws them all', async () => {
    const pageRenderer = await createPageRenderer(shopPageData(shop.config));
    const undrawn = await startTestApp(shop.target, { pageRenderer, env: { PAGE_DRAWINGS_PER_SECOND: '0' } });
    try {
      for (const path of ['/', '/shop', '/product/kenya']) {
        const res = await undrawn.app.inject({ url: path });
        expect(res.statusCode).toBe(200);
        expect(drawnPart(res.body)).toBe('');
      }
    } finally {
      await undrawn.close();
    }
  });

  it('draws a hostile search as text', async () => {
    const hostile = '"><script>alert(1)</script><img src=x onerror=alert(2)>';
    const res = await get(`/shop?q=${encodeURIComponent(hostile)}`);
    expect(res.statusCode).toBe(200);
    const drawn = drawnPart(res.body);
    expect(drawn).not.toContain('<script>alert(1)');
    expect(drawn).not.toContain('<img src=x');
    expect(drawn).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it.each([
    '/shop?region=atlantis&sort=price-sideways',
    '/shop?q=%E2%80%AE%F0%9F%87%BF%F0%9F%87%A6&region=AFRICA',
    '/shop?q=a&q=b&sort=name-asc&sort=price-desc',
    '/shop?q=%25%25%25',
    '/product/south-africa?q=%3Cb%3E',
  ])('draws %s without failing, as the app would in the browser', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(drawnPart(res.body)).toMatch(/<h1/);
  });

  it('refuses a NUL in the address and draws a very long search without failing', async () => {
    expect((await get('/shop?q=%00')).statusCode).toBe(400);
    const res = await get(`/shop?q=${'flag'.repeat(1_000)}`);
    expect(res.statusCode).toBe(200);
    expect(drawnPart(res.body)).toMatch(/<h1/);
  });

  it('draws a page again once the catalogue changes', async () => {
    const setPrice = (cents: number) =>
      shop.db.transaction(async (tx) => {
        await tx.update(products).set({ priceCents: cents, salePriceCents: null }).where(eq(products.slug, 'kenya'));
        await bumpCatalogueVersion(tx);
      });
    const [before] = await shop.db.select().from(products).where(eq(products.slug, 'kenya'));
    expect(drawnPart((await get('/product/kenya')).body)).toContain(formatRand(before!.salePriceCents ?? before!.priceCents));
    await setPrice(12_345);
    try {
      await expect.poll(async () => drawnPart((await get('/product/kenya')).body), { timeout: 10_000 }).toContain(formatRand(12_345));
      expect(drawnPart((await get('/shop')).body)).toContain(formatRand(12_345));
    } finally {
      await shop.db.transaction(async (tx) => {
        await tx
          .update(products)
          .set({ priceCents: before!.priceCents, salePriceCents: before!.salePriceCents })
          .where(eq(products.slug, 'kenya'));
        await bumpCatalogueVersion(tx);
      });
    }
  });
});

describe('drawn pages kept', () => {
  const page = (year = 2026): PageData => ({ queries: [], year });

  function countingRenderer(result: (url: string) => Promise<string> = async (url) => `<main>${url}</main>`) {
    const calls: string[] = [];
    const render: PageRenderer = (url) => {
      calls.push(url);
      return result(url);
    };
    return { render, calls };
  }

  it('draws a page once for shoppers asking at the same moment, and again for a new catalogue or a new year', async () => {
    const { render, calls } = countingRenderer();
    const drawnPage = keepDrawnPages(render, () => undefined);
    const pages = await Promise.all(Array.from({ length: 20 }, () => drawnPage('/shop', page(), 'v1')));
    expect(new Set(pages.map((p) => p.html))).toEqual(new Set(['<main>/shop</main>']));
    expect(calls).toEqual(['/shop']);
    await drawnPage('/shop', page(), 'v2');
    await drawnPage('/shop', page(2027), 'v2');
    expect(calls).toEqual(['/shop', '/shop', '/shop']);
  });

  it("draws an address with only the shop's search, region and sort, so that other parameters share its drawing", async () => {
    const { render, calls } = countingRenderer();
    const drawnPage = keepDrawnPages(render, () => undefined);
    await drawnPage('/shop?utm_source=newsletter&sort=price-desc&region=africa', page(), 'v');
    await drawnPage('/shop?region=africa&sort=price-desc&fbclid=x', page(), 'v');
    await drawnPage('/shop?region=africa&sort=price-desc', page(), 'v');
    await drawnPage('/?utm_campaign=heritage-day', page(), 'v');
    await drawnPage('/', page(), 'v');
    await drawnPage('/shop?q=%3Cb%3E&q=second', page(), 'v');
    expect(calls).toEqual(['/shop?region=africa&sort=price-desc', '/', '/shop?q=%3Cb%3E']);
    expect(drawnAddress('/product/kenya?ref=whatsapp')).toBe('/product/kenya');
  });

  it('keeps at most its capacity, letting the page asked for longest ago go', async () => {
    const { render, calls } = countingRenderer();
    const drawnPage = keepDrawnPages(render, () => undefined, { capacity: 2 });
    await drawnPage('/a', page(), 'v');
    await drawnPage('/b', page(), 'v');
    await drawnPage('/a', page(), 'v');
    await drawnPage('/c', page(), 'v');
    await drawnPage('/a', page(), 'v');
    expect(calls).toEqual(['/a', '/b', '/c']);
    await drawnPage('/b', page(), 'v');
    expect(calls).toEqual(['/a', '/b', '/c', '/b']);
  });

  it('draws no more new pages than its budget allows: the rest go out undrawn and are drawn once there is room again', async () => {
    const { render, calls } = countingRenderer();
    let now = 0;
    const drawnPage = keepDrawnPages(render, () => undefined, { drawingsPerSecond: 2, now: () => now });
    // A burst of made-up searches: two seconds' worth are drawn at once, then nothing.
    const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => drawnPage(`/shop?q=made-up-${i}`, page(), 'v')));
    expect(burst.filter((p) => p.html !== '')).toHaveLength(4);
    expect(calls).toHaveLength(4);
    // A page drawn before is still sent drawn; a new one waits for the budget.
    expect((await drawnPage('/shop?q=made-up-0', page(), 'v')).html).toBe('<main>/shop?q=made-up-0</main>');
    expect(await drawnPage('/shop?q=made-up-9', page(), 'v')).toEqual(NOT_DRAWN);
    now += 499;
    expect(await drawnPage('/shop?q=made-up-9', page(), 'v')).toEqual(NOT_DRAWN);
    now += 1;
    expect((await drawnPage('/shop?q=made-up-9', page(), 'v')).html).toBe('<main>/shop?q=made-up-9</main>');
    expect(calls).toHaveLength(5);
  });

  it('tells a failed drawing once and sends that page undrawn', async () => {
    const { render, calls } = countingRenderer(async () => {
      throw new Error('no such component');
    });
    const failures: string[] = [];
    const drawnPage = keepDrawnPages(render, (_err, url) => failures.push(url));
    expect(await drawnPage('/shop', page(), 'v')).toEqual(NOT_DRAWN);
    expect(await drawnPage('/shop', page(), 'v')).toEqual(NOT_DRAWN);
    expect(calls).toEqual(['/shop']);
    expect(failures).toEqual(['/shop']);
  });

  it("leaves out React's picture preloads and hashes each style attribute as the browser reads it", async () => {
    const { render } = countingRenderer(
      async () => '<link rel="preload" as="image" href="/a.svg"/><link rel="preload" as="image" href="/b.svg" fetchPriority="high"/><div style="font-family:&quot;A&amp;B&quot;"><p style="outline:none">x</p><p style="outline:none">y</p></div>',
    );
    const drawn = await keepDrawnPages(render, () => undefined)('/', page(), 'v');
    expect(drawn.html).toBe('<div style="font-family:&quot;A&amp;B&quot;"><p style="outline:none">x</p><p style="outline:none">y</p></div>');
    const hash = (value: string) => `'sha256-${createHash('sha256').update(value).digest('base64')}'`;
    expect(drawn.styleAttributeHashes).toEqual([hash('font-family:"A&B"'), hash('outline:none')]);
  });
});
