/**
 * A demo shop (SHOP_DEMO=true) says on every page that it is a demo and takes no real payment; the
 * shop the other tests use is no demo and says nothing of the kind.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { startSecondShop, type SecondShop } from './second-shop';

let demo: SecondShop;

test.beforeAll(async () => {
  demo = await startSecondShop({ SHOP_DEMO: 'true' });
});

test.afterAll(async () => {
  await demo?.stop();
});

const demoBanner = (page: Page) => page.getByRole('region', { name: 'Demo shop' });

// The pages the server renders are checked for the banner in src/server/storefront/shop-settings-ssr.test.ts;
// here, on a phone, the app keeps it once it hydrates a server-rendered page, and renders it on its own pages.
test('every page of a demo shop says it is a demo and takes no real payment, below the top bar, at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  for (const address of ['/', '/checkout', '/no-such-page']) {
    await page.goto(`${demo.url}${address}`);
    const banner = demoBanner(page);
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('This is a demo shop. No real payment is taken');
    // Not hidden under the fixed top bar.
    const box = (await banner.boundingBox())!;
    const bar = (await page.getByRole('banner').boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(bar.y + bar.height - 1);
  }
});

test('a shop that is not a demo shows no demo banner', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(demoBanner(page)).toHaveCount(0);
});
