/**
 * Shared helpers of the browser tests.
 *
 * Every test gets a fresh browser context (fresh local storage, so a fresh cart session) and a page
 * whose clock is controlled by Playwright. Time still flows normally; the controlled clock only lets
 * a test step over the 300 ms window in which the shop's buttons ignore a repeated click
 * (spec section 5) without sleeping.
 */
import { test as base, expect, type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { countryName, effectivePriceCents, type ListedProduct, type Product } from '../src/shared/product';
import { formatRand } from '../src/shared/money';
import { checkAccessibilityOf } from './accessibility';

export { expect };

/** Spec section 5: buttons ignore repeat clicks within 300 ms. */
const BUTTON_DEBOUNCE_MS = 300;

/**
 * What Chromium logs when a page breaks the shop's security headers: a load, inline script or style,
 * eval or frame refused by the Content-Security-Policy, or a Permissions-Policy it cannot read.
 */
const SECURITY_HEADER_VIOLATION = /Content[- ]Security[- ]Policy|Refused to|Permissions-Policy/i;

/**
 * What React reports when the page the server rendered is not what the app, hydrating it, would have
 * rendered (decision 0032): it then throws the rendering away and renders again.
 */
const HYDRATION_FAILURE = /Minified React error #(418|419|421|422|423|425)\b|Hydration failed/;

/** Collects what every page of the context (popups included) logs matching `pattern`, as `page address: message`. */
function watchForMessages(context: BrowserContext, pattern: RegExp, found: string[]): void {
  context.on('console', (message) => {
    if (pattern.test(message.text())) found.push(`${message.page()?.url() ?? 'a worker'}: ${message.text()}`);
  });
  context.on('weberror', (error) => {
    if (pattern.test(error.error().message)) found.push(`${error.page()?.url() ?? 'a worker'}: ${error.error().message}`);
  });
}

/** A fixture that fails the test when any of its browser contexts logged a message matching `pattern`. */
function failOnMessages(pattern: RegExp, failure: string) {
  return async ({ browser, context }: { browser: Browser; context: BrowserContext }, use: (found: string[]) => Promise<void>) => {
    const found: string[] = [];
    watchForMessages(context, pattern, found);
    const stopWatchingNewContexts = watchNewContexts(browser, (newContext) => watchForMessages(newContext, pattern, found));
    try {
      await use(found);
    } finally {
      stopWatchingNewContexts();
    }
    expect(found, `${failure}:\n${found.join('\n')}`).toEqual([]);
  };
}

/** Browser contexts a test makes itself (a second shopper beside the admin) are watched too. */
function watchNewContexts(browser: Browser, watch: (context: BrowserContext) => void): () => void {
  const newContext = browser.newContext;
  browser.newContext = async (options) => {
    const context = await newContext.call(browser, options);
    watch(context);
    return context;
  };
  return () => {
    browser.newContext = newContext;
  };
}

/**
 * Calls `watch` on the test's page and on every page opened later in its browser contexts (popups,
 * and contexts the test makes itself); returns what stops watching new contexts.
 */
function watchEveryPage(browser: Browser, context: BrowserContext, page: Page, watch: (page: Page) => void): () => void {
  const watchPagesOf = (watchedContext: BrowserContext) => watchedContext.on('page', watch);
  watch(page);
  watchPagesOf(context);
  return watchNewContexts(browser, watchPagesOf);
}

/**
 * Whether the page's main heading, if it has one yet, belongs to the app: React marks each element
 * it has hydrated. A page rendered in the browser shows its heading only once the app runs.
 */
function mainHeadingHydrated(): boolean {
  const heading = document.querySelector('main h1');
  return heading === null || Object.keys(heading).some((key) => key.startsWith('__reactFiber$'));
}

/**
 * page.goto also waits until the app has hydrated a server-rendered page (decision 0032), as a shopper's
 * next step comes after a look at the page: a test's click or hover in the few moments before
 * would race the hydration (a hover sends no second event to act on; a held click is pressed
 * again later). A goto given its own waitUntil is left as it is, for the tests of those moments.
 */
function gotoWaitsForHydration(page: Page): void {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (options?.waitUntil === undefined) await page.waitForFunction(mainHeadingHydrated, undefined, { timeout: 10_000 });
    return response;
  };
}

/**
 * Waits until the app has hydrated this element (React marks each element it has), so that it
 * answers a hover or a tap: the pages are hydrated in slices, not all at once.
 */
export async function hydrated(element: Locator): Promise<void> {
  await expect.poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactProps$')))).toBe(true);
}

let testsInThisWorker = 0;

export const test = base.extend<{ securityViolations: string[]; hydrationFailures: string[]; accessibilityViolations: string[]; hydratedPages: void }>({
  /**
   * Each test is a visitor from an address of its own, as the shop sees it behind a proxy on this
   * machine (it trusts X-Forwarded-For from loopback): the per-address limits (30 sign-ups an hour)
   * count each test's visitor, not the whole run from 127.0.0.1. 198.18.0.0/15 is for tests.
   */
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    testsInThisWorker += 1;
    const visitor = `198.${18 + (testInfo.workerIndex % 2)}.${Math.floor(testInfo.workerIndex / 2) % 256}.${testsInThisWorker % 256}`;
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': visitor });
  },
  /**
   * Fails the test when any page it opened broke the shop's security headers: the fix belongs in the
   * policy or the app. A test that provokes a violation on purpose empties the list.
   */
  securityViolations: [failOnMessages(SECURITY_HEADER_VIOLATION, 'the browser reported security header violations'), { auto: true }],
  /** Fails the test when the app could not hydrate a page the server rendered as it was rendered. */
  hydrationFailures: [failOnMessages(HYDRATION_FAILURE, 'the app could not hydrate a server-rendered page'), { auto: true }],
  /**
   * Fails the test when axe-core finds a violation on any shop page it visited (e2e/accessibility.ts),
   * in any of its browser contexts. A test of an inaccessible page on purpose empties the list.
   */
  accessibilityViolations: [
    async ({ browser, context, page, baseURL }, use) => {
      const violations: string[] = [];
      const checks = new Map<Page, () => Promise<void>>();
      const stopWatchingNewContexts = watchEveryPage(browser, context, page, (watched) => {
        if (!checks.has(watched)) checks.set(watched, checkAccessibilityOf(watched, baseURL ?? '', violations));
      });
      try {
        await use(violations);
        for (const check of checks.values()) await check();
      } finally {
        stopWatchingNewContexts();
      }
      expect(violations, `axe found accessibility violations:\n${violations.join('\n')}`).toEqual([]);
    },
    // The final checks get their own time, not what is left of the test's.
    { auto: true, timeout: 60_000 },
  ],
  /** Every page of the test's browser contexts (those it makes itself too): see gotoWaitsForHydration. */
  hydratedPages: [
    async ({ browser, context, page }, use) => {
      const stopWatchingNewContexts = watchEveryPage(browser, context, page, gotoWaitsForHydration);
      try {
        await use();
      } finally {
        stopWatchingNewContexts();
      }
    },
    { auto: true },
  ],
  page: async ({ page }, use) => {
    await page.clock.install();
    await use(page);
  },
});

/**
 * Lets the debounce window of the shop's buttons pass, by moving the page's clock forward instead of
 * waiting: the next click on the same button counts as a new one.
 */
export async function afterDebounce(page: Page): Promise<void> {
  await page.clock.fastForward(BUTTON_DEBOUNCE_MS + 50);
}

/** Clicks a shop button that was just clicked, once its repeat-click window has passed. */
export async function clickAgain(page: Page, button: Locator): Promise<void> {
  await afterDebounce(page);
  await button.click();
}

/** The catalogue as the API serves it. */
export async function fetchCatalogue(request: APIRequestContext): Promise<ListedProduct[]> {
  const response = await request.get('/api/products');
  expect(response.ok()).toBe(true);
  return (await response.json()) as ListedProduct[];
}

export async function fetchProduct(request: APIRequestContext, slug: string): Promise<Product> {
  const response = await request.get(`/api/products/${slug}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as Product;
}

export { countryName, effectivePriceCents, formatRand as rand };

/**
 * The notification area (one toast at a time, spec section 9). While the cart panel (a modal dialog)
 * is open the rest of the page is aria-hidden, so hidden elements are included in the role query;
 * the toast's visibility is still asserted by the tests.
 */
export function notifications(page: Page): Locator {
  return page.getByRole('region', { name: /^Notifications/, includeHidden: true });
}

/** A toast, found by its title (and, when given, its description). */
export function toast(page: Page, title: string, description?: string | RegExp): Locator {
  const item = notifications(page)
    .getByRole('listitem', { includeHidden: true })
    .filter({ has: page.getByText(title, { exact: true }) });
  return description === undefined ? item : item.filter({ hasText: description });
}

export function cartButton(page: Page): Locator {
  return page.getByRole('button', { name: /^Cart\b/ });
}

export function cartBadge(page: Page): Locator {
  return page.getByTestId('cart-badge');
}

export function cartPanel(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Your Cart' });
}

/** A line of the cart panel, by the flag's name as the catalogue stores it ('KENYA') or as pages show it. */
export function cartLine(page: Page, productName: string): Locator {
  return cartPanel(page)
    .getByTestId('cart-item')
    .filter({ has: page.getByText(countryName(productName), { exact: true }) });
}

export async function openCart(page: Page): Promise<Locator> {
  await cartButton(page).click();
  const panel = cartPanel(page);
  await expect(panel).toBeVisible();
  return panel;
}

export async function closeCart(page: Page): Promise<void> {
  await cartPanel(page).getByRole('button', { name: 'Close cart' }).click();
  await expect(cartPanel(page)).toBeHidden();
}

/** The 'Showing X of Y flags' line of the shop. */
export function resultLine(page: Page): Locator {
  return page.getByTestId('result-count');
}

/** A card of the shop, by the flag's name as the catalogue stores it ('KENYA') or as pages show it. */
export function productCard(page: Page, productName: string): Locator {
  return page.getByTestId('product-card').filter({ has: page.getByRole('heading', { name: countryName(productName), exact: true }) });
}

/** The product page's quantity stepper. */
export function quantityStepper(page: Page) {
  const group = page.getByRole('group', { name: 'Quantity' });
  return {
    value: group.getByRole('spinbutton', { name: 'Quantity' }),
    increase: group.getByRole('button', { name: 'Increase quantity' }),
    decrease: group.getByRole('button', { name: 'Decrease quantity' }),
  };
}

/** Nothing on the page is wider than the screen: no sideways scrolling. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { width, screen, wide } = await page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    screen: window.innerWidth,
    // What sticks out, for the message: the innermost elements past the right edge.
    wide: [...document.body.querySelectorAll('*')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
      .filter((element, _, all) => !all.some((other) => other !== element && element.contains(other)))
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className} "${element.textContent?.slice(0, 40)}"`),
  }));
  expect(width <= screen, `the page is ${width} px wide on a ${screen} px screen: ${wide.join('; ')}`).toBe(true);
}
