/**
 * The order desk's Discount codes tab: the list with nothing in it, a new code refused on a field in
 * the server's words and then added, listed with no uses yet, a second code of the same name refused,
 * switching a code off and on; and on a 375 px phone, the codes as cards and the dialog within the screen.
 */
import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { accessibilityViolations } from './accessibility';
import { clickAgain, expect, expectNoSidewaysScroll, test, toast } from './fixtures';
import { DISCOUNTS_ADMIN_EMAIL } from './admins';
import { origin, signInAsAdmin } from './shopper';
import { discountMessages, type DiscountCodeView } from '../src/shared/discounts';

test.describe.configure({ timeout: 90_000 });

const signInAsOwner = (page: Page) => signInAsAdmin(page, DISCOUNTS_ADMIN_EMAIL);

/** A code no other test (nor an earlier run on the same data) has: codes are unique in the shop. */
const newCode = (name: string) => `${name}-${randomBytes(3).toString('hex').toUpperCase()}`;

const codeRow = (page: Page, code: string): Locator => page.getByTestId('discount-code').and(page.locator(`[data-code="${code}"]`));

async function openDiscountsTab(page: Page): Promise<void> {
  await page.goto('/admin?tab=discounts');
  await expect(page.getByRole('tab', { name: 'Discount codes' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Discount codes', level: 2 })).toBeVisible();
}

test('an owner adds a discount code on the desk, sees it with no uses yet, and switches it off and on again', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsOwner(page);

  // Other test files add codes to the same shop meanwhile: the first answer is that of a shop without any.
  await page.route('**/api/admin/discount-codes', (route) => (route.request().method() === 'GET' ? route.fulfill({ json: { codes: [] } }) : route.continue()));
  await openDiscountsTab(page);
  await expect(page.getByText('No discount codes yet. Add one with New code.')).toBeVisible();
  await page.unroute('**/api/admin/discount-codes');

  const code = newCode('HERITAGE');
  const newButton = page.getByRole('button', { name: 'New code' });
  await newButton.click();
  const dialog = page.getByRole('dialog', { name: 'New discount code' });
  await expect(dialog.getByLabel('Code', { exact: true })).toBeFocused();
  await dialog.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
  await expect(dialog.getByRole('radio', { name: /A percentage/ })).toBeChecked();

  // 150% is refused on its field in the words the server would use, and the focus goes there.
  const percent = dialog.getByLabel('Percentage off');
  await percent.fill('150');
  const add = dialog.getByRole('button', { name: 'Add code' });
  await add.click();
  await expect(dialog.getByText(discountMessages.percent)).toBeVisible();
  await expect(percent).toBeFocused();
  await expect(percent).toHaveAttribute('aria-invalid', 'true');
  expect(await accessibilityViolations(page)).toEqual([]);

  await percent.fill('15');
  await expect(dialog.getByText(discountMessages.percent)).toHaveCount(0);
  await dialog.getByLabel('Minimum spend (R)').fill('300');
  await dialog.getByLabel('First day').fill('2020-01-01');
  await dialog.getByLabel('Last day').fill('2099-12-16');
  await dialog.getByLabel('Total uses').fill('100');
  await expect(dialog.getByLabel('Uses per customer')).toHaveValue('1');
  await dialog.getByLabel('Also takes the delivery fee off').check();
  await clickAgain(page, add);

  await expect(toast(page, 'Discount Code Added', `${code} takes 15% off, delivery too.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(newButton).toBeFocused();

  // A wide screen lists the codes in a table, each code heading its row.
  const row = codeRow(page, code);
  await expect(row).toBeVisible();
  expect(await row.evaluate((element) => element.tagName)).toBe('TR');
  await expect(row.getByRole('rowheader')).toHaveText(code);
  await expect(row).toContainText('15% off, delivery too');
  await expect(row.getByTestId('code-limits').getByRole('listitem')).toHaveText(['Minimum spend R300.00', 'From 1 January 2020 to 16 December 2099', '100 uses in all', 'Once per customer']);
  await expect(row.getByTestId('code-state')).toHaveText('Active');
  await expect(row.getByTestId('code-uses')).toHaveText('0 of 100');
  await expect(row.getByTestId('code-orders')).toHaveText('0');
  await expect(row.getByTestId('code-revenue')).toHaveText('R0.00');

  // The same code again, in any case: the server's refusal is shown in the dialog.
  await newButton.click();
  await dialog.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
  await dialog.getByLabel('Percentage off').fill('10');
  await add.click();
  await expect(dialog.getByRole('alert')).toHaveText(discountMessages.taken(code));
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(newButton).toBeFocused();

  // Off and on again; the button keeps the focus and says what it will do next.
  await row.getByRole('button', { name: `Switch off ${code}` }).click();
  await expect(toast(page, 'Discount Code Switched Off', `Shoppers can no longer use ${code}.`)).toBeVisible();
  await expect(row.getByTestId('code-state')).toHaveText('Switched off');
  const switchOn = row.getByRole('button', { name: `Switch on ${code}` });
  await expect(switchOn).toBeFocused();
  await clickAgain(page, switchOn);
  await expect(toast(page, 'Discount Code Switched On')).toBeVisible();
  await expect(row.getByTestId('code-state')).toHaveText('Active');
  await expect(row.getByRole('button', { name: `Switch off ${code}` })).toBeFocused();

  const answer = await page.request.get('/api/admin/discount-codes');
  const saved = ((await answer.json()) as { codes: DiscountCodeView[] }).codes.find((c) => c.code === code);
  expect(saved).toMatchObject({ kind: 'percent', percent: 15, minimumSpendCents: 30_000, totalUses: 100, usesPerCustomer: 1, includesDelivery: true, active: true });
});

test('on a 375 px phone the codes are cards and the tab and its dialog fit the screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signInAsOwner(page);
  const code = newCode('LONG-WEEKEND-SPECIAL');
  const made = await page.request.post('/api/admin/discount-codes', {
    data: { code, kind: 'amount', amountCents: 5_000, minimumSpendCents: 123_456, startsOn: '2099-01-01', endsOn: '2099-01-31', totalUses: 1_000, usesPerCustomer: 3 },
    headers: origin(page),
  });
  expect(made.status()).toBe(201);

  await openDiscountsTab(page);
  const card = codeRow(page, code);
  await expect(card).toBeVisible();
  expect(await card.evaluate((element) => element.tagName)).toBe('LI');
  await expect(card.getByRole('heading', { name: code, level: 3 })).toBeVisible();
  await expect(card).toContainText('R50.00 off');
  await expect(card.getByTestId('code-state')).toHaveText('ActiveNot yet');
  await expect(card.getByTestId('code-uses')).toHaveText('0 of 1000');
  await expectNoSidewaysScroll(page);
  const switchOff = card.getByRole('button', { name: `Switch off ${code}` });
  await switchOff.scrollIntoViewIfNeeded();
  await expect(switchOff).toBeInViewport({ ratio: 1 });

  const newButton = page.getByRole('button', { name: 'New code' });
  await newButton.click();
  const dialog = page.getByRole('dialog', { name: 'New discount code' });
  await expect(dialog).toBeVisible();
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  expect(await dialog.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await dialog.getByRole('radio', { name: /A fixed amount/ }).check();
  await expect(dialog.getByLabel('Amount off (R)')).toBeVisible();
  await expect(dialog.getByLabel('Percentage off')).toHaveCount(0);
  expect(await accessibilityViolations(page)).toEqual([]);
  const add = dialog.getByRole('button', { name: 'Add code' });
  await add.scrollIntoViewIfNeeded();
  await expect(add).toBeInViewport({ ratio: 1 });
  await expectNoSidewaysScroll(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(newButton).toBeFocused();
});
