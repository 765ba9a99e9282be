/** Not-found page, phone menu, footer links, titles, narrow screens and keyboard (spec section 2). */
import { expect, productCard, hydrated, test } from './fixtures';

const PHONE = { width: 320, height: 720 };

test('an unknown address shows the 404 page with a 404 status', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
  await expect(page).toHaveTitle(/404 Page Not Found/);
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Shop Premium Flags' })).toBeVisible();
});

test('on a 320 px phone the menu button replaces the links', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/');
  const mainNav = page.getByRole('navigation', { name: 'Main' });
  for (const name of ['Home', 'Shop', 'Contact']) {
    await expect(mainNav.getByRole('link', { name, exact: true })).toBeHidden();
  }
  // Signing in is in the menu on a phone; the bar keeps only the logo, the cart and the menu button.
  const menuButton = page.getByRole('button', { name: 'Open menu' });
  await expect(menuButton).toBeVisible();
  await expect(mainNav.getByRole('button', { name: 'Sign In' })).toBeHidden();

  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await menuButton.click();
  const closeButton = page.getByRole('button', { name: 'Close menu' });
  await expect(closeButton).toHaveAttribute('aria-expanded', 'true');
  const menu = page.locator(`#${await closeButton.getAttribute('aria-controls')}`);
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link')).toHaveText(['Home', 'Shop', 'Contact']);

  await menu.getByRole('link', { name: 'Shop', exact: true }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Shop Country Flags' })).toBeVisible();
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
});

test('the phone menu closes with Escape, with a tap outside it and with a link outside it, and gives the focus back to its button', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/contact');
  const openButton = page.getByRole('button', { name: 'Open menu' });
  const menu = page.locator('#mobile-menu');

  await openButton.click();
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(openButton).toBeFocused();
  await expect(openButton).toHaveAttribute('aria-expanded', 'false');

  // A tap on the page beside the menu, where nothing else answers it.
  await openButton.click();
  await expect(menu).toBeVisible();
  await page.mouse.click(6, 700);
  await expect(menu).toBeHidden();

  // The shop's name in the bar is a link too: the next page opens without the menu over it.
  await openButton.click();
  await expect(menu).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Cape Flag Co.' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(menu).toBeHidden();
});

test('the desktop links are shown on a wide screen, without a menu button', async ({ page }) => {
  await page.goto('/');
  const mainNav = page.getByRole('navigation', { name: 'Main' });
  await expect(mainNav.getByRole('link', { name: 'Contact', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
  await mainNav.getByRole('link', { name: 'Contact', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
});

test('the footer links open the four policy pages', async ({ page }) => {
  await page.goto('/');
  const pages = [
    { name: 'Privacy Policy', path: '/privacy-policy' },
    { name: 'Terms of Service', path: '/terms-of-service' },
    { name: 'Returns Policy', path: '/returns-policy' },
    { name: 'Shipping Policy', path: '/shipping-policy' },
  ];
  for (const { name, path } of pages) {
    await page.getByRole('contentinfo').getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page).toHaveTitle(new RegExp(`^${name}`));
  }
});

test('page titles name the shop and the flag, on load and after navigation', async ({ page }) => {
  await page.goto('/shop');
  await expect(page).toHaveTitle(/Shop/);
  await page.goto('/product/south-africa');
  await expect(page).toHaveTitle(/South Africa/);

  // The title follows client-side navigation too.
  await page.goto('/');
  await page.getByRole('link', { name: 'Shop Premium Flags' }).click();
  await expect(page).toHaveTitle(/Shop/);
  await productCard(page, 'SOUTH AFRICA').getByRole('link', { name: /View Details/ }).click();
  await expect(page).toHaveTitle(/South Africa/);
});

test('no page scrolls sideways on a 320 px phone', async ({ page }) => {
  await page.setViewportSize(PHONE);
  const pages = [
    { path: '/', heading: 'Premium country flags, made to fly proudly' },
    { path: '/shop', heading: 'Shop Country Flags' },
    { path: '/product/south-africa', heading: 'South Africa' },
    { path: '/contact', heading: 'Contact Us' },
  ];
  for (const { path, heading } of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, `scroll width of ${path}`).toBeLessThanOrEqual(PHONE.width);
  }
});

test('the first Tab reaches a visibly focused Skip to content link', async ({ page }) => {
  await page.goto('/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  const style = await skip.evaluate((el) => {
    const css = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    return { outlineStyle: css.outlineStyle, outlineWidth: parseFloat(css.outlineWidth), width: box.width, height: box.height };
  });
  expect(style.outlineStyle).not.toBe('none');
  expect(style.outlineWidth).toBeGreaterThan(0);
  // No longer screen-reader-only: the link itself is on screen.
  expect(style.width).toBeGreaterThan(1);
  expect(style.height).toBeGreaterThan(1);

  // Following it, the next Tab lands in the page content, past the navigation bar.
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Shop Premium Flags' })).toBeFocused();
});

// The pointer comes to rest once the app has hydrated the link or card: a pointer already
// resting on one when the app hydrates it sends no new event to act on.
test('resting the pointer on a link loads its screen before the click', async ({ page }) => {
  await page.goto('/');
  const shopLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shop', exact: true });
  await hydrated(shopLink);
  const shopScreen = page.waitForRequest(/\/assets\/ShopPage-[\w-]+\.js$/);
  await shopLink.hover();
  await shopScreen;
});

test('resting the pointer on a flag card fetches that flag before the click', async ({ page }) => {
  await page.goto('/shop');
  const card = productCard(page, 'NAMIBIA');
  await hydrated(card);
  const productCall = page.waitForRequest((request) => request.url().endsWith('/api/products/namibia'));
  await card.hover();
  await productCall;
});

test("the built scripts and styles are cached for a year as immutable, the page itself is asked for again", async ({ page }) => {
  const assets: { url: string; cacheControl: string | undefined }[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/assets/')) assets.push({ url: response.url(), cacheControl: response.headers()['cache-control'] });
  });
  const home = await page.goto('/');
  expect(home?.headers()['cache-control']).toBe('no-cache');
  await expect(page.getByRole('link', { name: 'Shop Premium Flags' })).toBeVisible();
  expect(assets.some((asset) => asset.url.endsWith('.js'))).toBe(true);
  expect(assets.some((asset) => asset.url.endsWith('.css'))).toBe(true);
  for (const asset of assets) expect(asset.cacheControl, asset.url).toBe('public, max-age=31536000, immutable');
});

test("a returning visitor's pages fetch no script again: every one comes from the browser's cache", async ({ page, context }) => {
  // The first visit: the home page, then the shop, as a shopper browses. The home page settles
  // first: a link followed before the app has hydrated the page leaves before the FAQ's code
  // has been asked for, and the return visit would fetch it for the first time.
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.getByRole('link', { name: 'Shop Premium Flags' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shop Country Flags' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  // Coming back in a new tab: Chromium says for each answer whether it came over the network.
  const returning = await context.newPage();
  const cdp = await context.newCDPSession(returning);
  await cdp.send('Network.enable');
  const scripts: { url: string; fromNetwork: boolean }[] = [];
  cdp.on('Network.responseReceived', ({ type, response }) => {
    if (type === 'Script') scripts.push({ url: response.url, fromNetwork: !response.fromDiskCache && !response.fromPrefetchCache && !response.fromServiceWorker });
  });
  await returning.goto('/');
  await returning.getByRole('link', { name: 'Shop Premium Flags' }).click();
  await expect(returning.getByRole('heading', { level: 1, name: 'Shop Country Flags' })).toBeVisible();
  await returning.waitForLoadState('networkidle');

  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((script) => script.fromNetwork).map((script) => script.url)).toEqual([]);
});
