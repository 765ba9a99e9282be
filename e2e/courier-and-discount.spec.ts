/**
 * Courier delivery to the door and a discount code at checkout, with the shop's default flat
 * courier rates (economy R99, overnight R149): the address, the prices as soon as it is complete,
 * the code, kept after Cancel on the payment page (or removed in words), and the order afterwards.
 */
import { randomBytes } from 'node:crypto';
import { clickAgain, expect, fetchProduct, effectivePriceCents, rand, test } from './fixtures';
import { addToCart, adminPage, cancelOnPaymentPage, checkoutForm, field, fillDetails, newShopper, origin, pay, signUp } from './shopper';

const OVERNIGHT_CENTS = 14_900;

test.describe.configure({ timeout: 90_000 });

test('a shopper buys a flag with a courier to the door and a discount code, and the order remembers both', async ({ page, browser }) => {
  const admin = await adminPage(browser);
  const code = `SPRINGBOK-${randomBytes(3).toString('hex').toUpperCase()}`;
  const made = await admin.request.post('/api/admin/discount-codes', { data: { code, kind: 'percent', percent: 10 }, headers: origin(admin) });
  expect(made.status()).toBe(201);
  const retired = `WINTER-${randomBytes(3).toString('hex').toUpperCase()}`;
  const retiredMade = await admin.request.post('/api/admin/discount-codes', { data: { code: retired, kind: 'percent', percent: 20 }, headers: origin(admin) });
  expect(retiredMade.status()).toBe(201);

  const shopper = newShopper('Lindiwe', 'Dube');
  await signUp(page, shopper);
  await addToCart(page, 'kenya', 'KENYA');
  const subtotal = effectivePriceCents(await fetchProduct(page.request, 'kenya'));
  await page.goto('/checkout');
  await fillDetails(page, { phone: '082 555 0101' });

  await page.getByRole('radio', { name: /Courier to your door/ }).check();
  await expect(page.getByRole('heading', { name: 'PAXI Points Near You' })).toHaveCount(0);
  await expect(page.getByTestId('checkout-fee')).toHaveText('To be priced');
  await field(page, 'Street address').fill('12 Long Street');
  await field(page, 'Suburb').fill('Gardens');
  await field(page, 'City or town').fill('Cape Town');
  await field(page, 'Province').selectOption('Western Cape');
  await field(page, 'Postal code').fill('800');
  await field(page, 'Company or school (optional)').fill('Gardens Primary');
  // No price yet, so no 'Pay R…' for a total without delivery: the button says what it waits for.
  const payButton = page.getByRole('complementary').getByRole('button', { name: 'Enter your address for the delivery price' });
  await expect(payButton).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pay R/ })).toHaveCount(0);
  await expect(page.getByTestId('checkout-total')).toHaveText(`${rand(subtotal)} + delivery`);
  await page.getByRole('button', { name: 'Get delivery prices' }).click();
  await expect(checkoutForm(page).getByText('Please enter a 4-digit postal code')).toBeVisible();
  await expect(field(page, 'Postal code')).toBeFocused();
  // A complete address is priced by itself, without another click.
  await field(page, 'Postal code').fill('8001');
  await expect(page.getByRole('radio', { name: /Economy \(3-5 business days\) — R99\.00/ })).toBeChecked();
  await page.getByRole('radio', { name: /Overnight \(next business day\) — R149\.00/ }).check();
  await page.getByLabel('Save this address to My Profile').check();
  await expect(page.getByTestId('checkout-fee')).toHaveText(rand(OVERNIGHT_CENTS));

  // A code the shop switches off while the shopper is away is taken off in words when checkout opens again.
  await page.getByLabel('Discount code').fill(retired);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('discount-applied')).toContainText(`${retired}: 20% off`);
  const retiredId = ((await (await admin.request.get('/api/admin/discount-codes')).json()) as { codes: { id: string; code: string }[] }).codes.find((c) => c.code === retired)!.id;
  expect((await admin.request.patch(`/api/admin/discount-codes/${retiredId}`, { data: { active: false }, headers: origin(admin) })).status()).toBe(200);
  await admin.context().close();
  await page.reload();
  await expect(page.getByText(`The discount code ${retired} was removed. This discount code is no longer available.`)).toBeVisible();
  await expect(page.getByLabel('Discount code')).toHaveValue(retired);
  await expect(page.getByTestId('checkout-discount')).toHaveCount(0);
  await expect(page.getByRole('radio', { name: /Overnight \(next business day\) — R149\.00/ })).toBeChecked();

  // A wrong code is refused in words; the right one, typed in lower case, takes 10% off the flags.
  await page.getByLabel('Discount code').fill('NOT-A-CODE');
  await clickAgain(page, page.getByRole('button', { name: 'Apply' }));
  await expect(page.getByText('This discount code is not valid. Please check it and try again.')).toBeVisible();
  await page.getByLabel('Discount code').fill(code.toLowerCase());
  await clickAgain(page, page.getByRole('button', { name: 'Apply' }));
  await expect(page.getByTestId('discount-applied')).toContainText(`${code}: 10% off`);
  const off = Math.round(subtotal / 10);
  const total = subtotal + OVERNIGHT_CENTS - off;
  await expect(page.getByTestId('checkout-discount')).toHaveText(`-${rand(off)}`);
  await expect(page.getByTestId('checkout-total')).toHaveText(rand(total));
  await expect(page.getByRole('complementary')).toContainText('12 Long Street, Gardens, Cape Town');

  // Cancel on the payment page and back: the address, the service and the code are all still there.
  await cancelOnPaymentPage(page);
  await expect(field(page, 'Street address')).toHaveValue('12 Long Street');
  await expect(page.getByRole('radio', { name: /Overnight \(next business day\) — R149\.00/ })).toBeChecked();
  await expect(page.getByTestId('discount-applied')).toContainText(`${code}: 10% off`);
  await expect(page.getByTestId('checkout-total')).toHaveText(rand(total));

  await pay(page);
  await expect(page).toHaveURL(/\/sandbox-pay\//);
  await expect(page.getByRole('table', { name: 'What you are paying for' })).toContainText('Courier delivery, Overnight (next business day)');
  await expect(page.getByRole('table', { name: 'What you are paying for' })).toContainText(`Discount × 1-${rand(off)}`);
  await page.getByRole('button', { name: `Pay ${rand(total)}` }).click();

  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  const delivery = page.getByTestId('delivery-information');
  await expect(delivery.getByText('Your Address')).toBeVisible();
  await expect(delivery).toContainText('Gardens Primary');
  await expect(delivery).toContainText('Courier: Overnight (next business day).');
  await expect(page.getByTestId('your-order').getByTestId('order-discount')).toHaveText(`-${rand(off)}`);
  await expect(page.getByText('The courier brings your flags to 12 Long Street, Cape Town: on the next business day.')).toBeVisible();
  const orderNumber = (await page.getByTestId('order-number').textContent())!.trim();

  await page.goto('/profile');
  await expect(page.getByText('Courier to 12 Long Street, Gardens, Cape Town')).toBeVisible();
  // Kept in the address book as asked, with its suburb, as a work address since a school was named.
  await expect(page.getByRole('region', { name: 'Addresses' })).toContainText(/Work\s*Default\s*12 Long Street\s*Gardens\s*Cape Town, 8001/);
  await page.goto(`/profile/orders/${orderNumber}`);
  await expect(page.getByTestId('order-address')).toContainText('Gardens Primary, 12 Long Street, Gardens, Cape Town, Western Cape, 8001');
  await expect(page.getByTestId('order-items').getByTestId('order-discount')).toHaveText(`-${rand(off)}`);
});
