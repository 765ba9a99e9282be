/**
 * The admin's Products tab: adding a flag with its stock and an uploaded picture, publishing it to
 * the shop, and a flag set to 0 in stock showing 'Out of stock' to shoppers.
 *
 * Other files count the shop's flags while these tests run, so the new flag is added hidden and
 * shown only for the few seconds this test looks at it, and a changed flag is put back at the end.
 * The last test uploads a large picture and sees the shopper's browser load one of its smaller copies.
 */
import type { Browser, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { PICTURE_SIZES } from '../src/shared/picture-sizes';
import { afterDebounce, expect, productCard, test, toast } from './fixtures';
import { PRODUCTS_ADMIN_EMAIL } from './admins';
import { signInAsAdmin } from './shopper';

/** A real 1 x 1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

test.describe.configure({ timeout: 90_000 });

/** The catalogue's admin. */
const signInAsStockRoom = (page: Page) => signInAsAdmin(page, PRODUCTS_ADMIN_EMAIL);

async function openProducts(page: Page): Promise<void> {
  await page.goto('/admin?tab=products');
  await expect(page.getByRole('heading', { name: 'Products', level: 2 })).toBeVisible();
}

function productRow(page: Page, name: string): Locator {
  return page.getByTestId('admin-product-row').filter({ has: page.getByText(name, { exact: true }) });
}

async function editProduct(page: Page, name: string): Promise<Locator> {
  await productRow(page, name).getByRole('button', { name: `Edit ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${name}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** A shopper's own browser: no admin session, a fresh cart. */
async function shopperPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test('an admin adds a flag with 1 in stock and a picture; once shown it is in the shop with its picture', async ({ page, browser }) => {
  await signInAsStockRoom(page);
  await openProducts(page);
  await page.getByRole('button', { name: 'Add Flag' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a Flag' });
  await expect(dialog).toBeVisible();

  // The form says what is missing before anything is sent: every problem at once, each beside its field.
  await dialog.getByRole('button', { name: 'Add Flag' }).click();
  await expect(dialog.getByLabel('Flag name')).toHaveAccessibleDescription(/Please enter the flag name \(2 to 100 characters\)/);
  await expect(dialog.getByLabel('Description')).toHaveAccessibleDescription(/Please enter a description/);
  await expect(dialog.getByLabel('Price (R)', { exact: true })).toHaveAccessibleDescription(/Please enter the price in rand, like 130.00/);
  await expect(dialog.getByLabel('Flag name')).toBeFocused();

  await dialog.getByLabel('Flag name').fill('malawi');
  await expect(dialog.getByLabel('Flag name')).toHaveAccessibleDescription('Shoppers see it as Malawi.');
  await dialog.getByLabel('Description').fill('The red rising sun of Malawi over black, red and green bands, in 150cm x 90cm polyester.');
  await dialog.getByLabel('Price (R)', { exact: true }).fill('140');
  await dialog.getByLabel('Sale price (R)').fill('150');
  await dialog.getByLabel('Stock', { exact: true }).fill('-1');
  await dialog.getByLabel('Shown in the shop').uncheck();
  await afterDebounce(page);
  await dialog.getByRole('button', { name: 'Add Flag' }).click();
  // The sale price above the price is said together with the bad stock, not after it is put right.
  await expect(dialog.getByLabel('Sale price (R)')).toHaveAccessibleDescription(/The sale price must be lower than the price/);
  await expect(dialog.getByLabel('Stock', { exact: true })).toHaveAccessibleDescription(/Stock must be a whole number, 0 or more/);
  await expect(dialog.getByLabel('Sale price (R)')).toBeFocused();
  await dialog.getByLabel('Sale price (R)').fill('');
  await dialog.getByLabel('Stock', { exact: true }).fill('1');
  await afterDebounce(page);
  await dialog.getByRole('button', { name: 'Add Flag' }).click();
  await expect(toast(page, 'Flag Added', 'Malawi has been added. You can add its pictures now.')).toBeVisible();

  // The dialog goes on with the new flag, for its pictures.
  const edit = page.getByRole('dialog', { name: 'Edit Malawi' });
  await expect(edit.getByText('No pictures yet: the shop shows a placeholder.')).toBeVisible();
  await edit.getByLabel('New picture').setInputFiles({ name: 'malawi.png', mimeType: 'image/png', buffer: PNG });
  await expect(edit.getByTestId('upload-preview')).toBeVisible();
  await expect(edit.getByLabel('Alt text', { exact: true })).toHaveValue('Flag of Malawi');
  await edit.getByRole('button', { name: 'Upload Picture' }).click();
  await expect(toast(page, 'Picture Added')).toBeVisible();
  const picture = edit.getByTestId('product-picture');
  await expect(picture).toHaveCount(1);
  await expect(picture.getByRole('img', { name: 'Flag of Malawi' })).toHaveAttribute('src', /^\/media\/uploads\/[0-9a-f-]{36}$/);
  const pictureUrl = (await picture.getByRole('img').getAttribute('src'))!;

  // Published: shown in the shop.
  await edit.getByLabel('Shown in the shop').check();
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Flag Saved', 'Malawi has been updated.')).toBeVisible();
  await expect(edit).toBeHidden();
  const row = productRow(page, 'Malawi');
  await expect(row).toContainText('R140.00');
  await expect(row).toContainText('Shown');

  try {
    const shopper = await shopperPage(browser);
    await shopper.goto('/shop?q=malawi');
    const card = productCard(shopper, 'MALAWI');
    await expect(card).toBeVisible();
    await expect(card.getByTestId('stock-badge')).toHaveText('Only 1 left');
    const image = card.getByRole('img', { name: 'Flag of Malawi' });
    await expect(image).toHaveAttribute('src', pictureUrl);
    // Shown as its AVIF copy (a 1 x 1 picture's one width), the original kept in the <img> for browsers that show neither.
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => (img.complete && img.naturalWidth > 0 ? new URL(img.currentSrc).pathname : ''))).toBe(`${pictureUrl}/1.avif`);
    await shopper.context().close();
  } finally {
    await afterDebounce(page);
    const again = await editProduct(page, 'Malawi');
    await again.getByLabel('Shown in the shop').uncheck();
    await again.getByRole('button', { name: 'Save Changes' }).click();
    await expect(again).toBeHidden();
  }
});

test('a shopper sees Out of stock once the admin sets the stock to 0, and cannot add the flag to the cart', async ({ page, browser }) => {
  await signInAsStockRoom(page);
  await openProducts(page);
  const dialog = await editProduct(page, 'Zambia');
  await dialog.getByLabel('Stock', { exact: true }).fill('0');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Flag Saved', 'Zambia has been updated.')).toBeVisible();
  await expect(productRow(page, 'Zambia')).toContainText('0 (out of stock)');

  try {
    const shopper = await shopperPage(browser);
    await shopper.goto('/shop?q=zambia');
    await expect(productCard(shopper, 'ZAMBIA').getByTestId('stock-badge')).toHaveText('Out of stock');
    await shopper.goto('/product/zambia');
    await expect(shopper.getByTestId('stock-badge')).toHaveText('Out of stock');
    await expect(shopper.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
    await shopper.context().close();
  } finally {
    await afterDebounce(page);
    const again = await editProduct(page, 'Zambia');
    await again.getByLabel('Stock', { exact: true }).fill('');
    await again.getByRole('button', { name: 'Save Changes' }).click();
    await expect(again).toBeHidden();
  }
});

test("a large uploaded picture reaches the shopper's browser as the AVIF copy its place needs, never as the original", async ({ page, browser }) => {
  // A 1600 x 1000 photo-sized PNG: the flag-blue field and white band of a picture the owner took.
  const photo = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#00a3dd' } })
    .composite([{ input: { create: { width: 1600, height: 300, channels: 3, background: '#ffffff' } }, top: 350, left: 0 }])
    .png()
    .toBuffer();
  const altText = 'Eswatini flag flying over Mbabane';
  await signInAsStockRoom(page);
  await openProducts(page);
  const edit = await editProduct(page, 'Eswatini');
  await edit.getByLabel('New picture').setInputFiles({ name: 'mbabane.png', mimeType: 'image/png', buffer: photo });
  await edit.getByLabel('Alt text', { exact: true }).fill(altText);
  await edit.getByRole('button', { name: 'Upload Picture' }).click();
  await expect(toast(page, 'Picture Added')).toBeVisible();
  const uploaded = edit.getByTestId('product-picture').filter({ has: page.getByRole('img', { name: altText }) });
  const pictureUrl = (await uploaded.getByRole('img').getAttribute('src'))!;
  expect(pictureUrl).toMatch(/^\/media\/uploads\/[0-9a-f-]{36}$/);

  try {
    const shopper = await shopperPage(browser);
    const fetched: string[] = [];
    shopper.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    await shopper.goto('/product/eswatini');
    const gallery = shopper.getByRole('region', { name: 'Product images' });
    await gallery.getByRole('button', { name: 'Show image 3 of 3' }).click();
    const main = gallery.getByRole('img', { name: altText });
    await expect(main).toBeVisible();

    // A <picture> with AVIF first, then WebP, each with every width and the product page's sizes; the original in the <img>.
    const picture = gallery.locator('picture').filter({ has: shopper.getByRole('img', { name: altText }) });
    for (const [format, type] of [['avif', 'image/avif'], ['webp', 'image/webp']]) {
      const source = picture.locator(`source[type="${type}"]`);
      await expect(source).toHaveAttribute('srcset', [320, 640, 960, 1280].map((w) => `${pictureUrl}/${w}.${format} ${w}w`).join(', '));
      await expect(source).toHaveAttribute('sizes', PICTURE_SIZES.productPage);
    }
    expect(await picture.locator('source').evaluateAll((sources) => sources.map((s) => s.getAttribute('type')))).toEqual(['image/avif', 'image/webp']);
    await expect(main).toHaveAttribute('src', pictureUrl);
    await expect(main).toHaveAttribute('width', '800');

    // The browser loaded and shows the copy the place needs: AVIF, the first type it can show, 640 pixels
    // for the 600 the picture takes on this 1280-pixel screen. The 1600-pixel original was never fetched.
    const copy = `${pictureUrl}/640.avif`;
    await expect.poll(() => main.evaluate((img: HTMLImageElement) => (img.complete && img.naturalWidth > 0 ? new URL(img.currentSrc).pathname : ''))).toBe(copy);
    expect(fetched).toContain(copy);
    expect(fetched).not.toContain(pictureUrl);
    await shopper.context().close();

    // First on the card, far down the shop: no address and no srcset until the card comes near the screen.
    await uploaded.getByRole('button', { name: 'Move picture 3 up' }).click();
    await expect(edit.getByText('Picture 3 moved to place 2 of 3.')).toBeAttached();
    await afterDebounce(page);
    await uploaded.getByRole('button', { name: 'Move picture 2 up' }).click();
    await expect(uploaded.getByLabel('Alt text of picture 1')).toBeVisible();
    const browsing = await shopperPage(browser);
    await browsing.goto('/shop');
    const card = productCard(browsing, 'ESWATINI');
    const cardImage = card.locator('picture img');
    await expect(cardImage).toHaveAttribute('data-src', pictureUrl);
    await expect(cardImage).not.toHaveAttribute('src');
    await expect(card.locator('picture source')).toHaveCount(0);
    await card.scrollIntoViewIfNeeded();
    await expect(card.locator('picture source[type="image/avif"]')).toHaveAttribute('sizes', PICTURE_SIZES.card);
    await expect(cardImage).toHaveAttribute('src', pictureUrl);
    await expect
      .poll(() => cardImage.evaluate((img: HTMLImageElement) => (img.complete && img.naturalWidth > 0 ? new URL(img.currentSrc).pathname : '')))
      .toMatch(new RegExp(`^${pictureUrl}/\\d+\\.avif$`));
    await browsing.context().close();
  } finally {
    await uploaded.getByRole('button', { name: /^Delete picture \d$/ }).click();
    await uploaded.getByRole('button', { name: 'Yes, delete' }).click();
    await expect(edit.getByTestId('product-picture')).toHaveCount(2);
  }
});
