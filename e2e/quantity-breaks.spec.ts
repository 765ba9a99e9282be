/**
 * A shop with quantity breaks (QUANTITY_BREAKS=10:10,25:15): a school choosing 12 of the
 * 90 × 60 cm flag sees the lower price on the product page, in the cart beside a 150 × 90 cm line at
 * its own price, and pays it; the success page and the email say so. The invoice's lines are in
 * src/server/cart/quantity-breaks.test.ts; the shop the other tests use has no breaks.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { afterDebounce, clickAgain, expect, fetchProduct, openCart, rand, test, toast } from './fixtures';
import { startSecondShop, type SecondShop } from './second-shop';
import { buyWithSandbox, mailbox, newShopper, signUp } from './shopper';
import { effectivePriceCents } from '../src/shared/product';

let shop: SecondShop;
let api: APIRequestContext;

test.beforeAll(async ({ playwright }) => {
  shop = await startSecondShop({ QUANTITY_BREAKS: '10:10,25:15' });
  api = await playwright.request.newContext({ baseURL: shop.url });
});

test.afterAll(async () => {
  await api?.dispose();
  await shop?.stop();
});

/** One South African flag's prices on that shop: 90 × 60 cm, with 10% off, and 150 × 90 cm. */
async function southAfricanPrices() {
  const southAfrica = await fetchProduct(api, 'south-africa');
  const small = effectivePriceCents(southAfrica.sizes.find((size) => size.code === '90x60')!);
  return { small, standard: effectivePriceCents(southAfrica.sizes[0]!), tenOff: Math.round(small * 0.9) };
}

/** On the 90 × 60 cm page: 12 of that size, then one of the 150 × 90 cm, each added with its toast. */
async function addTheSchoolOrder(page: Page): Promise<void> {
  await page.getByRole('spinbutton').fill('12');
  await afterDebounce(page);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toast(page, 'Added to Cart!', '12 × South Africa (90 × 60 cm) have been added to your cart.')).toBeVisible();
  await page.getByRole('group', { name: 'Size' }).getByText('150 × 90 cm', { exact: true }).click();
  await page.getByRole('spinbutton').fill('1');
  await clickAgain(page, page.getByRole('button', { name: 'Add to Cart' }));
  await expect(toast(page, 'Added to Cart!', 'South Africa (150 × 90 cm) has been added to your cart.')).toBeVisible();
}

for (const width of [375, 1280]) {
  test(`12 of one size pay the break's price, shown on the page and charged in the cart (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 375 ? 667 : 900 });
    const { small, standard, tenOff } = await southAfricanPrices();

    await page.goto(`${shop.url}/product/south-africa?size=90x60`);
    const breaks = page.getByTestId('quantity-breaks');
    await expect(breaks.getByRole('heading', { name: 'Buy more of one size, pay less' })).toBeVisible();
    await expect(breaks.getByRole('row')).toHaveText(['Flags of this sizeEachSaving', `1 to 9${rand(small)}`, `10 or more${rand(tenOff)}10% off`, `25 or more${rand(Math.round(small * 0.85))}15% off`]);
    await expect(breaks.locator('[aria-current="true"]')).toHaveText(`1 to 9${rand(small)}`);

    await page.getByRole('spinbutton').fill('12');
    await expect(breaks.locator('[aria-current="true"]')).toHaveText(`10 or more${rand(tenOff)}10% off`);
    await addTheSchoolOrder(page);

    const panel = await openCart(page);
    const lines = panel.getByTestId('cart-item');
    await expect(lines.filter({ hasText: '90 × 60 cm' })).toContainText(`${rand(tenOff)}10% off for 10 or more`);
    await expect(lines.filter({ hasText: '150 × 90 cm' }).getByTestId('cart-item-break')).toHaveCount(0);
    await expect(panel.getByTestId('cart-total')).toHaveText(rand(12 * tenOff + standard));
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
}

test('a school signs in, pays for 12 at the break and one 150 × 90 cm flag, and the success page and email charge the break (1280 px)', async ({ browser }) => {
  // A browser of its own on the second shop, so that the shopper helpers' addresses are that shop's.
  const context = await browser.newContext({ baseURL: shop.url, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.clock.install();
  try {
    const { standard, tenOff } = await southAfricanPrices();
    await page.goto('/');
    const shopper = newShopper('Lindiwe', 'Schools');
    await signUp(page, shopper);

    await page.goto('/product/south-africa?size=90x60');
    await addTheSchoolOrder(page);

    const { orderNumber } = await buyWithSandbox(page, { phone: '0821234567' });
    const lines = page.getByTestId('order-line');
    await expect(lines.filter({ hasText: '90 × 60 cm' })).toContainText(`12 × ${rand(tenOff)}`);
    await expect(lines.filter({ hasText: '90 × 60 cm' })).toContainText(rand(12 * tenOff));
    await expect(lines.filter({ hasText: '150 × 90 cm' })).toContainText(`1 × ${rand(standard)}`);
    await expect(async () => {
      const mail = (await mailbox(page)).find((m) => m.to === shopper.email && m.subject.includes(orderNumber));
      expect(mail!.text).toContain(`12 x South Africa (90 × 60 cm): ${rand(12 * tenOff)}`);
    }).toPass();
  } finally {
    await context.close();
  }
});
