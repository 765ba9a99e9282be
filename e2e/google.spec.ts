/**
 * Google sign-in in a popup (spec sections 2, 7 and 8), against a local OpenID Connect server that
 * stands in for Google: the shop's test server is started with GOOGLE_DISCOVERY_URL pointing at it
 * (playwright.config.ts). It approves every request at once, as the identity set by each test.
 */
import type { Page, Request } from '@playwright/test';
import { OAuth2Server } from 'oauth2-mock-server';
import { expect, test } from './fixtures';

const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 3459);
const ISSUER = `http://127.0.0.1:${OIDC_PORT}`;

const texts = {
  cancelled: 'Sign-in was cancelled. Please try again.',
  blocked: 'Popup was blocked by your browser. Please allow popups for this site and try again.',
  accountExists:
    'An account with this email already exists. Please sign in with your email and password; once your email address is verified you can use Google too.',
};

interface GoogleIdentity {
  sub: string;
  email: string;
  name: string;
  email_verified: boolean;
}

const google = new OAuth2Server();
let identity: GoogleIdentity;

function newIdentity(label: string): GoogleIdentity {
  const unique = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  return {
    sub: `google-${unique}`,
    email: `${label}-${unique}@example.co.za`,
    name: `Zanele Dube ${unique}`,
    email_verified: true,
  };
}

test.beforeAll(async () => {
  await google.issuer.keys.generate('RS256');
  await google.start(OIDC_PORT, '127.0.0.1');
  google.issuer.url = ISSUER;
  google.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, identity);
  });
});

test.afterAll(async () => {
  await google.stop();
});

function dialog(page: Page) {
  return page.getByRole('dialog');
}

async function openSignIn(page: Page) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(dialog(page).getByRole('heading', { name: 'Sign In' })).toBeVisible();
}

test('Continue with Google signs in through the popup and closes it', async ({ page }) => {
  identity = newIdentity('zanele');
  const requests: Request[] = [];
  page.context().on('request', (r) => requests.push(r));
  await openSignIn(page);

  const popupOpened = page.waitForEvent('popup');
  await dialog(page).getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupOpened;
  await popup.waitForEvent('close');

  await expect(dialog(page)).toBeHidden();
  await expect(page.getByRole('button', { name: identity.name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toHaveCount(0);
  const cached = await page.evaluate(() => localStorage.getItem('firebase_user'));
  expect(JSON.parse(cached!)).toMatchObject({ email: identity.email, displayName: identity.name, emailVerified: true });

  // The popup went to the provider with PKCE and the account chooser, and came back to /auth/callback.
  const authorize = requests.map((r) => new URL(r.url())).find((u) => u.origin === ISSUER && u.pathname === '/authorize');
  expect(authorize?.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize?.searchParams.get('prompt')).toBe('select_account');
  expect(authorize?.searchParams.get('redirect_uri')).toBe(new URL('/auth/callback', page.url()).href);
  expect(requests.some((r) => r.isNavigationRequest() && new URL(r.url()).pathname === '/auth/callback')).toBe(true);

  // The session is real: a reload still shows the Google user.
  await page.reload();
  await expect(page.getByRole('button', { name: identity.name })).toBeVisible();
});

test('closing the popup before choosing an account cancels the sign-in', async ({ page }) => {
  identity = newIdentity('closer');
  // Google's account chooser, held open: this shopper closes the window instead of choosing.
  await page.context().route(`${ISSUER}/authorize**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Choose an account</title><h1>Choose an account</h1>' }),
  );
  await openSignIn(page);

  const popupOpened = page.waitForEvent('popup');
  await dialog(page).getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupOpened;
  await expect(popup.getByRole('heading', { name: 'Choose an account' })).toBeVisible();
  await popup.close();

  await expect(dialog(page).getByRole('alert')).toHaveText(texts.cancelled);
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
});

test('a blocked popup says so', async ({ page }) => {
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await openSignIn(page);
  await dialog(page).getByRole('button', { name: 'Continue with Google' }).click();
  await expect(dialog(page).getByRole('alert')).toHaveText(texts.blocked);
});

test('an email with an unverified password account is not taken over by a Google sign-in', async ({ page }) => {
  identity = newIdentity('existing');
  await page.goto('/');
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { name: 'First Owner', email: identity.email, password: 'flags-for-all-2026' },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(signUp.ok()).toBe(true);
  await page.context().clearCookies();
  await openSignIn(page);

  const popupOpened = page.waitForEvent('popup');
  await dialog(page).getByRole('button', { name: 'Continue with Google' }).click();
  await (await popupOpened).waitForEvent('close');
  await expect(dialog(page).getByRole('alert')).toHaveText(texts.accountExists);
  await expect(page.getByRole('button', { name: identity.name })).toHaveCount(0);
});

test('/auth/callback on its own: no parameters go home, a bad state goes to /?auth=error', async ({ page }) => {
  await page.goto('/auth/callback');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/auth/callback?code=not-a-code&state=not-a-state');
  await expect(page).toHaveURL(/\/\?auth=error$/);
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
});
