/** The product page: not found, gallery, quantity stepper, broken pictures (spec sections 2, 5, 8). */
import { cartBadge, clickAgain, expect, fetchProduct, productCard, quantityStepper, test, toast } from './fixtures';

test('an unknown product answers 404 with Product Not Found and a way back to the shop', async ({ page }) => {
  const response = await page.goto('/product/no-such-flag');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Product Not Found' })).toBeVisible();
  await expect(page).toHaveTitle(/Product Not Found/);
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Back to Shop' }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Shop Country Flags' })).toBeVisible();
});

test('the gallery arrows wrap around at both ends', async ({ page, request }) => {
  const product = await fetchProduct(request, 'south-africa');
  expect(product.images).toHaveLength(2);
  const [first, second] = product.images as [(typeof product.images)[0], (typeof product.images)[0]];

  await page.goto('/product/south-africa');
  const gallery = page.getByRole('region', { name: 'Product images' });
  // Thumbnails have empty alt text, so the only named picture is the main one.
  const main = gallery.getByRole('img');
  const next = gallery.getByRole('button', { name: 'Next image' });
  const previous = gallery.getByRole('button', { name: 'Previous image' });
  const thumbnail = (n: number) => gallery.getByRole('button', { name: `Show image ${n} of 2` });

  await expect(main).toHaveAttribute('src', first.url);
  await expect(main).toHaveAccessibleName(first.altText);
  await expect(thumbnail(1)).toHaveAttribute('aria-current', 'true');

  await next.click();
  await expect(main).toHaveAttribute('src', second.url);
  await expect(main).toHaveAccessibleName(second.altText);
  await expect(thumbnail(2)).toHaveAttribute('aria-current', 'true');
  await expect(gallery.getByText('Image 2 of 2')).toBeAttached();

  // Past the last picture: back to the first.
  await clickAgain(page, next);
  await expect(main).toHaveAttribute('src', first.url);
  await expect(thumbnail(1)).toHaveAttribute('aria-current', 'true');

  // Before the first picture: the last one.
  await previous.click();
  await expect(main).toHaveAttribute('src', second.url);
  await clickAgain(page, previous);
  await expect(main).toHaveAttribute('src', first.url);

  // A thumbnail picks its picture directly.
  await thumbnail(2).click();
  await expect(main).toHaveAttribute('src', second.url);
});

test("the quantity steps by one from 1, takes a typed dozen and more, and stops at the shop's limit of 100 saying so", async ({ page }) => {
  await page.goto('/product/south-africa');
  const { value, increase, decrease } = quantityStepper(page);
  await expect(value).toHaveValue('1');
  await expect(decrease).toBeDisabled();

  await increase.click();
  await expect(value).toHaveValue('2');
  await clickAgain(page, decrease);
  await expect(value).toHaveValue('1');
  await expect(decrease).toBeDisabled();

  // More than a line holds: the number stops at the limit, and the page says why.
  await value.fill('250');
  await value.blur();
  await expect(value).toHaveValue('100');
  await expect(page.getByTestId('quantity-most')).toHaveText('Up to 100 of one flag per order. For more, request a quote.');
  await expect(page.getByTestId('quantity-most').getByRole('link', { name: 'request a quote' })).toHaveAttribute('href', '/quote?flag=south-africa&size=150x90');
  await expect(increase).toBeDisabled();
  await expect(decrease).toBeEnabled();

  await value.fill('12');
  await expect(page.getByTestId('quantity-most')).toBeHidden();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toast(page, 'Added to Cart!', '12 × South Africa (150 × 90 cm) have been added to your cart.')).toBeVisible();
  await expect(cartBadge(page)).toHaveText('12');
});

test.describe('when flag pictures cannot be loaded', () => {
  test.beforeEach(async ({ page }) => {
    await page.route('**/flags/**', (route) => route.abort());
  });

  test('the product page says Image unavailable', async ({ page }) => {
    await page.goto('/product/south-africa');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('South Africa');
    const main = page.getByRole('region', { name: 'Product images' }).getByRole('img', { name: 'Flag of South Africa' });
    await expect(main).toContainText('Image unavailable');
    await expect(main).toBeVisible();
  });

  test('the shop cards say Image unavailable', async ({ page }) => {
    await page.goto('/shop');
    const firstCard = page.getByTestId('product-card').first();
    await expect(firstCard.getByText('Image unavailable')).toBeVisible();
    // The rest of the card still works.
    await expect(firstCard.getByRole('link', { name: /View Details/ })).toBeVisible();
    await expect(productCard(page, 'SOUTH AFRICA')).toHaveCount(1);
  });
});
