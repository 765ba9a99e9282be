/**
 * A shop with quantity breaks (QUANTITY_BREAKS=10:10,25:15): a school choosing 12 of the
 * 90 × 60 cm flag sees the lower price on the product page, in the cart beside a 150 × 90 cm line at
 * its own price, and pays it; the success page, the email, the tax invoice and the order desk say
 * so. The shop the other tests use has no breaks.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import fs from 'node:fs/promises';
import { afterDebounce, clickAgain, expect, expectNoSidewaysScroll, fetchProduct, openCart, rand, test, toast } from './fixtures';
import { startSecondShop, type SecondShop } from './second-shop';
import { buyWithSandbox, mailbox, newShopper, signInAs, signUp } from './shopper';
import { pdfText } from '../src/server/testing/pdf-text';
import { effectivePriceCents } from '../src/shared/product';

/** The owner of the shop with breaks, who reads the school's order on its desk. */
const BREAKS_DESK = { name: 'Breaks Desk', email: 'breaks-desk@example.co.za' };

let shop: SecondShop;
let api: APIRequestContext;

test.beforeAll(async ({ playwright }) => {
  shop = await startSecondShop({ QUANTITY_BREAKS: '10:10,25:15', ADMIN_EMAILS: BREAKS_DESK.email });
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

for (const width of [375, 1280]) {
  test(`a school pays for 12 at the break and one 150 × 90 cm flag; the success page, email, tax invoice and order desk charge the break (${width} px)`, async ({ browser }) => {
    // Browsers of their own on the second shop, so that the shopper helpers' addresses are that shop's.
    const viewport = { width, height: width === 375 ? 740 : 900 };
    const context = await browser.newContext({ baseURL: shop.url, viewport, acceptDownloads: true });
    const deskContext = await browser.newContext({ baseURL: shop.url, viewport });
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
      await expectNoSidewaysScroll(page);
      await expect(async () => {
        const mail = (await mailbox(page)).find((m) => m.to === shopper.email && m.subject.includes(orderNumber));
        expect(mail!.text).toContain(`12 x South Africa (90 × 60 cm): ${rand(12 * tenOff)}`);
      }).toPass();

      // From the success page to the order and its tax invoice: each size a line at the price paid.
      await page.getByRole('link', { name: 'View your order and its tax invoice' }).click();
      await expect(page).toHaveURL(new RegExp(`/profile/orders/${orderNumber}$`));
      const invoiceLink = page.getByTestId('order-documents').getByRole('link', { name: 'Download tax invoice' });
      const [file] = await Promise.all([page.waitForEvent('download'), invoiceLink.click()]);
      const invoice = await pdfText(await fs.readFile(await file.path()));
      expect(invoice).toContain(`South Africa flag, 90 × 60 cm 12 ${rand(tenOff)} ${rand(12 * tenOff)}`);
      expect(invoice).toContain(`South Africa flag, 150 × 90 cm 1 ${rand(standard)} ${rand(standard)}`);

      // The order desk names both sizes with what each line cost.
      const desk = await deskContext.newPage();
      await desk.goto('/');
      await signInAs(desk, BREAKS_DESK);
      await desk.goto(`/admin?tab=orders&q=${orderNumber}`);
      await desk.getByTestId('order-row').and(desk.locator(`[data-order-number="${orderNumber}"]`)).getByRole('link', { name: orderNumber }).click();
      // The order's facts list the flags; "Items and payment" lists them again with what each line cost.
      const items = desk.getByRole('dialog', { name: `Order ${orderNumber}` }).getByTestId('order-items').last().getByRole('listitem');
      await expect(items.filter({ hasText: '90 × 60 cm' })).toHaveText(`South Africa (90 × 60 cm) × 12${rand(12 * tenOff)}`);
      await expect(items.filter({ hasText: '150 × 90 cm' })).toHaveText(`South Africa (150 × 90 cm) × 1${rand(standard)}`);
      await expectNoSidewaysScroll(desk);
    } finally {
      await context.close();
      await deskContext.close();
    }
  });
}
