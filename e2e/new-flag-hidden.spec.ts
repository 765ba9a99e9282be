/**
 * A flag the owner adds on a phone (375 px) or at a laptop (1280 px) waits for its picture, unless
 * the owner shows it anyway, and is listed under the region chosen in the form. It runs after the
 * other files (playwright.config.ts), whose pages count the shop's flags.
 */
import { afterDebounce, expect, expectNoSidewaysScroll, productCard, test, toast } from './fixtures';
import { PHONE_ADMIN_EMAIL } from './admins';
import { signInAsAdmin } from './shopper';
import { countryName } from '../src/shared/product';

const PHONE = { width: 375, height: 740 };
const LAPTOP = { width: 1280, height: 800 };

for (const screen of [PHONE, LAPTOP]) {
  test(`at ${screen.width} px a new flag stays hidden until it has a picture or the owner shows it anyway, under the region chosen in the form`, async ({ page, browser }) => {
    const name = screen === PHONE ? 'SEALAND' : 'LADONIA';
    await page.setViewportSize(screen);
    await signInAsAdmin(page, PHONE_ADMIN_EMAIL);
    await page.goto('/admin?tab=products');
    await page.getByRole('button', { name: 'Add Flag' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a Flag' });
    await expect(dialog).toContainText('A new flag stays hidden from the shop until it has a picture.');
    await dialog.getByLabel('Flag name').fill(name);
    await dialog.getByLabel('Description').fill(`The flag of ${name}, in 150cm x 90cm polyester.`);
    await dialog.getByLabel('Price (R)', { exact: true }).fill('155');
    await expect(dialog.getByTestId('visibility-note')).toHaveText(/^Hidden until it has a picture/);

    // The shop does not know this country: the owner must choose where it is listed.
    await dialog.getByRole('button', { name: 'Add Flag' }).click();
    await expect(dialog.getByText("Choose the flag's region: Africa, Europe, Americas, Asia, Oceania, or none")).toBeVisible();
    await expect(dialog.getByLabel('Region')).toBeFocused();
    await dialog.getByLabel('Region').selectOption('Europe');
    await afterDebounce(page);
    await dialog.getByRole('button', { name: 'Add Flag' }).click();
    await expect(toast(page, 'Flag Added')).toBeVisible();
    const edit = page.getByRole('dialog', { name: `Edit ${countryName(name)}` });
    await expect(edit.getByLabel('Region')).toHaveValue('Europe');
    await expect(edit.getByTestId('visibility-note')).toHaveText(/^Hidden until it has a picture/);
    await edit.getByRole('button', { name: 'Cancel' }).click();
    const row = page.getByTestId('admin-product-row').filter({ has: page.getByText(countryName(name), { exact: true }) });
    await expect(row).toContainText('Needs a picture');
    await expectNoSidewaysScroll(page);

    const shopper = await (await browser.newContext({ viewport: screen })).newPage();
    await shopper.goto(`/shop?q=${name.toLowerCase()}`);
    await expect(shopper.getByText('No flags found matching your criteria')).toBeVisible();
    await shopper.goto(`/product/${name.toLowerCase()}`);
    await expect(shopper.getByRole('heading', { name: 'Product Not Found' })).toBeVisible();

    // Shown anyway, by choice: for the few seconds this test looks.
    await afterDebounce(page);
    await row.getByRole('button', { name: `Edit ${countryName(name)}` }).click();
    await edit.getByLabel('Show it before it has a picture').check();
    await expect(edit.getByTestId('visibility-note')).toHaveText(/^In the shop now, with a placeholder picture/);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText('Shown');
    try {
      await shopper.goto(`/shop?q=${name.toLowerCase()}&region=europe`);
      await expect(productCard(shopper, name)).toBeVisible();
      await shopper.goto(`/shop?q=${name.toLowerCase()}&region=africa`);
      await expect(productCard(shopper, name)).toHaveCount(0);
    } finally {
      await afterDebounce(page);
      await row.getByRole('button', { name: `Edit ${countryName(name)}` }).click();
      await edit.getByLabel('Shown in the shop').uncheck();
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await expect(edit).toBeHidden();
      await shopper.context().close();
    }
  });
}
