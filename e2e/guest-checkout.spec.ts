/**
 * A shop that takes orders without an account (CHECKOUT_ACCOUNTS=optional), at 375 and 1280 px: a
 * signed-out shopper continues as a guest, pays on the sandbox's page, opens the order from the
 * confirmation email's link, finds a tampered link refused, then chooses a password from the
 * success page and, once the email is verified, sees the order in My Profile. The shop the other
 * tests use asks every buyer to sign in.
 */
import type { Page } from '@playwright/test';
import { expect, expectNoSidewaysScroll, test } from './fixtures';
import { startSecondShop, type SecondShop } from './second-shop';
import { addToCart, chooseNearestPoint, fillDetails, mailbox, newShopper, origin, pay, PASSWORD, verifyEmailThroughApi } from './shopper';

test.describe.configure({ timeout: 120_000 });

let shop: SecondShop;

test.beforeAll(async () => {
  shop = await startSecondShop({ CHECKOUT_ACCOUNTS: 'optional' });
});

test.afterAll(async () => {
  await shop?.stop();
});

/** The link to the order in the newest email to `email` that has one. */
async function emailedOrderLink(page: Page, email: string, orderNumber: string): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const message = (await mailbox(page)).find((m) => m.to === email && m.text.includes(`/orders/${orderNumber}?key=`));
      link = message ? /https?:\/\/\S+\/orders\/CF-\d+\?key=\S+/.exec(message.text)![0] : '';
      return link;
    })
    .not.toBe('');
  return link;
}

for (const width of [375, 1280]) {
  test(`a guest buys a flag without an account, opens the order from the email and later finds it in My Profile (${width} px)`, async ({ browser }) => {
    const context = await browser.newContext({ baseURL: shop.url, viewport: { width, height: width === 375 ? 740 : 900 } });
    try {
      const page = await context.newPage();
      await page.clock.install();
      const guest = newShopper('Guest', 'Buyer');
      await page.goto('/');
      await addToCart(page, 'kenya', 'KENYA');
      await page.goto('/checkout');

      await page.getByRole('button', { name: 'Continue as a guest' }).click();
      await expect(page.getByRole('heading', { name: 'Paying as a guest' })).toBeVisible();
      await fillDetails(page, { firstName: guest.firstName, lastName: guest.lastName, email: guest.email, phone: '082 555 0199' });
      await page.getByRole('checkbox', { name: /Create an account with these details/ }).check();
      await chooseNearestPoint(page);
      await expectNoSidewaysScroll(page);
      await pay(page);
      await expect(page).toHaveURL(/\/sandbox-pay\//);
      await page.getByRole('button', { name: /^Pay R/ }).click();

      await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
      const orderNumber = (await page.getByTestId('order-number').textContent())!.trim();
      const onPage = page.getByRole('link', { name: /View your order and its tax invoice/ });
      await expect(onPage).toHaveAttribute('href', new RegExp(`^/orders/${orderNumber}\\?key=`));
      await expect(page.getByText(`We have emailed the link to this order to ${guest.email}`)).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
      await expectNoSidewaysScroll(page);

      // The confirmation email's link opens the order, signed out, with its tax invoice.
      const link = await emailedOrderLink(page, guest.email, orderNumber);
      await page.goto(new URL(link).pathname + new URL(link).search);
      await expect(page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
      await expect(page.getByRole('link', { name: /Download tax invoice/ })).toBeVisible();
      await expectNoSidewaysScroll(page);

      // A link altered by one character opens nothing, and says where to ask for a new one.
      const tampered = link.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
      await page.goto(new URL(tampered).pathname + new URL(tampered).search);
      await expect(page.getByText('This order link is not valid.', { exact: false })).toBeVisible();
      await expect(page.getByRole('link', { name: /find your order/i }).first()).toBeVisible();

      // The guest chooses a password on the success page, in the sign-up dialog that already has
      // their name and email; once the address is verified, the order is theirs in My Profile.
      await page.goBack();
      await page.goBack();
      await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
      await page.getByRole('button', { name: 'Choose a password' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByLabel('Full Name')).toHaveValue(`${guest.firstName} ${guest.lastName}`);
      await expect(dialog.getByLabel('Email')).toHaveValue(guest.email);
      await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await dialog.getByLabel('Confirm Password').fill(PASSWORD);
      await dialog.getByRole('button', { name: 'Create Account' }).click();
      await verifyEmailThroughApi(page, guest);
      expect((await page.request.post('/api/auth/sign-in/email', { data: { email: guest.email, password: PASSWORD }, headers: origin(page) })).ok()).toBe(true);
      await page.goto('/profile');
      await expect(page.getByText(orderNumber)).toBeVisible();
    } finally {
      await context.close();
    }
  });
}
