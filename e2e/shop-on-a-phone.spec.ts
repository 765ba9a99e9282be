/**
 * The shop on a phone and on a desktop: the sort control, two cards to a row at 375 px, the
 * 'View cart' toast after Add to Cart with the focus kept on the button, the product page's price
 * and Add to Cart on the first screen, the home page's prices following the catalogue, and the
 * heading of each new page taking the focus.
 */
import type { Locator, Page } from '@playwright/test';
import { cartLine, cartPanel, countryName, expect, fetchCatalogue, fetchProduct, productCard, resultLine, test, toast } from './fixtures';
import { adminPage, origin } from './shopper';
import { filterCatalogue } from '../src/shared/catalogue-filter';
import { formatRandCompact } from '../src/shared/money';
import { lowestPriceCents } from '../src/shared/product';

const WIDTHS = [375, 1280];

function sortSelect(page: Page): Locator {
  return page.getByLabel('Sort by');
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found).not.toBeNull();
  return found!;
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: width === 375 ? 667 : 800 });
    });

    test('the sort control orders the flags, keeps the order in the address and the back button undoes it', async ({ page, request }) => {
      const catalogue = await fetchCatalogue(request);
      const inOrder = (sortKey: 'name' | 'price', sortDirection: 'asc' | 'desc') =>
        filterCatalogue(catalogue, { search: '', region: 'All', sortKey, sortDirection })
          .slice(0, 3)
          .map((p) => countryName(p.name));
      const firstNames = page.getByTestId('product-name');

      await page.goto('/shop');
      await expect(sortSelect(page)).toBeVisible();
      await expect(sortSelect(page)).toHaveValue('name-asc');
      expect((await box(sortSelect(page))).height).toBeGreaterThanOrEqual(44);
      expect(await sortSelect(page).locator('option').allTextContents()).toEqual([
        'Name: A to Z',
        'Name: Z to A',
        'Price: low to high',
        'Price: high to low',
      ]);
      await expect(firstNames.first()).toHaveText(inOrder('name', 'asc')[0]!);

      await sortSelect(page).selectOption({ label: 'Price: high to low' });
      await expect(page).toHaveURL(/\/shop\?sort=price-desc$/);
      // The grid re-renders just after the address changes.
      await expect.poll(async () => (await firstNames.allTextContents()).slice(0, 3)).toEqual(inOrder('price', 'desc'));

      // The order stays with a region and a search, and the count is unchanged.
      await page.getByRole('tab', { name: /^Europe/ }).click();
      await expect(page).toHaveURL(/sort=price-desc/);
      await expect(sortSelect(page)).toHaveValue('price-desc');

      await page.goBack();
      await expect(page).toHaveURL(/\/shop\?sort=price-desc$/);
      await page.goBack();
      await expect(page).toHaveURL(/\/shop$/);
      await expect(sortSelect(page)).toHaveValue('name-asc');
      await expect(resultLine(page)).toHaveText(`Showing ${catalogue.length} of ${catalogue.length} flags`);
    });

    test('an order the shop does not know reads as name A to Z, and a NUL in it is refused in words', async ({ page }) => {
      for (const sort of ['price-sideways', 'price', '-1', 'x'.repeat(2000), 'price-desc-desc', '']) {
        await page.goto(`/shop?sort=${encodeURIComponent(sort)}`);
        await expect(sortSelect(page)).toHaveValue('name-asc');
        await expect(page.getByTestId('product-card')).not.toHaveCount(0);
      }
      await page.goto('/shop?sort=PRICE-DESC');
      await expect(sortSelect(page)).toHaveValue('price-desc');
      const refused = await page.request.get('/shop?sort=price%00desc');
      expect(refused.status()).toBe(400);
      expect(await refused.text()).toMatch(/NUL character/);
    });

    test('the cards read well: name, price, stock and a 44 px Add to Cart, two to a row on a phone', async ({ page }) => {
      await page.goto('/shop');
      const cards = page.getByTestId('product-card');
      const columns = width === 375 ? 2 : 4;
      const boxes = await Promise.all([0, 1, 2, 3, 4].map((i) => box(cards.nth(i))));
      for (let i = 1; i < columns; i++) {
        expect(boxes[i]!.y, `card ${i + 1} beside the first`).toBeCloseTo(boxes[0]!.y, 0);
        expect(boxes[i]!.x).toBeGreaterThanOrEqual(boxes[i - 1]!.x + boxes[i - 1]!.width);
      }
      expect(boxes[columns]!.y, 'the next card starts a new row').toBeGreaterThan(boxes[0]!.y + boxes[0]!.height);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      const first = cards.first();
      const firstBox = boxes[0]!;
      for (const part of [first.getByTestId('product-name'), first.getByTestId('product-price'), first.getByRole('button', { name: /^Add to Cart/ })]) {
        await expect(part).toBeVisible();
        const partBox = await box(part);
        expect(partBox.x).toBeGreaterThanOrEqual(firstBox.x);
        expect(partBox.x + partBox.width).toBeLessThanOrEqual(firstBox.x + firstBox.width + 0.5);
      }
      for (const target of [first.getByRole('button', { name: /^Add to Cart/ }), first.getByRole('link', { name: /^View Details/ })]) {
        const targetBox = await box(target);
        expect(targetBox.height).toBeGreaterThanOrEqual(44);
        expect(targetBox.width).toBeGreaterThanOrEqual(44);
      }
      // Each card's two buttons say their words on one line.
      for (const target of [cards.getByRole('button', { name: /^Add to Cart/ }), cards.getByRole('link', { name: /^View Details/ })]) {
        const lines = await target.evaluateAll((elements) =>
          elements.map((element) => {
            const words = [...element.childNodes].find((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== '')!;
            const range = document.createRange();
            range.selectNodeContents(words);
            return `${words.textContent}: ${range.getClientRects().length} line(s)`;
          }),
        );
        expect(lines.filter((line) => !line.endsWith(': 1 line(s)'))).toEqual([]);
      }
    });

    test("Add to Cart keeps the focus on its button, the next Tab reaches the toast's View cart, and it opens the cart panel", async ({ page }) => {
      await page.goto('/shop');
      const fromCard = productCard(page, 'KENYA').getByRole('button', { name: 'Add to Cart: Kenya' });
      await fromCard.click();
      const addedKenya = toast(page, 'Added to Cart!', 'Kenya (150 × 90 cm) has been added to your cart.');
      await expect(addedKenya).toBeVisible();
      await expect(fromCard).toBeFocused();
      await expect(fromCard).toHaveText('Add to Cart');
      // One Tab away, and Escape there closes the toast and goes back to the button.
      await page.keyboard.press('Tab');
      await expect(addedKenya.getByRole('button', { name: 'View cart' })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(addedKenya).toBeHidden();
      await expect(fromCard).toBeFocused();

      await page.goto('/product/namibia');
      const fromPage = page.getByRole('button', { name: 'Add to Cart' });
      await fromPage.click();
      const added = toast(page, 'Added to Cart!', 'Namibia (150 × 90 cm) has been added to your cart.');
      await expect(added).toBeVisible();
      await expect(fromPage).toBeFocused();

      await page.keyboard.press('Tab');
      await expect(added.getByRole('button', { name: 'View cart' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(cartPanel(page)).toBeVisible();
      await expect(cartLine(page, 'NAMIBIA')).toBeVisible();
      await expect(cartLine(page, 'KENYA')).toBeVisible();
    });

    test('the region tabs that do not fit fade out at the edge they run past', async ({ page }) => {
      await page.goto('/shop');
      const tabs = page.getByTestId('region-tabs');
      await expect(tabs.getByRole('tab')).toHaveCount(6);
      const fade = () => tabs.evaluate((list) => getComputedStyle(list).maskImage);
      const runsPast = await tabs.evaluate((list) => list.scrollWidth > list.clientWidth);
      expect(runsPast, 'the tabs run past the edge only on a phone').toBe(width === 375);
      if (!runsPast) {
        await expect.poll(fade).toBe('none');
        return;
      }
      // The right edge fades while more tabs lie past it; scrolled to the end, the left one does.
      await expect.poll(fade).toMatch(/^linear-gradient\(to right, rgb\(0, 0, 0\) 0px/);
      await expect.poll(fade).toMatch(/rgba\(0, 0, 0, 0\) 100%\)$/);
      const firstBox = await box(tabs.getByRole('tab').first());
      expect(firstBox.x, 'the first tab starts in view').toBeGreaterThanOrEqual(0);
      await tabs.evaluate((list) => list.scrollTo({ left: list.scrollWidth }));
      await expect.poll(fade).toMatch(/rgb\(0, 0, 0\) 100%\)$/);
      await expect.poll(fade).toMatch(/^linear-gradient\(to right, rgba\(0, 0, 0, 0\) 0px, rgb\(0, 0, 0\) 24px/);
      const lastBox = await box(tabs.getByRole('tab').last());
      expect(lastBox.x + lastBox.width).toBeLessThanOrEqual(width);
    });

    test('the product page shows the price and Add to Cart on the first screen', async ({ page }) => {
      for (const slug of ['south-africa', 'united-states-of-america']) {
        await page.goto(`/product/${slug}`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(countryName((await fetchProduct(page.request, slug)).name));
        await expect(page.getByRole('img', { name: /^Flag of/ }).first()).toBeVisible();
        const height = page.viewportSize()!.height;
        for (const part of [page.getByTestId('product-price'), page.getByRole('button', { name: 'Add to Cart' })]) {
          const partBox = await box(part);
          expect(partBox.y, `${slug}: top`).toBeGreaterThanOrEqual(0);
          expect(partBox.y + partBox.height, `${slug}: bottom within ${height} px`).toBeLessThanOrEqual(height);
        }
        expect(await page.evaluate(() => window.scrollY)).toBe(0);
      }
    });

    test("a new page's main heading takes the focus after a link, not on the first load", async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).not.toBeFocused();
      await page.getByRole('link', { name: 'Shop Premium Flags' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Shop Country Flags' })).toBeFocused();
      await productCard(page, 'GHANA').getByRole('link', { name: /^View Details/ }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Ghana' })).toBeFocused();
    });
  });
}

test("the home page's prices follow the catalogue: a sale price set by the admin shows at once", async ({ page, browser, request }) => {
  const admin = await adminPage(browser);
  const uk = await fetchProduct(request, 'united-kingdom');
  const listedUk = (await fetchCatalogue(request)).find((p) => p.slug === 'united-kingdom')!;
  // Below every size of every flag, so that it is the shop's lowest price too.
  const salePriceCents = 2_500;
  const bestSeller = page.getByTestId('best-seller').filter({ hasText: 'United Kingdom' });
  const heroFrom = page.getByTestId('home-from-price');
  const setSale = async (cents: number | null) => {
    const answer = await admin.request.patch(`/api/admin/products/${uk.id}`, { data: { salePriceCents: cents }, headers: origin(admin) });
    expect(answer.ok()).toBe(true);
  };

  await page.goto('/');
  await expect(heroFrom).toHaveText(`, from ${formatRandCompact(lowestPriceCents(await fetchCatalogue(request))!)} including VAT`);
  await expect(bestSeller.getByTestId('best-seller-price')).toHaveText(`From ${formatRandCompact(listedUk.fromPriceCents)}`);

  await setSale(salePriceCents);
  try {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/');
      await expect(heroFrom).toHaveText(', from R25 including VAT');
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /from R25, VAT included/);
      await bestSeller.scrollIntoViewIfNeeded();
      // Its main size on sale is now its cheapest size, so the price it had is struck through.
      await expect(bestSeller.getByTestId('best-seller-price')).toHaveText(`From R25Original price: ${formatRandCompact(uk.priceCents)}`);
      await expect(bestSeller.getByRole('link', { name: 'United Kingdom' })).toHaveAttribute('href', '/product/united-kingdom');
    }
  } finally {
    await setSale(null);
  }
  await page.goto('/');
  await expect(bestSeller.getByTestId('best-seller-price')).toHaveText(`From ${formatRandCompact(listedUk.fromPriceCents)}`);
});
