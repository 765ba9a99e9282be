/**
 * Checkout is never lost: the verification link brings a shopper who signed up at checkout back to
 * it (and the tab left open notices by itself), and checkout remembers the details, the collection
 * speed and the PAXI point after a cancelled payment, fills them in from My Profile and saves them
 * there; signing out and deleting the account forget what the browser kept.
 */
import type { Page } from '@playwright/test';
import { afterDebounce, expect, test, toast } from './fixtures';
import {
  addToCart,
  cancelOnPaymentPage,
  chooseNearestPoint,
  field,
  fillDetails,
  newShopper,
  origin,
  PASSWORD,
  pay,
  pointResults,
  signUp,
  verificationLink,
} from './shopper';

// Each test walks through several screens, and most through the payment page and back.
test.describe.configure({ timeout: 90_000 });

const summary = (page: Page) => page.getByRole('complementary', { name: 'Order summary' });
const saveToProfile = (page: Page) => page.getByRole('checkbox', { name: /^Save this information for next time/ });
const express = (page: Page) => page.getByRole('radio', { name: /PAXI Express — R110/ });
const chosenPoint = (page: Page, name: string) => pointResults(page).filter({ hasText: name }).getByRole('radio');
const storedDraft = (page: Page) => page.evaluate(() => localStorage.getItem('checkout-draft'));
const accountSection = (page: Page) => page.getByRole('region', { name: 'Account', exact: true });

// Each journey runs once, at a phone's or a laptop's width, so that between them both widths see every step.
test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 900 } });

  test('signing up at checkout: the dialog takes the name and email typed, the emailed link opened in another tab signs in and lands on checkout with the cart, and the first tab follows by itself', async ({
    page,
    context,
  }) => {
    const shopper = newShopper('Ayanda', 'Zulu');
    await addToCart(page, 'kenya', 'Kenya');
    await page.goto('/checkout');
    await fillDetails(page, { firstName: shopper.firstName, lastName: shopper.lastName, email: shopper.email, phone: '082 555 0101' });
    await afterDebounce(page);
    await page.getByRole('button', { name: 'Create Account' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Full Name')).toHaveValue(`${shopper.firstName} ${shopper.lastName}`);
    await expect(dialog.getByLabel('Email')).toHaveValue(shopper.email);
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByLabel('Confirm Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await expect(dialog.getByRole('status')).toContainText('Check your email');
    await expect(dialog.getByRole('button', { name: 'Done' })).toBeEnabled();

    const link = await verificationLink(page, shopper);
    expect(new URL(link).searchParams.get('callbackURL')).toBe('/checkout');
    const mailTab = await context.newPage();
    await mailTab.goto(link);
    await expect(mailTab.getByText('Your email address has been verified successfully. Taking you back to checkout...')).toBeVisible();
    // Nobody touched the first tab: it follows by itself, and says so (a toast lasts a few seconds).
    await expect(dialog).toBeHidden();
    await expect(toast(page, 'Email Verified', 'You are signed in.')).toBeVisible();
    await expect(mailTab.getByRole('button', { name: 'Continue to Checkout' })).toBeVisible();
    await expect(mailTab).toHaveURL(/\/checkout$/);
    await expect(summary(mailTab).getByTestId('summary-item')).toHaveCount(1);
    await expect(summary(mailTab)).toContainText('Kenya');
    await expect(field(mailTab, 'Cellphone number')).toHaveValue('082 555 0101');
    await expect(mailTab.getByTestId('verification-banner')).toHaveCount(0);

    // The first tab is signed in, verified, and still holds what was typed.
    await expect(page.getByRole('heading', { name: 'Sign in to pay' })).toHaveCount(0);
    await expect(page.getByTestId('verification-banner')).toHaveCount(0);
    await expect(field(page, 'Cellphone number')).toHaveValue('082 555 0101');
    await expect(field(page, 'Email')).toHaveValue(shopper.email);
  });

  test('a shopper with profile details gets them filled in; with the box unticked My Profile stays as it was; a remembered point that has gone is dropped with a word', async ({
    page,
  }) => {
    const shopper = newShopper('Lindiwe', 'Mokoena');
    await signUp(page, shopper);
    const saved = await page.request.put('/api/profile', { data: { firstName: 'Lindi', phone: '083 444 5555' }, headers: origin(page) });
    expect(saved.ok()).toBe(true);
    await addToCart(page, 'egypt', 'EGYPT');
    await page.goto('/checkout');
    await expect(field(page, 'First name')).toHaveValue('Lindi');
    await expect(field(page, 'Last name')).toHaveValue('Mokoena');
    await expect(field(page, 'Email')).toHaveValue(shopper.email);
    await expect(field(page, 'Cellphone number')).toHaveValue('083 444 5555');

    await fillDetails(page, { phone: '061 222 3333' });
    await saveToProfile(page).uncheck();
    const pointName = await chooseNearestPoint(page);
    await cancelOnPaymentPage(page);
    await expect(saveToProfile(page)).not.toBeChecked();
    await expect(field(page, 'Cellphone number')).toHaveValue('061 222 3333');
    const { profile } = (await (await page.request.get('/api/profile')).json()) as { profile: { firstName: string; phone: string } };
    expect(profile).toMatchObject({ firstName: 'Lindi', phone: '+27834445555' });

    // PAXI's list changed since: the remembered point is no longer there.
    await page.evaluate(() => {
      const draft = JSON.parse(localStorage.getItem('checkout-draft')!) as { point: { code: string } };
      draft.point.code = 'CLOSED-0001';
      localStorage.setItem('checkout-draft', JSON.stringify(draft));
    });
    await page.reload();
    const gone = page.getByRole('alert').filter({ hasText: `The PAXI point you chose before, ${pointName}, is no longer available. Please choose another collection point.` });
    await expect(gone).toBeVisible();
    await expect(pointResults(page)).toHaveCount(0);
    await expect(field(page, 'Cellphone number')).toHaveValue('061 222 3333');
    await pay(page);
    await expect(toast(page, 'PAXI Point Required')).toBeVisible();
    await chooseNearestPoint(page);
    await expect(gone).toHaveCount(0);

    // Deleting the account forgets what checkout kept in this browser too.
    expect(await storedDraft(page)).not.toBeNull();
    await page.goto('/profile');
    await accountSection(page).getByRole('button', { name: 'Delete my account' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete my account' });
    await confirm.getByLabel('Your password').fill(PASSWORD);
    await afterDebounce(page);
    await confirm.getByRole('button', { name: 'Delete my account' }).click();
    await expect(toast(page, 'Account Deleted')).toBeVisible();
    expect(await storedDraft(page)).toBeNull();
  });
});

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('after Cancel on the payment page checkout still holds the details, the speed and the point; the details went to My Profile, and signing out forgets them here', async ({
    page,
  }) => {
    const shopper = newShopper('Naledi', 'Khumalo');
    await signUp(page, shopper);
    await addToCart(page, 'ghana', 'GHANA');
    await page.goto('/checkout');
    await expect(saveToProfile(page)).toBeChecked();
    await fillDetails(page, { phone: '072 000 1111' });
    await express(page).check();
    const pointName = await chooseNearestPoint(page);
    await cancelOnPaymentPage(page);

    await expect(field(page, 'First name')).toHaveValue('Naledi');
    await expect(field(page, 'Last name')).toHaveValue('Khumalo');
    await expect(field(page, 'Email')).toHaveValue(shopper.email);
    await expect(field(page, 'Cellphone number')).toHaveValue('072 000 1111');
    await expect(express(page)).toBeChecked();
    await expect(chosenPoint(page, pointName)).toBeChecked();
    await expect(summary(page)).toContainText(pointName);
    await expect(summary(page)).toContainText('Express');

    // Saving to the profile is what paying did with the box ticked.
    await page.goto('/profile');
    const personal = page.getByRole('form', { name: 'Personal details' });
    await expect(personal.getByLabel('First name')).toHaveValue('Naledi');
    await expect(personal.getByLabel('Last name')).toHaveValue('Khumalo');
    await expect(personal.getByLabel('Phone')).toHaveValue('072 000 1111');

    expect(await storedDraft(page)).not.toBeNull();
    await accountSection(page).getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByRole('button', { name: 'Sign In' }).first()).toBeVisible();
    expect(await storedDraft(page)).toBeNull();

    // Signed in again (say the next week): the details come from My Profile, the rest is asked again.
    const signIn = await page.request.post('/api/auth/sign-in/email', { data: { email: shopper.email, password: PASSWORD }, headers: origin(page) });
    expect(signIn.ok()).toBe(true);
    await page.goto('/checkout');
    await expect(field(page, 'First name')).toHaveValue('Naledi');
    await expect(field(page, 'Last name')).toHaveValue('Khumalo');
    await expect(field(page, 'Cellphone number')).toHaveValue('072 000 1111');
    await expect(express(page)).not.toBeChecked();
    await expect(pointResults(page)).toHaveCount(0);
  });

  test('a verification link whose return address leads to another site verifies and stays on this shop', async ({ page }) => {
    for (const elsewhere of ['https://evil.example/checkout', '//evil.example']) {
      const shopper = newShopper('Sipho', 'Ndlovu');
      await signUp(page, shopper, { verify: false });
      const refused = await page.request.post('/api/auth/send-verification', { data: { email: shopper.email, callbackURL: elsewhere }, headers: origin(page) });
      expect(refused.status()).toBe(400);
      expect(await refused.json()).toEqual({ message: 'callbackURL must be a path on this shop, such as /checkout', code: 'invalid_input' });

      const link = new URL(await verificationLink(page, shopper));
      link.searchParams.set('callbackURL', elsewhere);
      await page.goto(link.toString());
      await expect(page.getByText('Your email address has been verified successfully. Taking you to the home page...')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Continue to Home' })).toBeVisible();
      await page.clock.fastForward(2100);
      await expect(page).toHaveURL(`${link.origin}/`);
    }
  });
});
