/** The shopper's journey: home, shop, search and region, product page, cart (spec sections 2, 4, 5, 8). */
import {
  cartBadge,
  cartButton,
  cartLine,
  cartPanel,
  clickAgain,
  closeCart,
  effectivePriceCents,
  expect,
  fetchCatalogue,
  fetchProduct,
  openCart,
  productCard,
  quantityStepper,
  rand,
  resultLine,
  test,
  toast,
} from './fixtures';

test('a shopper finds the South African flag, fills the cart and empties it again', async ({ page, request }) => {
  const catalogue = await fetchCatalogue(request);
  const total = catalogue.length;
  const southMatches = catalogue.filter(
    (p) => p.name.toLowerCase().includes('south') || p.description.toLowerCase().includes('south'),
  ).length;
  const namibia = await fetchProduct(request, 'namibia');
  const namibiaCents = effectivePriceCents(namibia);

  // Every PUT of a cart line, to prove that a decrement to zero is never sent.
  const quantityUpdates: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT' && new URL(r.url()).pathname.startsWith('/api/cart/')) quantityUpdates.push(r.postData() ?? '');
  });

  // Home -> shop.
  await page.goto('/');
  await page.getByRole('link', { name: 'Shop Premium Flags' }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Shop Country Flags' })).toBeVisible();
  await expect(resultLine(page)).toHaveText(`Showing ${total} of ${total} flags`);

  // Search.
  await page.getByPlaceholder('Search flags by country...').fill('south');
  await expect(resultLine(page)).toHaveText(`Showing ${southMatches} of ${total} flags`);
  await expect(productCard(page, 'SOUTH AFRICA')).toBeVisible();
  await expect(productCard(page, 'SOUTH KOREA')).toBeVisible();
  await expect(page.getByTestId('product-card')).toHaveCount(southMatches);

  // Region tab: its count is what it shows.
  const africa = page.getByRole('tab', { name: /^Africa/ });
  await africa.click();
  await expect(africa).toHaveAttribute('aria-selected', 'true');
  await expect(productCard(page, 'SOUTH KOREA')).toHaveCount(0);
  await expect(productCard(page, 'SOUTH AFRICA')).toBeVisible();
  const africaCount = Number(await africa.getByTestId('region-count-africa').textContent());
  expect(africaCount).toBeGreaterThan(0);
  expect(africaCount).toBeLessThan(southMatches);
  await expect(resultLine(page)).toHaveText(`Showing ${africaCount} of ${total} flags`);
  await expect(page.getByTestId('product-card')).toHaveCount(africaCount);

  // Product page.
  await productCard(page, 'SOUTH AFRICA').getByRole('link', { name: /View Details/ }).click();
  await expect(page).toHaveURL(/\/product\/south-africa$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('South Africa');
  await expect(page.getByTestId('product-price')).toHaveText('R130.00');
  await expect(page.getByText('In Stock', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Specifications' })).toBeVisible();
  await expect(page.getByRole('row', { name: 'Material Polyester' })).toBeVisible();
  // The table and the description give the same size.
  await expect(page.getByRole('row', { name: 'Size 150 × 90 cm' })).toBeVisible();
  await expect(page.getByTestId('product-description')).toContainText('150cm x 90cm');
  await expect(page.getByRole('row', { name: 'Weight 200g' })).toBeVisible();

  // Two of them into the cart.
  const stepper = quantityStepper(page);
  await expect(stepper.value).toHaveValue('1');
  await stepper.increase.click();
  await expect(stepper.value).toHaveValue('2');
  await expect(cartBadge(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toast(page, 'Added to Cart!', '2 × South Africa (150 × 90 cm) have been added to your cart.')).toBeVisible();
  await expect(cartBadge(page)).toHaveText('2');
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 2 items');

  // The cart panel: plus and minus.
  await openCart(page);
  const line = cartLine(page, 'SOUTH AFRICA');
  const lineQuantity = line.getByTestId('cart-item-quantity');
  const total$ = cartPanel(page).getByTestId('cart-total');
  await expect(lineQuantity).toHaveText('2');
  await expect(total$).toHaveText('R260.00');

  const plus = line.getByRole('button', { name: 'One more South Africa' });
  const minus = line.getByRole('button', { name: 'One fewer South Africa' });
  await plus.click();
  await expect(lineQuantity).toHaveText('3');
  await expect(total$).toHaveText('R390.00');
  await expect(cartBadge(page)).toHaveText('3');

  await minus.click();
  await expect(lineQuantity).toHaveText('2');
  await clickAgain(page, minus);
  await expect(lineQuantity).toHaveText('1');
  await expect(total$).toHaveText('R130.00');
  expect(quantityUpdates).toHaveLength(3);

  // A decrement to zero is ignored (spec section 4): nothing is sent, the line stays at 1. The next
  // plus proves it: only its own update follows the earlier ones.
  await clickAgain(page, minus);
  await expect(lineQuantity).toHaveText('1');
  await expect(line).toBeVisible();
  await expect(cartBadge(page)).toHaveText('1');
  await plus.click();
  await expect(lineQuantity).toHaveText('2');
  expect(quantityUpdates.map((body) => (JSON.parse(body) as { quantity: number }).quantity)).toEqual([3, 2, 1, 2]);
  await expect(toast(page, 'Error')).toHaveCount(0);

  // A second flag, two of them.
  await closeCart(page);
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Shop' }).click();
  await expect(resultLine(page)).toHaveText(`Showing ${total} of ${total} flags`);
  await productCard(page, 'NAMIBIA').getByRole('link', { name: /View Details/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Namibia');
  await stepper.increase.click();
  await expect(stepper.value).toHaveValue('2');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toast(page, 'Added to Cart!', '2 × Namibia (150 × 90 cm) have been added to your cart.')).toBeVisible();
  await expect(cartBadge(page)).toHaveText('4');

  await openCart(page);
  await expect(cartPanel(page).getByTestId('cart-item')).toHaveCount(2);
  await expect(lineQuantity).toHaveText('2');
  await expect(cartLine(page, 'NAMIBIA').getByTestId('cart-item-quantity')).toHaveText('2');
  await expect(total$).toHaveText(rand(2 * 13000 + 2 * namibiaCents));

  // Remove one line.
  await cartLine(page, 'NAMIBIA').getByRole('button', { name: 'Remove Namibia' }).click();
  await expect(toast(page, 'Item Removed', 'Namibia has been removed from your cart.')).toBeVisible();
  await expect(cartPanel(page).getByTestId('cart-item')).toHaveCount(1);
  await expect(cartLine(page, 'SOUTH AFRICA')).toBeVisible();
  await expect(total$).toHaveText('R260.00');
  await expect(cartBadge(page)).toHaveText('2');
  // Clearing the cart asks first, with the answer under the focus; Keep my cart leaves it as it was.
  const clear = cartPanel(page).getByRole('button', { name: 'Clear Cart' });
  await clear.click();
  const question = cartPanel(page).getByRole('group', { name: 'Remove all 2 flags from your cart?' });
  await expect(question.getByRole('button', { name: 'Yes, clear cart' })).toBeFocused();
  await question.getByRole('button', { name: 'Keep my cart' }).click();
  await expect(question).toHaveCount(0);
  await expect(clear).toBeFocused();
  await expect(cartPanel(page).getByTestId('cart-item')).toHaveCount(1);
  await clickAgain(page, clear);
  await question.getByRole('button', { name: 'Yes, clear cart' }).click();
  await expect(toast(page, 'Cart Cleared')).toBeVisible();
  await expect(cartPanel(page).getByText('Your cart is empty')).toBeVisible();
  await expect(cartPanel(page).getByTestId('cart-item')).toHaveCount(0);
  await expect(cartPanel(page).getByRole('button', { name: 'Proceed to Checkout' })).toHaveCount(0);
  await closeCart(page);
  await expect(cartBadge(page)).toHaveCount(0);
  await expect(cartButton(page)).toHaveAccessibleName('Cart');
});

test('the cart survives a reload', async ({ page }) => {
  await page.goto('/product/south-africa');
  await expect(page.evaluate(() => localStorage.getItem('cart-session-id'))).resolves.toBeNull();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toast(page, 'Added to Cart!')).toBeVisible();
  await expect(cartBadge(page)).toHaveText('1');
  const sessionId = await page.evaluate(() => localStorage.getItem('cart-session-id'));
  expect(sessionId).toBeTruthy();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('South Africa');
  await expect(cartBadge(page)).toHaveText('1');
  expect(await page.evaluate(() => localStorage.getItem('cart-session-id'))).toBe(sessionId);
  await openCart(page);
  await expect(cartLine(page, 'SOUTH AFRICA').getByTestId('cart-item-quantity')).toHaveText('1');
  await expect(cartPanel(page).getByTestId('cart-total')).toHaveText('R130.00');
});

test('a cart that cannot be read says so with a way to try again, instead of showing an empty cart', async ({ page }) => {
  await page.goto('/product/south-africa');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(cartBadge(page)).toHaveText('1');
  const cartRead = /\/api\/cart\/[\w-]+$/;
  await page.route(cartRead, (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Service unavailable"}' })
      : route.fallback(),
  );
  await page.reload();
  await expect(toast(page, 'Error', 'Failed to fetch cart items')).toBeVisible();
  const panel = await openCart(page);
  await expect(panel.getByText('Your cart is empty')).toHaveCount(0);
  await expect(panel.getByText('We could not load your cart.')).toBeVisible();

  await page.unroute(cartRead);
  await panel.getByRole('button', { name: 'Try Again' }).click();
  await expect(cartLine(page, 'SOUTH AFRICA').getByTestId('cart-item-quantity')).toHaveText('1');
  await expect(cartBadge(page)).toHaveText('1');
});

test('Proceed to Checkout leads to the checkout page', async ({ page }) => {
  await page.goto('/product/south-africa');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(cartBadge(page)).toHaveText('1');
  await openCart(page);
  await cartPanel(page).getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(cartPanel(page)).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
});

/** Toasts open away from the cart panel, so they never take the clicks meant for its buttons. */
test('a toast does not cover the cart panel buttons', async ({ page }) => {
  for (const slug of ['south-africa', 'namibia']) {
    await page.goto(`/product/${slug}`);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(toast(page, 'Added to Cart!')).toBeVisible();
  }
  await expect(cartBadge(page)).toHaveText('2');
  await openCart(page);
  await page.getByRole('button', { name: 'Remove Namibia' }).click();
  await expect(toast(page, 'Item Removed')).toBeVisible();
  await expect(cartPanel(page).getByTestId('cart-item')).toHaveCount(1);
  const covered: string[] = [];
  for (const name of ['Proceed to Checkout', 'Clear Cart']) {
    const button = cartPanel(page).getByRole('button', { name });
    const box = await button.boundingBox();
    expect(box).not.toBeNull();
    const reachable = await button.evaluate(
      (el, point) => el.contains(document.elementFromPoint(point.x, point.y)),
      { x: box!.x + box!.width / 2, y: box!.y + box!.height / 2 },
    );
    if (!reachable) covered.push(name);
  }
  expect(covered, 'buttons under the toast').toEqual([]);
});

for (const width of [375, 1280]) {
  test(`the cart panel's plus, minus and remove are tap targets of at least 44 × 44 px, with their icons whole, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/product/south-africa');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(cartBadge(page)).toHaveText('1');
    await openCart(page);
    for (const name of ['One fewer South Africa', 'One more South Africa', 'Remove South Africa']) {
      const button = cartPanel(page).getByRole('button', { name });
      const box = (await button.boundingBox())!;
      expect(box.width, name).toBeGreaterThanOrEqual(44);
      expect(box.height, name).toBeGreaterThanOrEqual(44);
      const icon = (await button.locator('svg').boundingBox())!;
      expect(icon.width, `${name} icon`).toBeGreaterThanOrEqual(16);
    }
  });
}
