/**
 * A flag hidden from the shop while it sits in a shopper's cart: the cart says 'No longer
 * available' and offers only Remove, the totals leave it out, and checkout refuses it by name until
 * it is removed. A flag running short: the cart line says how many are left and plus stops there,
 * and a flag out of stock says what the shopper can do instead.
 *
 * Other files count the shop's flags while these tests run, so the flag is a new one, added hidden
 * and shown only for the moment it takes to put it in the cart.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { afterDebounce, cartBadge, cartLine, closeCart, effectivePriceCents, expect, fetchProduct, openCart, quantityStepper, rand, test, toast } from './fixtures';
import { addToCart, adminPage, chooseNearestPoint, fillDetails, newShopper, origin, pay, payButton, signUp } from './shopper';

const STANDARD_FEE_CENTS = 6_000;

test.describe.configure({ timeout: 90_000 });

async function setShown(admin: Page, productId: string, isActive: boolean): Promise<void> {
  const answer = await admin.request.patch(`/api/admin/products/${productId}`, { data: { isActive }, headers: origin(admin) });
  expect(answer.ok()).toBe(true);
}

/** Puts one of the flag in the shopper's own cart through the cart API, as the product page would. */
async function putInCart(request: APIRequestContext, page: Page, productId: string): Promise<void> {
  const sessionId = await page.evaluate(() => localStorage.getItem('cart-session-id'));
  const answer = await request.post('/api/cart', { data: { sessionId, productId, quantity: 1 }, headers: origin(page) });
  expect(answer.status()).toBe(201);
}

test('a flag hidden while in the cart is marked no longer available, left out of the totals, and refused at checkout until removed', async ({
  page,
  browser,
  request,
}) => {
  const admin = await adminPage(browser);
  const created = await admin.request.post('/api/admin/products', {
    data: {
      name: 'Zanzibar',
      description: 'The blue, black and green bands of Zanzibar with the flag of Tanzania, in 150cm x 90cm polyester.',
      priceCents: 15_000,
      isActive: false,
      // No picture is uploaded: shown, it must be for sale all the same.
      showWithoutPicture: true,
    },
    headers: origin(admin),
  });
  expect(created.status()).toBe(201);
  const zanzibar = (await created.json()) as { id: string };

  await signUp(page, newShopper('Amina', 'Juma'));
  await addToCart(page, 'kenya', 'KENYA');
  const kenya = await fetchProduct(request, 'kenya');
  const kenyaCents = effectivePriceCents(kenya);

  await setShown(admin, zanzibar.id, true);
  try {
    await putInCart(page.request, page, zanzibar.id);
  } finally {
    await setShown(admin, zanzibar.id, false);
  }

  // The cart keeps the line, says why it cannot be bought, and offers only to remove it.
  await page.goto('/');
  await openCart(page);
  const hidden = cartLine(page, 'ZANZIBAR');
  await expect(hidden.getByText('No longer available')).toBeVisible();
  await expect(hidden.getByRole('button', { name: 'Remove Zanzibar' })).toBeVisible();
  await expect(hidden.getByRole('button', { name: /One (more|fewer) Zanzibar/ })).toHaveCount(0);
  await expect(hidden.getByTestId('cart-item-quantity')).toHaveCount(0);
  await expect(cartLine(page, 'KENYA').getByRole('button', { name: 'One more Kenya' })).toBeVisible();
  await expect(page.getByTestId('cart-total')).toHaveText(rand(kenyaCents));
  await expect(cartBadge(page)).toHaveText('1');

  // The order summary counts only what can be bought, and names the rest.
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  await expect(summary.getByTestId('summary-item')).toHaveCount(1);
  await expect(summary.getByTestId('summary-item')).toContainText('Kenya');
  await expect(summary.getByTestId('summary-unavailable')).toContainText('Zanzibar');
  await expect(page.getByTestId('checkout-subtotal')).toHaveText(rand(kenyaCents));
  await expect(page.getByTestId('checkout-total')).toHaveText(rand(kenyaCents + STANDARD_FEE_CENTS));

  // Paying while it is still in the cart is refused in words, and nothing is opened.
  await fillDetails(page, { phone: '082 555 0142' });
  await chooseNearestPoint(page);
  await pay(page);
  const message = 'The Zanzibar flag in 150 × 90 cm is no longer sold. Please remove it from your cart.';
  await expect(summary.getByRole('alert')).toHaveText(message);
  // Said once, beside Pay: not toasted as well.
  await expect(toast(page, 'Please Review Your Order')).toHaveCount(0);
  await expect(page).toHaveURL(/\/checkout$/);

  // Removed, the rest of the order goes to the payment page.
  await openCart(page);
  await afterDebounce(page);
  await cartLine(page, 'ZANZIBAR').getByRole('button', { name: 'Remove Zanzibar' }).click();
  await expect(cartLine(page, 'ZANZIBAR')).toHaveCount(0);
  await closeCart(page);
  await expect(summary.getByTestId('summary-unavailable')).toHaveCount(0);
  await expect(payButton(page)).toContainText(`Pay ${rand(kenyaCents + STANDARD_FEE_CENTS)}`);
  await pay(page);
  await expect(page).toHaveURL(/\/sandbox-pay\//);
  await expect(page.getByText(rand(kenyaCents + STANDARD_FEE_CENTS)).first()).toBeVisible();
});

test('a flag running short: the cart line says how many are left, plus stops there, the line is marked when stock falls below it, and no toast covers it; sold out, the page says what to do', async ({
  page,
  browser,
}) => {
  const admin = await adminPage(browser);
  const lesotho = await fetchProduct(page.request, 'lesotho');
  const setStock = async (stockQuantity: number | null) => {
    const answer = await admin.request.patch(`/api/admin/products/${lesotho.id}`, { data: { stockQuantity }, headers: origin(admin) });
    expect(answer.ok(), await answer.text()).toBe(true);
  };
  await setStock(3);
  try {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/product/lesotho');
    await quantityStepper(page).increase.click();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(toast(page, 'Added to Cart!', '2 × Lesotho (150 × 90 cm) have been added to your cart.')).toBeVisible();
    await openCart(page);
    const line = cartLine(page, 'LESOTHO');
    const stock = line.getByTestId('cart-item-stock');
    const quantity = line.getByTestId('cart-item-quantity');
    const plus = line.getByRole('button', { name: 'One more Lesotho' });
    const minus = line.getByRole('button', { name: 'One fewer Lesotho' });
    await expect(stock).toHaveText('Only 3 left');
    await expect(line).not.toHaveAttribute('data-short', 'true');

    // Two are sold elsewhere while the cart is open: the next plus is refused, and the line says why.
    await setStock(1);
    await plus.click();
    await expect(stock).toHaveText('Only 1 left: please lower the quantity to 1.');
    await expect(line).toHaveAttribute('data-short', 'true');
    await expect(plus).toBeDisabled();
    await expect(quantity).toHaveText('2');
    for (const button of [minus, line.getByRole('button', { name: 'Remove Lesotho' })]) {
      const where = (await button.boundingBox())!;
      const reachable = await button.evaluate((el, point) => el.contains(document.elementFromPoint(point.x, point.y)), {
        x: where.x + where.width / 2,
        y: where.y + where.height / 2,
      });
      expect(reachable, 'the line to change is not under a toast').toBe(true);
    }

    // Lowered to what is left, the line is in order again and plus stays at the stock.
    await minus.click();
    await expect(quantity).toHaveText('1');
    await expect(line).not.toHaveAttribute('data-short', 'true');
    await expect(stock).toHaveText('Only 1 left');
    await expect(plus).toBeDisabled();
    await expect(line.getByRole('status')).toHaveText('Lesotho: 1 in your cart. Only 1 left, so no more can be added.');
    await closeCart(page);

    // Sold out: the page offers the wishlist and a way to ask when it is back.
    await setStock(0);
    await page.goto('/product/lesotho');
    await expect(page.getByTestId('stock-badge')).toHaveText('Out of stock');
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
    const whatToDo = page.getByTestId('out-of-stock-help');
    await expect(whatToDo).toHaveText(
      'This flag is sold out for now. Save it to your wishlist to find it again, or contact us to ask when it will be back.',
    );
    await expect(whatToDo.getByRole('link', { name: 'contact us' })).toHaveAttribute('href', '/contact');
    await expect(page.getByRole('button', { name: /wishlist/i })).toBeVisible();
  } finally {
    await setStock(null);
  }
});
