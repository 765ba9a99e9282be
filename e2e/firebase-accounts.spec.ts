/**
 * A shop that signs shoppers in with Firebase Authentication (AUTH_PROVIDER=firebase), on the
 * Firebase Auth emulator: signing up in the dialog, the emailed verification link, paying, the
 * order on the profile, signing out and in again; a wrong password and a password reset on a phone;
 * a new password and deleting the account, each proven with a fresh Firebase sign-in.
 */
import type { Browser, Page } from '@playwright/test';
import { startFirebaseEmulator, firebaseShopEnv, type FirebaseEmulator } from '../src/server/testing/firebase-emulator';
import { firebaseShopper, firebaseSignIn, firebaseSignUp, outOfBandCodes } from '../src/server/testing/firebase-users';
import { afterDebounce, expect, expectNoSidewaysScroll, test, toast } from './fixtures';
import { addToCart, chooseNearestPoint, fillDetails, newShopper, PASSWORD, pay } from './shopper';
import { startSecondShop, type SecondShop } from './second-shop';

let emulator: FirebaseEmulator | undefined;
let shop: SecondShop | undefined;

// A sign-up, the verification, the payment page and the profile, on a shop of its own.
test.describe.configure({ timeout: 120_000 });

test.beforeAll(async () => {
  // The emulator takes 12-25 s to start on two cores.
  test.setTimeout(180_000);
  emulator = await startFirebaseEmulator();
  shop = await startSecondShop(firebaseShopEnv(emulator.host));
});

test.afterAll(async () => {
  await shop?.stop();
  await emulator?.stop();
});

/** A browser of the Firebase shop, on the page's clock like the fixtures' (the buttons' debounce is skipped with it). */
async function firebaseShopPage(browser: Browser, extraHTTPHeaders: Record<string, string> | undefined, width: number): Promise<Page> {
  const context = await browser.newContext({ baseURL: shop!.url, extraHTTPHeaders, viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.clock.install();
  return page;
}

const cachedUser = (page: Page) => page.evaluate(() => localStorage.getItem('firebase_user'));
const headerSignIn = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign In', exact: true });

test('at 1280 px a shopper signs up with Firebase, verifies the email through its link, pays, and finds the order; signs out and in again', async ({
  browser,
  extraHTTPHeaders,
}) => {
  const page = await firebaseShopPage(browser, extraHTTPHeaders, 1280);
  const shopper = newShopper('Zanele', 'Mthembu');
  const name = `${shopper.firstName} ${shopper.lastName}`;

  await addToCart(page, 'kenya', 'KENYA');
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Sign in to pay' })).toBeVisible();

  // Signing up in the dialog, through Firebase.
  await headerSignIn(page).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Sign up' }).click();
  await afterDebounce(page);
  await dialog.getByLabel('Full Name').fill(name);
  await dialog.getByLabel('Email').fill(shopper.email);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByLabel('Confirm Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(
    dialog.getByText('Account created successfully! Please check your email for verification instructions and a welcome message.'),
  ).toBeVisible();
  // Firebase signed the new account in: the screen says so and waits for the shopper, not a timer.
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name })).toBeVisible();
  expect(JSON.parse((await cachedUser(page))!)).toMatchObject({ email: shopper.email, emailVerified: false, displayName: name });

  // Not verified yet: checkout says so and will not take the payment.
  const banner = page.getByTestId('verification-banner');
  await expect(banner.getByRole('heading', { name: 'Email Verification Required' })).toBeVisible();

  // Firebase emailed a link that brings the shopper back to checkout.
  const verification = (await outOfBandCodes(emulator!.host, shopper.email)).filter((code) => code.requestType === 'VERIFY_EMAIL');
  expect(verification).toHaveLength(1);
  expect(new URL(verification[0]!.oobLink).searchParams.get('continueUrl')).toBe(`${shop!.url}/checkout`);
  await page.goto(verification[0]!.oobLink);
  await expect(page).toHaveURL(`${shop!.url}/checkout`);

  // Back at checkout, the shop notices by itself: the banner goes and the flag can be paid for.
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  await expect(banner).toHaveCount(0);
  await fillDetails(page, { phone: '082 321 7654' });
  const pointName = await chooseNearestPoint(page);
  await pay(page);
  await expect(page).toHaveURL(/\/sandbox-pay\//);
  await page.getByRole('button', { name: /^Pay R/ }).click();
  await expect(page).toHaveURL(/\/payment\/success\?checkoutId=/);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  const orderNumber = (await page.getByTestId('order-number').textContent())!.trim();
  expect(orderNumber).not.toBe('');

  // The profile shows the order and the verified address.
  await page.goto('/profile');
  const order = page.getByTestId('order-row').filter({ hasText: orderNumber });
  await expect(order).toBeVisible();
  await expect(order).toContainText(pointName);
  const account = page.getByRole('region', { name: 'Account', exact: true });
  await expect(account.getByTestId('account-email')).toHaveText(shopper.email);
  await expect(account.getByText('Verified', { exact: true })).toBeVisible();
  // The account has a password with Firebase: it can be changed here.
  await expect(account.getByRole('form', { name: 'Change password' })).toBeVisible();
  expect(JSON.parse((await cachedUser(page))!)).toMatchObject({ email: shopper.email, emailVerified: true });

  // Signing out forgets the cached user; signing in again brings it back.
  await account.getByRole('button', { name: 'Sign Out' }).click();
  await expect(headerSignIn(page)).toBeVisible();
  await expect.poll(() => cachedUser(page)).toBeNull();
  expect((await (await page.request.get('/api/auth/get-session')).text()) || 'null').toBe('null');

  await afterDebounce(page);
  await headerSignIn(page).click();
  await dialog.getByLabel('Email').fill(shopper.email);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name })).toBeVisible();
  expect(JSON.parse((await cachedUser(page))!)).toMatchObject({ email: shopper.email, emailVerified: true });
  await expect(page.getByTestId('order-row').filter({ hasText: orderNumber })).toBeVisible();
  await page.context().close();
});

test('at 375 px a wrong password is refused with the spec\'s words, and a reset link is sent through Firebase', async ({ browser, extraHTTPHeaders }) => {
  const page = await firebaseShopPage(browser, extraHTTPHeaders, 375);
  const shopper = newShopper('Bongani', 'Ndlovu');
  await firebaseSignUp(emulator!.host, shopper.email, PASSWORD);

  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.locator('#mobile-menu').getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await dialog.getByLabel('Email').fill(shopper.email);
  await dialog.getByLabel('Password', { exact: true }).fill('not-my-password');
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText(/^Failed to log in\. Please check your credentials\. .*"Forgot your password\?"/);
  await expect(dialog.getByLabel('Password', { exact: true })).toBeVisible();
  expect(await cachedUser(page)).toBeNull();

  await dialog.getByRole('button', { name: 'Forgot your password?' }).click();
  await expect(dialog.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await dialog.getByLabel('Email').fill(shopper.email);
  await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    `If an account exists for ${shopper.email}, we have sent a link to reset its password. Please check your inbox.`,
  );
  const resets = (await outOfBandCodes(emulator!.host, shopper.email)).filter((code) => code.requestType === 'PASSWORD_RESET');
  expect(resets).toHaveLength(1);
  expect(new URL(resets[0]!.oobLink).searchParams.get('continueUrl')).toBe(`${shop!.url}/`);
  await expectNoSidewaysScroll(page);

  // An address with no account gets the same screen: the dialog never tells which addresses have one.
  await afterDebounce(page);
  await dialog.getByRole('button', { name: 'Send another email' }).click();
  const stranger = newShopper('Nobody', 'Here').email;
  await dialog.getByLabel('Email').fill(stranger);
  await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    `If an account exists for ${stranger}, we have sent a link to reset its password. Please check your inbox.`,
  );
  expect(await outOfBandCodes(emulator!.host, stranger)).toEqual([]);
  await page.context().close();
});

test('at 1280 px a shopper changes the password and deletes the account, each proven again with Firebase', async ({ browser, extraHTTPHeaders }) => {
  const page = await firebaseShopPage(browser, extraHTTPHeaders, 1280);
  const shopper = newShopper('Palesa', 'Mokoena');
  await firebaseShopper(emulator!.host, shopper.email, PASSWORD);

  await page.goto('/profile');
  await headerSignIn(page).click();
  const signIn = page.getByRole('dialog');
  await signIn.getByLabel('Email').fill(shopper.email);
  await signIn.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(signIn).toBeHidden();
  const account = page.getByRole('region', { name: 'Account', exact: true });
  await expect(account.getByText('Verified', { exact: true })).toBeVisible();

  const newPassword = 'new-flags-2026';
  await account.getByLabel('Current password').fill('not-my-password');
  await account.getByLabel('New password', { exact: true }).fill(newPassword);
  await account.getByLabel('Confirm new password').fill(newPassword);
  await account.getByRole('button', { name: 'Change Password' }).click();
  await expect(account.getByRole('alert')).toHaveText('Incorrect password.');

  await account.getByLabel('Current password').fill(PASSWORD);
  await afterDebounce(page);
  await account.getByRole('button', { name: 'Change Password' }).click();
  await expect(toast(page, 'Password Changed')).toBeVisible();
  await expect(account.getByLabel('Current password')).toHaveValue('');
  // Firebase takes the new password only, and this browser's shop session carries on.
  await expect(firebaseSignIn(emulator!.host, shopper.email, PASSWORD)).rejects.toThrow(/INVALID_PASSWORD|INVALID_LOGIN_CREDENTIALS/);
  await firebaseSignIn(emulator!.host, shopper.email, newPassword);
  await page.reload();
  // Made without a name, the account goes by its email.
  await expect(page.getByText(`Signed in as ${shopper.email}`)).toBeVisible();

  await account.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete my account' });
  await dialog.getByLabel('Your password').fill(PASSWORD);
  await afterDebounce(page);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Incorrect password.')).toBeVisible();

  await dialog.getByLabel('Your password').fill(newPassword);
  await afterDebounce(page);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(toast(page, 'Account Deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(headerSignIn(page)).toBeVisible();
  expect(await cachedUser(page)).toBeNull();
  expect((await page.request.get('/api/profile')).status()).toBe(401);
  // The Firebase account went with the shop's.
  await expect(firebaseSignIn(emulator!.host, shopper.email, newPassword)).rejects.toThrow(/EMAIL_NOT_FOUND|INVALID_LOGIN_CREDENTIALS/);
  await page.context().close();
});
