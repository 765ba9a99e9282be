/**
 * The public pages come rendered by the server (decision 0032): their content is there before any
 * script runs, and the app hydrates the page without changing what is shown (no hydration error,
 * nothing moving) and works at once.
 */
import { cartBadge, countryName, expect, fetchCatalogue, fetchProduct, hydrated, test, toast } from './fixtures';

const WIDTHS = [375, 1280];

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: width === 375 ? 667 : 800 });
    });

    test('the shop, a flag and the home page show their content with no script run at all', async ({ page, request }) => {
      await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
      // The frame's own goto: page.goto has axe judge the page being left (e2e/accessibility.ts),
      // and a page whose scripts were refused is not one the app ever leaves shoppers on.
      const visit = (path: string) => page.mainFrame().goto(path);
      const catalogue = await fetchCatalogue(request);
      await visit('/shop');
      await expect(page.getByRole('heading', { level: 1, name: 'Shop Country Flags' })).toBeVisible();
      await expect(page.getByTestId('product-card')).toHaveCount(catalogue.length);

      const flag = await fetchProduct(request, 'south-africa');
      await visit('/product/south-africa');
      await expect(page.getByRole('heading', { level: 1, name: countryName(flag.name) })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeVisible();

      await visit('/');
      await expect(page.getByRole('link', { name: 'Shop Premium Flags' })).toBeVisible();
      // With its scripts the page becomes the app (and is what axe judges at the end).
      await page.unrouteAll();
      await page.reload({ waitUntil: 'networkidle' });
    });

    test('the app hydrates the server-rendered pages without an error and without moving anything', async ({ page }) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      // Every layout shift the page makes from its first paint on, with what moved.
      await page.addInitScript(() => {
        const shifts: { value: number; moved: string[] }[] = [];
        (window as unknown as { layoutShifts: typeof shifts }).layoutShifts = shifts;
        type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node }[] };
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Shift[]) {
            if (!entry.hadRecentInput) shifts.push({ value: entry.value, moved: entry.sources.map((s) => (s.node as Element | undefined)?.outerHTML?.slice(0, 120) ?? '?') });
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      for (const path of ['/', '/shop', '/shop?region=europe&sort=price-desc', '/product/south-africa', '/contact', '/terms-of-service']) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: { value: number; moved: string[] }[] }).layoutShifts);
        // Far under a visible move (a card or a section rendered again shifts by 0.05 and more;
        // Lighthouse counts up to 0.1 as good). Now and then, at 375 px, Chromium reports the cart
        // icon moving by the menu button's width (0.0003), a cause not yet found.
        const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
        expect(total, `${path} moved as the app hydrated it: ${JSON.stringify(shifts)}`).toBeLessThan(0.001);
      }
      expect(errors).toEqual([]);
    });

    test("a shopper whose clock is years out sees the server-rendered page hydrated as it is, with the shop's year", async ({ page }) => {
      await page.clock.setSystemTime(new Date('1999-12-31T23:59:00Z'));
      const year = new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Johannesburg' }).slice(0, 4);
      await page.goto('/product/ghana');
      // Hydrated: the app answers the buttons (the hydration failures fail the test by themselves).
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await expect(cartBadge(page)).toHaveText('1');
      await hydrated(page.getByRole('contentinfo'));
      await expect(page.getByRole('contentinfo')).toContainText(`© ${year} `);
    });

    test('a server-rendered flag page adds to the cart as soon as it shows, even when Add to Cart is tapped before the app has hydrated the page', async ({ page }) => {
      // The flag page's code is held back, so the app cannot hydrate the page before the tap.
      let sendScreen!: () => void;
      const screenHeld = new Promise<void>((resolve) => (sendScreen = resolve));
      await page.route(/\/assets\/ProductPage-[^/]*\.js$/, async (route) => {
        await screenHeld;
        await route.continue();
      });
      await page.goto('/product/kenya', { waitUntil: 'domcontentloaded' });
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await expect(cartBadge(page)).toBeHidden();
      sendScreen();
      await expect(toast(page, 'Added to Cart!', 'Kenya (150 × 90 cm) has been added to your cart.')).toBeVisible();
      await expect(cartBadge(page)).toHaveText('1');
      // Added once, not once per tap.
      await page.reload();
      await expect(cartBadge(page)).toHaveText('1');
    });
  });
}

test('with scripts off, the shop still lists every flag with a link to its page', async ({ browser, request }) => {
  const catalogue = await fetchCatalogue(request);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  // Its own waitUntil: no app will hydrate this page.
  await page.goto('/shop', { waitUntil: 'load' });
  const links = await page.getByTestId('product-card').getByRole('link').evaluateAll((anchors) => [...new Set(anchors.map((a) => a.getAttribute('href')))]);
  expect(links.sort()).toEqual(catalogue.map((p) => `/product/${p.slug}`).sort());
  // Closed before the test ends: axe runs as a script in the page, which this browser refuses.
  await context.close();
});
