/**
 * The owner sells a flag in a new size from the product dialog: shoppers can choose it on the flag's
 * page at once, with its price and stock, and once it is switched off it is gone from the page again.
 *
 * The new size is Zimbabwe's, a flag no other browser test counts or buys; the file still runs with
 * the catalogue changes, after the tests that read the whole catalogue.
 */
import type { Browser, Locator, Page } from '@playwright/test';
import { afterDebounce, expect, test, toast } from './fixtures';
import { adminPage } from './shopper';

test.describe.configure({ timeout: 90_000 });

/** The owner's own browser beside the shopper's, its clock under the test's hand like the shopper's (see afterDebounce). */
async function ownerPage(browser: Browser, width: number): Promise<Page> {
  const admin = await adminPage(browser);
  await admin.clock.install();
  await admin.setViewportSize({ width, height: width === 375 ? 667 : 900 });
  return admin;
}

async function editZimbabwe(admin: Page): Promise<Locator> {
  await admin.goto('/admin?tab=products');
  await expect(admin.getByRole('heading', { name: 'Products', level: 2 })).toBeVisible();
  await admin
    .getByTestId('admin-product-row')
    .filter({ has: admin.getByText('Zimbabwe', { exact: true }) })
    .getByRole('button', { name: 'Edit Zimbabwe' })
    .click();
  const dialog = admin.getByRole('dialog', { name: 'Edit Zimbabwe' });
  await expect(dialog).toBeVisible();
  return dialog.getByTestId('product-sizes');
}

test('the owner adds a 180 × 120 cm Zimbabwe flag; shoppers can choose it at once, until it is switched off', async ({ page, browser }) => {
  const admin = await ownerPage(browser, 1280);
  const sizes = await editZimbabwe(admin);
  await expect(sizes).toContainText('Shoppers see the first size first');

  await sizes.getByRole('button', { name: 'Add a size' }).click();
  const form = sizes.getByRole('form', { name: 'New size' });
  // Nothing is sent while the form is wrong: each problem is said beside its field.
  await form.getByLabel('Price (R)', { exact: true }).fill('0');
  await form.getByRole('button', { name: 'Add Size' }).click();
  await expect(form.getByLabel('Size name', { exact: true })).toHaveAccessibleDescription(/Please name the size as shoppers read it/);
  await expect(form.getByLabel('Price (R)', { exact: true })).toHaveAccessibleDescription(/Please enter the price in rand, like 130.00/);
  await expect(form.getByLabel('Size name', { exact: true })).toBeFocused();

  await form.getByLabel('Size name', { exact: true }).fill('180 × 120 cm');
  await form.getByLabel('Code', { exact: true }).fill('180x120');
  await form.getByLabel('SKU', { exact: true }).fill('ZIMBABWE-180X120');
  await form.getByLabel('Price (R)', { exact: true }).fill('260.00');
  await form.getByLabel('Stock', { exact: true }).fill('4');
  await afterDebounce(admin);
  await form.getByRole('button', { name: 'Add Size' }).click();
  await expect(toast(admin, 'Size Added', 'Zimbabwe is now sold in 180 × 120 cm.')).toBeVisible();
  const added = sizes.getByTestId('product-size').filter({ hasText: '180 × 120 cm' });
  await expect(added).toContainText('On sale');
  await expect(added).toContainText('R260.00');
  await expect(added).toContainText('Stock 4');

  // The shopper's page has the new size straight away, with its price and how few are left.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/product/zimbabwe');
  const picker = page.getByRole('group', { name: 'Size' });
  await expect(picker.getByRole('radio', { name: /180 × 120 cm\s*R260\.00\s*Only 4 left/ })).toHaveCount(1);
  await picker.getByText('180 × 120 cm', { exact: true }).click();
  await expect(page).toHaveURL(/\/product\/zimbabwe\?size=180x120$/);
  await expect(page.getByTestId('product-price')).toContainText('R260.00');

  await added.getByRole('button', { name: 'Switch off 180 × 120 cm' }).click();
  await expect(toast(admin, 'Size Switched Off', 'Zimbabwe is no longer sold in 180 × 120 cm.')).toBeVisible();
  await expect(added).toContainText('Switched off');
  await expect(added.getByRole('button', { name: 'Switch on 180 × 120 cm' })).toBeVisible();

  await page.goto('/product/zimbabwe');
  await expect(page.getByTestId('product-title')).toHaveText('Zimbabwe');
  await expect(page.getByRole('radio', { name: /180 × 120 cm/ })).toHaveCount(0);
  await expect(page.getByText('180 × 120 cm')).toHaveCount(0);
});

test('the sizes of a flag fit a phone, every button big enough for a thumb', async ({ browser }) => {
  const admin = await ownerPage(browser, 375);
  const sizes = await editZimbabwe(admin);
  await sizes.getByRole('button', { name: 'Add a size' }).click();
  await expect(sizes.getByRole('form', { name: 'New size' })).toBeVisible();
  await sizes.getByTestId('product-size').first().getByRole('button', { name: /^Edit / }).click();
  await expect(sizes.getByRole('form', { name: /^Edit / })).toBeVisible();

  const { overflow, right, smallButtons } = await sizes.evaluate((section) => ({
    overflow: section.scrollWidth - section.clientWidth,
    right: Math.max(...[...section.querySelectorAll('*')].map((element) => element.getBoundingClientRect().right)),
    smallButtons: [...section.querySelectorAll('button')].filter((button) => button.getBoundingClientRect().height < 44).map((button) => button.textContent),
  }));
  expect(overflow).toBe(0);
  expect(right).toBeLessThanOrEqual(375);
  expect(smallButtons).toEqual([]);
});
