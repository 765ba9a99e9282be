/** The product page: not found, gallery, quantity stepper, broken pictures (spec sections 2, 5, 8). */
import { clickAgain, expect, fetchProduct, productCard, quantityStepper, test } from './fixtures';

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

test('the quantity stepper stays between 1 and 10', async ({ page }) => {
  await page.goto('/product/south-africa');
  const { value, increase, decrease } = quantityStepper(page);
  await expect(value).toHaveText('1');
  await expect(decrease).toBeDisabled();

  await increase.click();
  for (let n = 2; n < 10; n++) {
    await expect(value).toHaveText(String(n));
    await clickAgain(page, increase);
  }
  await expect(value).toHaveText('10');
  await expect(increase).toBeDisabled();
  await expect(decrease).toBeEnabled();

  await decrease.click();
  for (let n = 9; n > 1; n--) {
    await expect(value).toHaveText(String(n));
    await clickAgain(page, decrease);
  }
  await expect(value).toHaveText('1');
  await expect(decrease).toBeDisabled();
  await expect(increase).toBeEnabled();
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
