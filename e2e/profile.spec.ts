/** The profile page: details, addresses, wishlist, orders, password, verification and deleting the account. */
import type { Page } from '@playwright/test';
import { afterDebounce, cartBadge, expect, test, toast } from './fixtures';

const PASSWORD = 'flags-for-all-2026';

// Each test walks through several screens and dialogs: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 60_000 });

interface Shopper {
  name: string;
  email: string;
}

function newShopper(label: string): Shopper {
  const suffix = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  return { name: `${label} ${suffix}`, email: `${label.toLowerCase().replace(/\W+/g, '-')}-${suffix}@example.co.za` };
}

/** Signs up, then in, through the API: the browser context shares the session cookie sign-in sets. */
async function signUp(page: Page, shopper: Shopper, password = PASSWORD): Promise<void> {
  const headers = { origin: new URL(page.url()).origin };
  const response = await page.request.post('/api/auth/sign-up/email', { data: { name: shopper.name, email: shopper.email, password }, headers });
  expect(response.ok()).toBe(true);
  expect((await page.request.post('/api/auth/sign-in/email', { data: { email: shopper.email, password }, headers })).ok()).toBe(true);
}

async function openMyProfile(page: Page, shopper: Shopper): Promise<void> {
  await page.getByRole('button', { name: shopper.name }).click();
  await page.getByRole('menuitem', { name: 'My Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'My Profile', level: 1 })).toBeVisible();
}

async function signInWithDialog(page: Page, email: string, password: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
}

async function mailbox(page: Page): Promise<{ to: string; subject: string; html: string }[]> {
  return ((await (await page.request.get('/dev/mailbox.json')).json()) as { messages: { to: string; subject: string; html: string }[] })
    .messages;
}

function section(page: Page, name: string) {
  return page.getByRole('region', { name, exact: true });
}

function addressCard(page: Page, street: string) {
  return page.getByTestId('address-card').filter({ hasText: street });
}

async function addAddress(
  page: Page,
  address: { type: string; street: string; city: string; postalCode: string; province: string },
): Promise<void> {
  await afterDebounce(page);
  await section(page, 'Addresses').getByRole('button', { name: 'Add Address' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Address' });
  await dialog.getByLabel('Address type').selectOption(address.type);
  await dialog.getByLabel('Street address').fill(address.street);
  await dialog.getByLabel('City or town').fill(address.city);
  await dialog.getByLabel('Postal code').fill(address.postalCode);
  await dialog.getByLabel('Province').selectOption(address.province);
  await dialog.getByRole('button', { name: 'Save Address' }).click();
  await expect(dialog).toBeHidden();
  await expect(addressCard(page, address.street)).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
});

test('signed out, the profile asks to sign in and fills in once signed in', async ({ page }) => {
  const shopper = newShopper('Ayanda');
  await signUp(page, shopper);
  await page.context().clearCookies();

  // The footer's My Profile link leads to the page, which asks a signed-out visitor to sign in.
  await page.getByRole('contentinfo').getByRole('link', { name: 'My Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page).toHaveTitle(/^My Profile \|/);
  await expect(page.getByText('Sign in to see your details, addresses, orders and wishlist.')).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
  await signInWithDialog(page, shopper.email, PASSWORD);

  await expect(page.getByRole('heading', { name: 'My Profile', level: 1 })).toBeVisible();
  await expect(page.getByText(`Signed in as ${shopper.name}`)).toBeVisible();
  for (const name of ['Personal details', 'Addresses', 'Order history', 'Wishlist', 'Account']) {
    await expect(section(page, name)).toBeVisible();
  }
  await expect(section(page, 'Order history').getByText('No orders yet')).toBeVisible();
  await expect(section(page, 'Order history').getByRole('link', { name: 'Shop Flags' })).toHaveAttribute('href', '/shop');
});

test('personal details are checked, saved and kept; two addresses and the default switches', async ({ page }) => {
  const shopper = newShopper('Naledi');
  await signUp(page, shopper);
  await page.reload();
  await openMyProfile(page, shopper);

  const details = section(page, 'Personal details');
  await details.getByLabel('First name').fill('N');
  await details.getByLabel('Phone').fill('12345');
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(details.getByText('First name must be at least 2 characters')).toBeVisible();
  await expect(details.getByText('Please enter a valid phone number')).toBeVisible();
  await expect(details.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');

  await details.getByLabel('First name').fill('Naledi');
  await details.getByLabel('Last name').fill('Mokoena');
  await details.getByLabel('Phone').fill('082 123 4567');
  await details.getByLabel('Date of birth').fill('1990-05-17');
  await expect(details.getByText('First name must be at least 2 characters')).toHaveCount(0);
  await afterDebounce(page);
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Profile Updated')).toBeVisible();

  await page.reload();
  await expect(details.getByLabel('First name')).toHaveValue('Naledi');
  await expect(details.getByLabel('Last name')).toHaveValue('Mokoena');
  await expect(details.getByLabel('Phone')).toHaveValue('082 123 4567');
  await expect(details.getByLabel('Date of birth')).toHaveValue('1990-05-17');

  const addresses = section(page, 'Addresses');
  await expect(addresses.getByText('No saved addresses yet.')).toBeVisible();
  // A bad postal code is refused in the dialog.
  await addresses.getByRole('button', { name: 'Add Address' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Address' });
  await dialog.getByLabel('Postal code').fill('80');
  await dialog.getByRole('button', { name: 'Save Address' }).click();
  await expect(dialog.getByText('Please enter a 4-digit postal code')).toBeVisible();
  await expect(dialog.getByText('Please choose a province')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await addAddress(page, { type: 'home', street: '12 Long Street', city: 'Cape Town', postalCode: '8001', province: 'Western Cape' });
  await addAddress(page, { type: 'work', street: '1 Sandton Drive', city: 'Johannesburg', postalCode: '2196', province: 'Gauteng' });
  const home = addressCard(page, '12 Long Street');
  const work = addressCard(page, '1 Sandton Drive');
  await expect(home.getByText('Default', { exact: true })).toBeVisible();
  await expect(work.getByText('Default', { exact: true })).toHaveCount(0);
  await expect(work.getByText('Work', { exact: true })).toBeVisible();

  await work.getByRole('button', { name: 'Make default: 1 Sandton Drive' }).click();
  await expect(toast(page, 'Default Address Changed')).toBeVisible();
  await expect(work.getByText('Default', { exact: true })).toBeVisible();
  await expect(home.getByText('Default', { exact: true })).toHaveCount(0);
  // The default is listed first.
  await expect(page.getByTestId('address-card').first()).toContainText('1 Sandton Drive');

  // Edit one, then remove the default: the other one takes over.
  await home.getByRole('button', { name: 'Edit: 12 Long Street' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Address' });
  await expect(edit.getByLabel('Street address')).toHaveValue('12 Long Street');
  await edit.getByLabel('Street address').fill('14 Long Street');
  await edit.getByRole('button', { name: 'Save Address' }).click();
  await expect(toast(page, 'Address Updated')).toBeVisible();
  const edited = addressCard(page, '14 Long Street');
  await expect(edited).toBeVisible();

  await work.getByRole('button', { name: 'Remove: 1 Sandton Drive' }).click();
  await expect(toast(page, 'Address Removed')).toBeVisible();
  await expect(work).toHaveCount(0);
  await expect(edited.getByText('Default', { exact: true })).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('address-card')).toHaveCount(1);
  await expect(addressCard(page, '14 Long Street').getByText('Default', { exact: true })).toBeVisible();
});

test('the heart saves a flag to the wishlist; the profile lists it, adds it to the cart and removes it', async ({ page }) => {
  await page.goto('/product/kenya');
  const heart = page.getByTestId('wishlist-button');
  await heart.click();
  await expect(toast(page, 'Sign in to save flags to your wishlist')).toBeVisible();

  const shopper = newShopper('Kagiso');
  await signUp(page, shopper);
  await page.reload();
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await afterDebounce(page);
  await heart.click();
  await expect(toast(page, 'Added to Wishlist')).toBeVisible();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  // Saved stays saved on the next visit; a second click takes it out, a third puts it back.
  await page.reload();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await afterDebounce(page);
  await heart.click();
  await expect(toast(page, 'Removed from Wishlist')).toBeVisible();
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await afterDebounce(page);
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');

  await openMyProfile(page, shopper);
  const wishlist = section(page, 'Wishlist');
  const item = wishlist.getByTestId('wishlist-item');
  await expect(item).toHaveCount(1);
  await expect(item.getByRole('link', { name: 'Kenya' })).toHaveAttribute('href', '/product/kenya');
  await expect(item).toContainText(/R\d+\.\d{2}/);
  await item.scrollIntoViewIfNeeded();
  await expect(item.getByRole('img', { name: 'Flag of Kenya' })).toBeVisible();

  await item.getByRole('button', { name: 'Add to Cart: Kenya' }).click();
  await expect(toast(page, 'Added to Cart!')).toBeVisible();
  await expect(cartBadge(page)).toHaveText('1');

  await item.getByRole('button', { name: 'Remove from wishlist: Kenya' }).click();
  await expect(toast(page, 'Removed from Wishlist')).toBeVisible();
  await expect(wishlist.getByText('Your wishlist is empty')).toBeVisible();
  await expect(item).toHaveCount(0);
});

test('an unverified email can ask for a new link; the password changes and the new one signs in', async ({ page }) => {
  const shopper = newShopper('Lwazi');
  await signUp(page, shopper);
  await page.reload();
  await openMyProfile(page, shopper);

  const account = section(page, 'Account');
  await expect(account.getByTestId('account-email')).toHaveText(shopper.email);
  await expect(account.getByText('Not verified')).toBeVisible();
  await account.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(
    toast(page, 'Verification Email Sent', 'Verification email sent! Please check your inbox and click the verification link.'),
  ).toBeVisible();
  await expect(async () => {
    const links = (await mailbox(page)).filter((m) => m.to === shopper.email && m.html.includes('/verify-email?token='));
    expect(links).toHaveLength(2);
  }).toPass();

  const newPassword = 'new-flags-2026';
  await account.getByLabel('Current password').fill('not-my-password');
  await account.getByLabel('New password', { exact: true }).fill(newPassword);
  await account.getByLabel('Confirm new password').fill(newPassword);
  await account.getByRole('button', { name: 'Change Password' }).click();
  await expect(account.getByText('Incorrect password.')).toBeVisible();

  await account.getByLabel('Current password').fill(PASSWORD);
  await account.getByLabel('New password', { exact: true }).fill('short');
  await account.getByLabel('Confirm new password').fill('short');
  await afterDebounce(page);
  await account.getByRole('button', { name: 'Change Password' }).click();
  await expect(account.getByText('Password must be at least 6 characters long')).toBeVisible();

  await account.getByLabel('New password', { exact: true }).fill(newPassword);
  await account.getByLabel('Confirm new password').fill(newPassword);
  await afterDebounce(page);
  await account.getByRole('button', { name: 'Change Password' }).click();
  await expect(toast(page, 'Password Changed')).toBeVisible();
  await expect(account.getByLabel('Current password')).toHaveValue('');
  // This browser stays signed in with the session the change gave it.
  await page.reload();
  await expect(page.getByText(`Signed in as ${shopper.name}`)).toBeVisible();

  await section(page, 'Account').getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByText('Sign in to see your details, addresses, orders and wishlist.')).toBeVisible();
  const origin = { origin: new URL(page.url()).origin };
  expect((await page.request.post('/api/auth/sign-in/email', { data: { email: shopper.email, password: PASSWORD }, headers: origin })).status()).toBe(401);
  await page.context().clearCookies();

  await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
  await signInWithDialog(page, shopper.email, newPassword);
  await expect(page.getByText(`Signed in as ${shopper.name}`)).toBeVisible();
});

test('deleting the account needs the password, signs out, and the account is gone', async ({ page }) => {
  const shopper = newShopper('Zanele');
  await signUp(page, shopper);
  await page.reload();
  await openMyProfile(page, shopper);
  await section(page, 'Personal details').getByLabel('First name').fill('Zanele');
  await section(page, 'Personal details').getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Profile Updated')).toBeVisible();

  await section(page, 'Account').getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete my account' });
  await expect(dialog.getByText('no longer linked to an account')).toBeVisible();
  await expect(dialog.getByText('your saved addresses, wishlist and cart')).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Please enter your password to confirm')).toBeVisible();
  await dialog.getByLabel('Your password').fill('not-my-password');
  await afterDebounce(page);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Incorrect password.')).toBeVisible();

  await dialog.getByLabel('Your password').fill(PASSWORD);
  await afterDebounce(page);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(toast(page, 'Account Deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  // The home page, signed out (until its code is in, the profile's own Sign In prompt may still show).
  await expect(page.getByRole('link', { name: 'Shop Premium Flags' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: shopper.name })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('firebase_user'))).toBeNull();
  expect((await page.request.get('/api/profile')).status()).toBe(401);

  await expect(async () => {
    const goodbye = (await mailbox(page)).find((m) => m.to === shopper.email && m.subject.startsWith('Your account was deleted'));
    expect(goodbye).toBeDefined();
  }).toPass();

  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await signInWithDialog(page, shopper.email, PASSWORD);
  await expect(page.getByRole('dialog').getByText('Failed to log in. Please check your credentials.')).toBeVisible();
});
