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

for (const width of [375, 1280]) {
  test(`every page of a demo shop says it is a demo and takes no real payment, at ${width} px`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height: 800 });
    for (const address of ['/', '/shop', '/product/south-africa', '/checkout', '/contact', '/no-such-page']) {
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
}

test('a shop that is not a demo shows no demo banner', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(demoBanner(page)).toHaveCount(0);
});
