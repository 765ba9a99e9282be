/** Accounts: the auth dialog, the user menu and email verification (spec sections 2, 4, 5, 8, 9). */
import type { Page } from '@playwright/test';
import { afterDebounce, expect, test } from './fixtures';

const texts = {
  fillAll: 'Please fill in all fields',
  mismatch: 'Passwords do not match',
  tooShort: 'Password must be at least 6 characters long',
  loginFailed:
    'Failed to log in. Please check your credentials. Check that this is the email address you signed up with and that Caps Lock is off, or choose a new password with "Forgot your password?" below.',
  checkEmail: 'Check your email',
  invalidLink: 'Invalid verification link. Please check your email and try again.',
  linkFailed: 'Failed to verify email. The link may be expired or invalid.',
  verifyError: 'An error occurred while verifying your email. Please try again.',
  verificationSent: 'Verification email sent! Please check your inbox and click the verification link.',
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
};

const PASSWORD = 'flags-for-all-2026';

function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.co.za`;
}

function dialog(page: Page) {
  return page.getByRole('dialog');
}

async function openSignIn(page: Page) {
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(dialog(page).getByRole('heading', { name: 'Sign In' })).toBeVisible();
}

async function openSignUp(page: Page) {
  await openSignIn(page);
  await dialog(page).getByRole('button', { name: 'Sign up' }).click();
  await expect(dialog(page).getByRole('heading', { name: 'Create Account' })).toBeVisible();
}

async function fillSignUp(page: Page, v: { name: string; email: string; password: string; confirm: string }) {
  const d = dialog(page);
  await afterDebounce(page);
  await d.getByLabel('Full Name').fill(v.name);
  await d.getByLabel('Email').fill(v.email);
  await d.getByLabel('Password', { exact: true }).fill(v.password);
  await d.getByLabel('Confirm Password').fill(v.confirm);
  await d.getByRole('button', { name: 'Create Account' }).click();
}

/** Sign-up signs nobody in; `signIn` then signs this browser in with the password. */
async function signUpThroughApi(page: Page, name: string, email: string, { signIn = false } = {}) {
  const headers = { origin: new URL(page.url()).origin };
  const response = await page.request.post('/api/auth/sign-up/email', { data: { name, email, password: PASSWORD }, headers });
  expect(response.ok()).toBe(true);
  if (signIn) expect((await page.request.post('/api/auth/sign-in/email', { data: { email, password: PASSWORD }, headers })).ok()).toBe(true);
}

/** The link of the newest email to `email` whose link goes to `path`. */
async function emailedLink(page: Page, email: string, path: string): Promise<string> {
  let link = '';
  await expect(async () => {
    const { messages } = (await (await page.request.get('/dev/mailbox.json')).json()) as {
      messages: { to: string; html: string }[];
    };
    const mail = messages.find((m) => m.to === email && m.html.includes(`${path}?token=`));
    expect(mail).toBeDefined();
    link = new RegExp(`href="([^"]*${path}\\?token=[^"]*)"`).exec(mail!.html)![1]!.replaceAll('&#38;', '&').replaceAll('&amp;', '&');
  }).toPass();
  return link;
}

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
});

test('sign up, open the emailed link (which signs in), sign out and sign in again', async ({ page }) => {
  const name = `Sipho Dlamini ${Date.now()}`;
  const email = uniqueEmail('sipho');
  await openSignUp(page);
  await fillSignUp(page, { name, email, password: PASSWORD, confirm: PASSWORD });
  // The same screen whether or not the address has an account; nothing waits behind a disabled button.
  const checkEmail = dialog(page).getByRole('status');
  await expect(checkEmail).toContainText(texts.checkEmail);
  await expect(checkEmail).toContainText(`We have sent an email to ${email}.`);
  await expect(dialog(page).getByRole('button', { name: 'Done' })).toBeEnabled();
  // Not signed in yet: the link does that.
  expect(await (await page.request.get('/api/auth/get-session')).json()).toBeNull();

  // The verification email reaches the dev mailbox through the outbox; its link signs this browser in.
  const link = await emailedLink(page, email, '/verify-email');
  await page.goto(link);
  await expect(page.getByText('Your email address has been verified successfully', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue to Home' })).toBeVisible();
  // Spec section 9: redirected home after 2 s.
  await page.clock.fastForward(2100);
  await expect(page).toHaveURL(/\/$/);
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('firebase_user')))!)).toMatchObject({ email, emailVerified: true, displayName: name });

  await page.getByRole('button', { name }).click();
  await expect(page.getByRole('menuitem', { name: 'My Profile' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('firebase_user'))).toBeNull();

  await openSignIn(page);
  await dialog(page).getByLabel('Email').fill(email);
  await dialog(page).getByLabel('Password').fill(PASSWORD);
  await dialog(page).getByRole('button', { name: 'Sign In' }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByRole('button', { name })).toBeVisible();
  const again = await page.evaluate(() => localStorage.getItem('firebase_user'));
  expect(JSON.parse(again!)).toMatchObject({ email, emailVerified: true });
});

test('the signup form shows each validation message and sends nothing', async ({ page }) => {
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/auth/')) posts.push(r.url());
  });
  await openSignUp(page);
  const d = dialog(page);
  await d.getByRole('button', { name: 'Create Account' }).click();
  await expect(d.getByText(texts.fillAll)).toBeVisible();
  await expect(d.getByLabel('Full Name')).toHaveAttribute('aria-invalid', 'true');

  await fillSignUp(page, { name: 'Naledi', email: 'naledi@example.co.za', password: 'secret1', confirm: 'secret2' });
  await expect(d.getByText(texts.mismatch)).toBeVisible();

  await fillSignUp(page, { name: 'Naledi', email: 'naledi@example.co.za', password: 'abc', confirm: 'abc' });
  await expect(d.getByText(texts.tooShort)).toBeVisible();
  expect(posts).toEqual([]);
});

test('the login form needs both fields, and a wrong password is refused', async ({ page }) => {
  const name = `Anele Khumalo ${Date.now()}`;
  const email = uniqueEmail('anele');
  await signUpThroughApi(page, name, email);
  await page.context().clearCookies();

  await openSignIn(page);
  const d = dialog(page);
  await d.getByRole('button', { name: 'Sign In' }).click();
  await expect(d.getByText(texts.fillAll)).toBeVisible();

  await d.getByLabel('Email').fill(email);
  await d.getByLabel('Password').fill('not-the-password');
  await afterDebounce(page);
  await d.getByRole('button', { name: 'Sign In' }).click();
  await expect(d.getByText(texts.loginFailed)).toBeVisible();
  await expect(page.getByRole('button', { name })).toHaveCount(0);
});

test('a sign-up with a taken email shows the same screen as a new one, and the owner is told by email', async ({ page }) => {
  const email = uniqueEmail('taken');
  await signUpThroughApi(page, 'First Owner', email);

  await openSignUp(page);
  await fillSignUp(page, { name: 'Second Owner', email, password: PASSWORD, confirm: PASSWORD });
  const checkEmail = dialog(page).getByRole('status');
  await expect(checkEmail).toContainText(texts.checkEmail);
  await expect(checkEmail).toContainText(`We have sent an email to ${email}.`);
  await expect(dialog(page).getByRole('alert')).toHaveCount(0);
  await expect(async () => {
    const { messages } = (await (await page.request.get('/dev/mailbox.json')).json()) as { messages: { to: string; subject: string }[] };
    expect(messages.filter((m) => m.to === email).map((m) => m.subject)).toContain('Someone tried to create an account with your email - Cape Flag Co.');
  }).toPass();
});

test('the email typed in one mode of the dialog is there in the next, and Sign In names what to check', async ({ page }) => {
  const email = uniqueEmail('typed');
  await openSignIn(page);
  const d = dialog(page);
  await d.getByLabel('Email').fill(email);
  await d.getByRole('button', { name: 'Sign up' }).click();
  await expect(d.getByLabel('Email')).toHaveValue(email);
  await d.getByLabel('Full Name').fill('Thabo Nkosi');
  await d.getByRole('button', { name: 'Sign in' }).click();
  await d.getByRole('button', { name: 'Forgot your password?' }).click();
  await expect(d.getByLabel('Email')).toHaveValue(email);
  await d.getByRole('button', { name: 'Sign up' }).click();
  await expect(d.getByLabel('Full Name')).toHaveValue('Thabo Nkosi');

  // A name outside the profile's 2 to 50 characters is refused before anything is sent.
  await fillSignUp(page, { name: 'T', email, password: PASSWORD, confirm: PASSWORD });
  await expect(d.getByRole('alert')).toHaveText('Name must be at least 2 characters');
  await expect(d.getByLabel('Full Name')).toHaveAttribute('aria-invalid', 'true');
});

test('forgot password: validation, the sent state, the reset email and the new password', async ({ page }) => {
  const email = uniqueEmail('reset');
  await signUpThroughApi(page, 'Reset Owner', email);
  await page.context().clearCookies();

  await openSignIn(page);
  const d = dialog(page);
  await d.getByRole('button', { name: 'Forgot your password?' }).click();
  await expect(d.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await d.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(d.getByText(texts.emailRequired)).toBeVisible();
  await d.getByLabel('Email').fill('reset@');
  await afterDebounce(page);
  await d.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(d.getByText(texts.emailInvalid, { exact: true })).toBeVisible();

  await d.getByLabel('Email').fill(email);
  await afterDebounce(page);
  await d.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(d.getByText(`If an account exists for ${email}`)).toBeVisible();
  await d.getByRole('button', { name: 'Send another email' }).click();
  await expect(d.getByRole('button', { name: 'Send Reset Link' })).toBeVisible();
  await expect(d.getByLabel('Email')).toHaveValue(email);
  await d.getByRole('button', { name: 'Back to sign in' }).click();
  await expect(d.getByRole('heading', { name: 'Sign In' })).toBeVisible();

  let resetLink = '';
  await expect(async () => {
    const { messages } = (await (await page.request.get('/dev/mailbox.json')).json()) as {
      messages: { to: string; html: string }[];
    };
    const html = messages.find((m) => m.to === email && m.html.includes('/password-reset?token='))?.html ?? '';
    resetLink = /href="([^"]*\/password-reset\?token=[^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&') ?? '';
    expect(resetLink).not.toBe('');
  }).toPass();

  // The link opens the shop's page; the new password works and the old one no longer does.
  await page.keyboard.press('Escape');
  await page.goto(new URL(resetLink).pathname + new URL(resetLink).search);
  await expect(page.getByRole('heading', { name: 'Choose a New Password' })).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm New Password').fill('short');
  await page.getByRole('button', { name: 'Save New Password' }).click();
  await expect(page.getByText(texts.tooShort)).toBeVisible();
  const newPassword = 'new-flags-2026';
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm New Password').fill(newPassword);
  await afterDebounce(page);
  await page.getByRole('button', { name: 'Save New Password' }).click();
  await expect(page.getByRole('heading', { name: 'Password Changed' })).toBeVisible();

  const origin = { origin: new URL(page.url()).origin };
  const signIn = (password: string) =>
    page.request.post('/api/auth/sign-in/email', { data: { email, password }, headers: origin });
  expect((await signIn(PASSWORD)).status()).toBe(401);
  expect((await signIn(newPassword)).ok()).toBe(true);
});

test('an invalid reset link is refused, also through the old /test-password-reset address', async ({ page }) => {
  await page.goto('/test-password-reset?token=not-a-real-token');
  await expect(page).toHaveURL(/\/password-reset\?token=not-a-real-token$/);
  await page.getByLabel('New Password', { exact: true }).fill('another-flag-2026');
  await page.getByLabel('Confirm New Password').fill('another-flag-2026');
  await page.getByRole('button', { name: 'Save New Password' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Password Changed' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Send another reset email' })).toBeVisible();
});

test('a verification link without its parameters is refused', async ({ page }) => {
  await page.goto('/verify-email');
  await expect(page.getByText(texts.invalidLink)).toBeVisible();
  await page.getByRole('button', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a spent link offers a new one; a check that could not be made says so and can be tried again', async ({ page }) => {
  const email = uniqueEmail('spent');
  await signUpThroughApi(page, 'Spent Link', email);
  const link = new URL(await emailedLink(page, email, '/verify-email'));
  const path = `${link.pathname}${link.search}`;

  // No answer from the shop: the link may be fine, so the page does not call it invalid.
  await page.route('**/api/auth/verify-email?*', (route) => route.abort('internetdisconnected'));
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Verification Failed' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(texts.verifyError);
  await page.unroute('**/api/auth/verify-email?*');
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByText('Your email address has been verified successfully', { exact: false })).toBeVisible();

  // Opened again: spent, and a new link is one click away.
  await page.goto(path);
  await expect(page.getByRole('alert')).toHaveText(texts.linkFailed);
  await page.getByRole('button', { name: 'Send a new link' }).click();
  await expect(page.getByRole('status')).toHaveText(texts.verificationSent);
});

test('on a phone the menu offers Sign In, then My Profile (its one name everywhere) and Sign Out', async ({ page }) => {
  const name = `Lindiwe Zulu ${Date.now()}`;
  const email = uniqueEmail('lindiwe');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.locator('#mobile-menu').getByRole('button', { name: 'Sign In' }).click();
  await expect(dialog(page).getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();

  await signUpThroughApi(page, name, email, { signIn: true });
  await page.reload();
  await afterDebounce(page);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.locator('#mobile-menu');
  await expect(menu.getByRole('link', { name: 'My Profile', exact: true })).toHaveAttribute('href', '/profile');
  await menu.getByRole('button', { name: 'Sign Out' }).click();
  await afterDebounce(page);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.locator('#mobile-menu').getByRole('button', { name: 'Sign In' })).toBeVisible();
});
