/** The shop page: empty state, regions, loading skeleton and the error view (spec sections 2 and 8). */
import type { Page, Route } from '@playwright/test';
import { expect, fetchCatalogue, productCard, resultLine, test } from './fixtures';

test.describe('filters', () => {
  let total = 0;
  test.beforeAll(async ({ request }) => {
    total = (await fetchCatalogue(request)).length;
  });

  test('a search without results shows the empty state, and Clear Filters restores everything', async ({ page }) => {
    await page.goto('/shop');
    await expect(resultLine(page)).toHaveText(`Showing ${total} of ${total} flags`);

    // A region and a search that match nothing.
    await page.getByRole('tab', { name: /^Europe/ }).click();
    const search = page.getByPlaceholder('Search flags by country...');
    await search.fill('zzzz');
    await expect(page.getByRole('heading', { name: 'No flags found matching your criteria' })).toBeVisible();
    await expect(resultLine(page)).toHaveText(`Showing 0 of ${total} flags`);
    await expect(page.getByTestId('product-card')).toHaveCount(0);

    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(resultLine(page)).toHaveText(`Showing ${total} of ${total} flags`);
    await expect(search).toHaveValue('');
    await expect(page.getByRole('tab', { name: /^All/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: 'No flags found matching your criteria' })).toBeHidden();
    await expect(page.getByTestId('product-card')).toHaveCount(total);
  });

  test('Show All Flags also restores the full catalogue', async ({ page }) => {
    await page.goto('/shop');
    const search = page.getByPlaceholder('Search flags by country...');
    await search.fill('zzzz');
    await expect(page.getByRole('heading', { name: 'No flags found matching your criteria' })).toBeVisible();
    await page.getByRole('button', { name: 'Show All Flags' }).click();
    await expect(resultLine(page)).toHaveText(`Showing ${total} of ${total} flags`);
    await expect(search).toHaveValue('');
  });

  test('the search is case-insensitive and the Asia tab holds Turkey', async ({ page }) => {
    await page.goto('/shop');
    await page.getByPlaceholder('Search flags by country...').fill('TuRkEy');
    await expect(productCard(page, 'TURKEY')).toBeVisible();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(resultLine(page)).toHaveText(`Showing ${total} of ${total} flags`);

    const asia = page.getByRole('tab', { name: /^Asia/ });
    await asia.click();
    await expect(asia).toHaveAttribute('aria-selected', 'true');
    await expect(productCard(page, 'TURKEY')).toBeVisible();
    await expect(productCard(page, 'SOUTH AFRICA')).toHaveCount(0);
    const asiaCount = Number(await asia.getByTestId('region-count-asia').textContent());
    await expect(resultLine(page)).toHaveText(`Showing ${asiaCount} of ${total} flags`);
    await expect(page.getByTestId('product-card')).toHaveCount(asiaCount);
  });
});

function shopLink(page: Page) {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shop', exact: true });
}

test('six skeleton cards show while the catalogue loads', async ({ page }) => {
  // The /shop and home documents carry the catalogue, so reach the shop from the contact page, where the app fetches it.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: Promise<void>[] = [];
  await page.route('**/api/products', (route: Route) => {
    const pending = released.then(() => route.continue());
    held.push(pending);
    return pending;
  });
  try {
    await page.goto('/contact');
    await shopLink(page).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Shop Country Flags' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Loading flags' })).toBeVisible();
    await expect(page.getByTestId('product-card-skeleton')).toHaveCount(6);
    await expect(page.getByTestId('product-card')).toHaveCount(0);
  } finally {
    release();
  }
  await Promise.all(held);
  await expect(page.getByTestId('product-card-skeleton')).toHaveCount(0);
  await expect(resultLine(page)).toHaveText(/^Showing (\d+) of \1 flags$/);
});

test('a failed catalogue shows the error view, and Try Again reloads the shop', async ({ page, request }) => {
  const total = (await fetchCatalogue(request)).length;
  // Routed before the first page load, so the app's start-up prefetch fails too.
  await page.route('**/api/products', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Database unavailable"}' }),
  );
  await page.goto('/contact');
  await shopLink(page).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Error Loading Products' });
  await expect(alert.getByRole('heading', { name: 'Error Loading Products' })).toBeVisible();
  await expect(
    alert.getByText("We're having trouble loading our flag collection. Please try again later."),
  ).toBeVisible();
  const tryAgain = alert.getByRole('button', { name: 'Try Again' });
  await expect(tryAgain).toBeVisible();
  await expect(page.getByPlaceholder('Search flags by country...')).toHaveCount(0);

  // The server is back: Try Again reloads the page.
  await page.unroute('**/api/products');
  await tryAgain.click();
  await expect(resultLine(page)).toHaveText(`Showing ${total} of ${total} flags`);
  await expect(alert).toHaveCount(0);
});
