/**
 * Checkout's invoice fields: a company, its VAT number and an address, all optional until the
 * order is above R5,000, when the full tax invoice needs the buyer's address.
 */
import type { Page } from '@playwright/test';
import { expect, fetchProduct, test } from './fixtures';
import { chooseNearestPoint, field, fillDetails, newShopper, origin, pay, signUp } from './shopper';

test.describe.configure({ timeout: 90_000 });

/** Ten of each flag in the signed-in shopper's cart, through the cart API as the product page would. */
async function fillCart(page: Page, slugs: string[]): Promise<void> {
  const sessionId = await page.evaluate(() => localStorage.getItem('cart-session-id'));
  for (const slug of slugs) {
    const product = await fetchProduct(page.request, slug);
    const answer = await page.request.post('/api/cart', { data: { sessionId, productId: product.id, quantity: 10 }, headers: origin(page) });
    expect(answer.status()).toBe(201);
  }
}

// A journey at a laptop's width; the folded fields below are looked at on a phone.
test('an order over R5,000 asks for the address for the full tax invoice; a wrong VAT number is refused in words (1280 px)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUp(page, newShopper('Lerato', 'Mahlangu'));
  await fillCart(page, ['brazil', 'argentina', 'south-africa']);
  await page.goto('/checkout');
  await fillDetails(page, { phone: '0821234567' });
  await chooseNearestPoint(page);

  // Above R5,000 the invoice fields are open and the address is asked for.
  await expect(page.getByText('Your address for the tax invoice')).toBeVisible();
  await expect(field(page, 'Address')).toBeVisible();
  await pay(page);
  await expect(page.getByText('Orders over R5 000 get a full tax invoice, which needs your address: please enter it')).toBeVisible();
  await expect(field(page, 'Address')).toBeFocused();
  await expect(page).toHaveURL(/\/checkout$/);

  await field(page, 'Company name (optional)').fill('Mahlangu Events (Pty) Ltd');
  await field(page, 'VAT number (optional)').fill('5123456789');
  await field(page, 'Address').fill('14 Jan Smuts Avenue, Parktown, Johannesburg, 2193');
  await expect(page.getByText('Orders over R5 000 get a full tax invoice, which needs your address: please enter it')).toBeHidden();
  await pay(page);
  await expect(page.getByText('A South African VAT number is 10 digits starting with 4')).toBeVisible();
  await expect(field(page, 'VAT number (optional)')).toBeFocused();

  await field(page, 'VAT number (optional)').fill('4123 456 780');
  // The message goes as soon as the number is right, before Pay is pressed (the form does not move under the tap).
  await expect(page.getByText('A South African VAT number is 10 digits starting with 4')).toBeHidden();
  await pay(page);
  await expect(page).toHaveURL(/\/sandbox-pay\//);

  // Back on checkout, the invoice details are still there.
  await page.getByRole('button', { name: /^Cancel/ }).click();
  await page.getByRole('link', { name: 'Return to Checkout' }).click();
  await expect(field(page, 'Company name (optional)')).toHaveValue('Mahlangu Events (Pty) Ltd');
  await expect(field(page, 'Address')).toHaveValue('14 Jan Smuts Avenue, Parktown, Johannesburg, 2193');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test('below R5,000 the invoice fields wait folded, and open when asked', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signUp(page, newShopper('Sipho', 'Dube'));
  await fillCart(page, ['kenya']);
  await page.goto('/checkout');
  const summary = page.getByText('Buying for a company? Add its details to the invoice');
  await expect(summary).toBeVisible();
  await expect(field(page, 'Company name (optional)')).toBeHidden();
  await summary.click();
  await expect(field(page, 'Address (optional)')).toBeVisible();
  await expect(field(page, 'VAT number (optional)')).toHaveAccessibleDescription('10 digits, starting with 4');
});
