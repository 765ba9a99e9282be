/**
 * Keyboard focus is never lost to the page body when a dialog or panel opens and closes, nor when
 * the cart's plus and minus are pressed; Escape closes the top layer only (a toast does not take it);
 * axe finds nothing while they are open.
 */
import type { Locator, Page } from '@playwright/test';
import { accessibilityViolations } from './accessibility';
import { cartBadge, cartButton, cartLine, cartPanel, expect, openCart, productCard, test, toast } from './fixtures';

/**
 * Opens the sign-in dialog as a shopper would: from the top bar on a laptop, from the menu on a
 * phone. Answers where focus belongs once the dialog closes: Sign In, or the menu button, since
 * the menu closes when one of its items is chosen.
 */
async function openSignIn(page: Page, width: number): Promise<Locator> {
  if (width >= 768) {
    const signIn = page.getByRole('button', { name: 'Sign In', exact: true });
    await signIn.click();
    return signIn;
  }
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.locator('#mobile-menu').getByRole('button', { name: 'Sign In' }).click();
  return page.getByRole('button', { name: 'Open menu' });
}

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
    });

    test('the sign-in dialog opens with focus in Email, and Escape gives focus back to what opened it', async ({ page }) => {
      await page.goto('/contact');
      const focusAfterwards = await openSignIn(page, width);
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('heading', { name: 'Sign In' })).toBeVisible();
      await expect(dialog.getByLabel('Email')).toBeFocused();
      expect(await accessibilityViolations(page)).toEqual([]);

      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(focusAfterwards).toBeFocused();
    });

    test('closing the cart panel gives focus back to the cart button', async ({ page }) => {
      await page.goto('/product/kenya');
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await expect(cartBadge(page)).toHaveText('1');
      await openCart(page);
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(cartPanel(page)).toBeHidden();
      await expect(cartButton(page)).toBeFocused();
    });

    test("the cart's plus and minus keep the focus on the pressed button, and the new quantity is said", async ({ page }) => {
      await page.goto('/product/kenya');
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await expect(cartBadge(page)).toHaveText('1');
      const panel = await openCart(page);
      const quantity = cartLine(page, 'KENYA').getByTestId('cart-item-quantity');
      const plus = panel.getByRole('button', { name: 'One more Kenya' });
      const minus = panel.getByRole('button', { name: 'One fewer Kenya' });
      const said = panel.getByRole('status').filter({ hasText: 'in your cart' });

      await plus.focus();
      await page.keyboard.press('Enter');
      await expect(quantity).toHaveText('2');
      await expect(said).toHaveText('Kenya: 2 in your cart.');
      await expect(plus).toBeFocused();

      await page.keyboard.press('Shift+Tab');
      await expect(minus).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(quantity).toHaveText('1');
      await expect(said).toHaveText('Kenya: 1 in your cart.');
      await expect(minus).toBeFocused();
    });

    test('after a line is removed, Escape closes the cart panel, not just the toast, and focus goes back to the cart button', async ({ page }) => {
      await page.goto('/shop');
      await productCard(page, 'KENYA').getByRole('button', { name: 'Add to Cart: Kenya' }).click();
      await expect(cartBadge(page)).toHaveText('1');
      await productCard(page, 'GHANA').getByRole('button', { name: 'Add to Cart: Ghana' }).click();
      await expect(cartBadge(page)).toHaveText('2');
      const panel = await openCart(page);
      await panel.getByRole('button', { name: 'Remove Ghana' }).click();
      await expect(toast(page, 'Item Removed')).toBeVisible();
      await expect(cartLine(page, 'GHANA')).toHaveCount(0);

      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
      await expect(cartButton(page)).toBeFocused();
    });
  });
}
