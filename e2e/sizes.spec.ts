/**
 * Flags in sizes: a shopper chooses a size on a flag's page (in the address, so it can be shared
 * and Back returns to the one before), buys two sizes of one flag, and every page and the email
 * name each line's size at its own price.
 */
import { cartBadge, clickAgain, expect, test, toast } from './fixtures';
import { buyWithSandbox, mailbox, newShopper, signUp } from './shopper';
import { formatRand } from '../src/shared/money';

test.describe.configure({ timeout: 90_000 });

for (const width of [375, 1280]) {
  test(`a shopper buys 12 of the 90 × 60 cm and one 150 × 90 cm South African flag, each named with its size (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 375 ? 667 : 900 });
    const shopper = newShopper('Zanele', `Sizes${width}`);
    await signUp(page, shopper);

    await page.goto('/product/south-africa');
    const sizes = page.getByRole('group', { name: 'Size' });
    await expect(sizes.getByRole('radio', { name: /150 × 90 cm/ })).toBeChecked();
    await expect(page.getByTestId('product-price')).toContainText('R130.00');

    await sizes.getByText('90 × 60 cm', { exact: true }).click();
    await expect(sizes.getByRole('radio', { name: /90 × 60 cm/ })).toBeChecked();
    await expect(page).toHaveURL(/\/product\/south-africa\?size=90x60$/);
    await expect(page.getByTestId('product-price')).toContainText('R90.00');
    await expect(page.getByRole('row', { name: 'Size 90 × 60 cm' })).toBeVisible();

    // Back returns to the size before; the address opens on the size it names.
    await sizes.getByText('Desk flag', { exact: true }).click();
    await expect(page).toHaveURL(/size=desk$/);
    await page.goBack();
    await expect(sizes.getByRole('radio', { name: /90 × 60 cm/ })).toBeChecked();
    await page.reload();
    await expect(sizes.getByRole('radio', { name: /90 × 60 cm/ })).toBeChecked();

    await page.getByRole('spinbutton').fill('12');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(toast(page, 'Added to Cart!', '12 × South Africa (90 × 60 cm) have been added to your cart.')).toBeVisible();
    await sizes.getByText('150 × 90 cm', { exact: true }).click();
    await expect(sizes.getByRole('radio', { name: /150 × 90 cm/ })).toBeChecked();
    // The quantity typed stays when the size changes; this time one is wanted.
    await expect(page.getByRole('spinbutton')).toHaveValue('12');
    await page.getByRole('spinbutton').fill('1');
    await expect(page.getByTestId('product-price')).toContainText('R130.00');
    // The same button again: once its repeat-press window has passed.
    await clickAgain(page, page.getByRole('button', { name: 'Add to Cart' }));
    await expect(toast(page, 'Added to Cart!', 'South Africa (150 × 90 cm) has been added to your cart.')).toBeVisible();
    await expect(cartBadge(page)).toHaveText('13');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    const { orderNumber } = await buyWithSandbox(page, { phone: '0821234567' });
    const lines = page.getByTestId('order-line');
    await expect(lines).toHaveCount(2);
    await expect(lines.filter({ hasText: '90 × 60 cm' })).toContainText('12 × R90.00');
    await expect(lines.filter({ hasText: '90 × 60 cm' })).toContainText(formatRand(12 * 9_000));
    await expect(lines.filter({ hasText: '150 × 90 cm' })).toContainText('1 × R130.00');

    await expect(async () => {
      const mail = (await mailbox(page)).find((m) => m.to === shopper.email && m.subject.includes(orderNumber));
      expect(mail!.text).toContain('12 x South Africa (90 × 60 cm)');
      expect(mail!.text).toContain('1 x South Africa (150 × 90 cm)');
    }).toPass();
  });
}
