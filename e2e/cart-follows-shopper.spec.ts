/** A signed-in shopper's cart: the anonymous cart joins it on sign-in and it follows the shopper to other devices. */
import type { Page } from '@playwright/test';
import { afterDebounce, cartBadge, cartLine, closeCart, expect, openCart, test, toast } from './fixtures';

const PASSWORD = 'cart-follows-me-1';

async function addToCart(page: Page, slug: string, productName: string) {
  await page.goto(`/product/${slug}`);
  await afterDebounce(page);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toast(page, 'Added to Cart!', `${productName} (150 × 90 cm) has been added to your cart.`)).toBeVisible();
}

/** Signs in through the dialog, opened from the header on a laptop or from the menu on a phone. */
async function signInThroughDialog(page: Page, email: string) {
  const onPhone = (page.viewportSize()?.width ?? 1280) < 768;
  if (onPhone) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('#mobile-menu').getByRole('button', { name: 'Sign In' }).click();
  } else {
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  }
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await afterDebounce(page);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('the anonymous cart is merged on sign-in, stays with the account on sign-out and follows the shopper to another device', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const name = `Nomsa Khumalo ${Date.now()}`;
  const email = `nomsa-${Date.now()}@example.co.za`;

  // On a laptop, signed out: two Kenyan flags in the cart.
  await page.setViewportSize({ width: 1280, height: 800 });
  await addToCart(page, 'kenya', 'KENYA');
  await addToCart(page, 'kenya', 'KENYA');
  await expect(cartBadge(page)).toHaveText('2');

  // Sign up and in (the browser gets the session cookie): the cart is still there, now the shopper's own.
  const headers = { origin: new URL(page.url()).origin };
  const signUp = await page.request.post('/api/auth/sign-up/email', { data: { name, email, password: PASSWORD }, headers });
  expect(signUp.ok()).toBe(true);
  expect((await page.request.post('/api/auth/sign-in/email', { data: { email, password: PASSWORD }, headers })).ok()).toBe(true);
  await page.reload();
  await expect(page.getByRole('button', { name })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('cart-owner'))).not.toBeNull();
  await expect(cartBadge(page)).toHaveText('2');

  // Sign out: this browser starts a new, empty cart.
  await page.getByRole('button', { name }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await expect(cartBadge(page)).toHaveCount(0);

  // Signed out again, a Japanese flag and one Kenyan flag. Signing in merges them with the saved cart:
  // Kenya keeps the saved 2 (the larger, not the sum), and a toast says what the saved cart added.
  await addToCart(page, 'japan', 'JAPAN');
  await addToCart(page, 'kenya', 'KENYA');
  await expect(cartBadge(page)).toHaveText('2');
  await signInThroughDialog(page, email);
  await expect(cartBadge(page)).toHaveText('3');
  await expect(toast(page, 'Cart Updated', 'We added 1 flag from your saved cart.')).toBeVisible();
  await openCart(page);
  await expect(cartLine(page, 'KENYA').getByTestId('cart-item-quantity')).toHaveText('2');
  await expect(cartLine(page, 'JAPAN').getByTestId('cart-item-quantity')).toHaveText('1');
  await closeCart(page);

  // Another device, a 375 px phone: signing in there shows the same cart, and its toast says so.
  const phone = await browser.newContext({ baseURL: new URL(page.url()).origin, viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true });
  try {
    const other = await phone.newPage();
    await other.clock.install();
    await other.goto('/');
    await signInThroughDialog(other, email);
    await expect(cartBadge(other)).toHaveText('3');
    await expect(toast(other, 'Cart Updated', 'We added 3 flags from your saved cart.')).toBeVisible();
    await openCart(other);
    await expect(cartLine(other, 'KENYA')).toBeVisible();
    await expect(cartLine(other, 'JAPAN')).toBeVisible();
  } finally {
    await phone.close();
  }
});
