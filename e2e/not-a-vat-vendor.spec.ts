/**
 * A shop not registered for VAT (SHOP_VAT_NUMBER=) may not charge VAT or say that its prices include
 * it: no page speaks of VAT, and the prices and totals are simply shown. The shop the other tests
 * use is the sample VAT vendor, whose wording they check.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { afterDebounce, effectivePriceCents, expect, fetchCatalogue, fetchProduct, openCart, rand, test, toast } from './fixtures';
import { formatRandCompact } from '../src/shared/money';
import { lowestPriceCents } from '../src/shared/product';
import { PAXI_STANDARD } from '../src/shared/shop-facts';
import { startSecondShop, type SecondShop } from './second-shop';

let shop: SecondShop;
/** The API of that shop, for the prices its pages must show. */
let api: APIRequestContext;

test.beforeAll(async ({ playwright }) => {
  shop = await startSecondShop({ SHOP_VAT_NUMBER: '' });
  api = await playwright.request.newContext({ baseURL: shop.url });
});

test.afterAll(async () => {
  await api?.dispose();
  await shop?.stop();
});

/** The word VAT on its own: 'Vatican City' in the catalogue is a flag, not a tax. */
const VAT = /\bVAT\b/;

/** Neither the page's content, its footer nor its description speaks of VAT, hidden text (closed FAQ answers) included. */
async function expectNoVat(page: Page): Promise<void> {
  for (const part of [page.getByRole('main'), page.getByRole('contentinfo')]) {
    await expect(part).toBeVisible();
    await expect(part).not.toContainText(VAT);
  }
  await expect(page.locator('meta[name="description"]')).not.toHaveAttribute('content', VAT);
}

// The pages the server renders, policies included, are read for VAT in src/server/storefront/shop-settings-ssr.test.ts;
// here the app: the questions it loads on the home page, the cart and checkout.
test('a shop not registered for VAT shows its prices and totals without a word of VAT, at 1280 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const fromCents = lowestPriceCents(await fetchCatalogue(api))!;
  const priceCents = effectivePriceCents(await fetchProduct(api, 'south-africa'));

  await page.goto(`${shop.url}/`);
  await expect(page.getByTestId('home-from-price')).toHaveText(`, from ${formatRandCompact(fromCents)}`);
  // The questions load after the first paint; the one on VAT is not among them.
  await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'How long do your polyester flags last?' })).toBeVisible();
  await expectNoVat(page);

  await page.goto(`${shop.url}/product/south-africa`);
  await expect(page.getByTestId('product-price')).toHaveText(rand(priceCents));
  await expect(page.getByTestId('price-note')).toHaveText(`PAXI collection from ${PAXI_STANDARD.feeLabel}.`);
  await expectNoVat(page);

  await afterDebounce(page);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toast(page, 'Added to Cart!', 'South Africa (150 × 90 cm) has been added to your cart.')).toBeVisible();
  const panel = await openCart(page);
  await expect(panel.getByTestId('cart-total')).toHaveText(rand(priceCents));
  await expect(panel.getByText('The delivery fee, PAXI collection or courier, is added at checkout.')).toBeVisible();
  await expect(panel).not.toContainText(VAT);

  await page.goto(`${shop.url}/checkout`);
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  await expect(summary.getByTestId('checkout-subtotal')).toHaveText(rand(priceCents));
  await expect(summary.getByTestId('checkout-fee')).toHaveText(rand(PAXI_STANDARD.feeCents));
  await expect(summary.getByTestId('checkout-total')).toHaveText(rand(priceCents + PAXI_STANDARD.feeCents));
  await expect(summary.getByTestId('checkout-vat')).toHaveCount(0);
  await expectNoVat(page);
});
