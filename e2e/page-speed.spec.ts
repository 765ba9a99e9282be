/**
 * Real shoppers' page speed (decision 0030) on a 375 px phone and at a 1280 px laptop: a product
 * page reports its Core Web Vitals 3 s after it has loaded (spec section 9) and what changed when
 * the shopper leaves, naming the page's pattern and nothing about the shopper; the owner then
 * finds the product pages on the desk's Page speed tab, with a chart of a metric day by day.
 */
import type { Page, Request } from '@playwright/test';
import { expect, expectNoSidewaysScroll, test } from './fixtures';
import { SPEED_ADMIN_EMAIL } from './admins';
import { signInAsAdmin } from './shopper';
import { todayInSouthAfrica } from '../src/shared/profile';
import { PAGE_LOAD_ID, type WebVitalsReport } from '../src/shared/web-vitals';

const isReport = (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/metrics/web-vitals';

/** The next report the page sends, as the server reads it. */
function nextReport(page: Page) {
  return page.waitForRequest(isReport).then((request) => ({ body: request.postData() ?? '', report: JSON.parse(request.postData() ?? '') as WebVitalsReport, request }));
}

// At a laptop's width; e2e/order-desk-phone.spec.ts opens the Page speed tab on a phone.
test.describe('at 1280 px', () => {
  const width = 1280;

  test('a product page reports its speed 3 s after loading and again when hidden, and the owner reads it on the desk', async ({ browser, baseURL, extraHTTPHeaders }) => {
    // A context on the browser's own clock: the fixtures' has Playwright's, whose performance.now()
    // runs behind the page's own timeline, so web-vitals takes the first byte's time for a browser
    // bug and leaves TTFB out.
    const context = await browser.newContext({ baseURL, extraHTTPHeaders, viewport: { width, height: 900 } });
    const page = await context.newPage();

    const first = nextReport(page);
    await page.goto('/product/kenya?utm_source=newsletter');
    await expect(page.getByRole('heading', { level: 1, name: 'Kenya' })).toBeVisible();
    const { body, report, request } = await first;
    const answer = await request.response();
    expect(answer?.status()).toBe(204);
    // The pattern, never the address: no slug, no query.
    expect(report.page).toBe('/product/:slug');
    expect(body).not.toMatch(/kenya|utm|newsletter/i);
    expect(Object.keys(report)).toEqual(['page', 'pageLoad', 'metrics']);
    // The page load's random id, kept in the page's memory only: no cookie or storage holds it.
    expect(report.pageLoad).toMatch(PAGE_LOAD_ID);
    expect(JSON.stringify(await page.evaluate(() => ({ ...localStorage, ...sessionStorage, cookies: document.cookie })))).not.toContain(report.pageLoad);
    const names = report.metrics.map((metric) => metric.name);
    // web-vitals arrives after the load, and still sees the paint and the first byte.
    expect(names).toEqual(expect.arrayContaining(['TTFB', 'LCP', 'CLS']));
    for (const metric of report.metrics) {
      expect(metric.value).toBeGreaterThanOrEqual(0);
      expect(metric).not.toHaveProperty('previous');
    }

    // A tap, then the shopper switches to another app: the page is hidden, and the second report
    // carries what is new (the tap's INP), not the load's figures again.
    await page.getByRole('button', { name: 'Next image' }).click();
    await page.waitForFunction(() => performance.getEntriesByType('first-input').length > 0);
    const second = nextReport(page);
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    const hidden = (await second).report;
    expect(hidden.page).toBe('/product/:slug');
    expect(hidden.pageLoad).toBe(report.pageLoad);
    expect(hidden.metrics.map((metric) => metric.name)).toContain('INP');
    expect(hidden.metrics.map((metric) => metric.name)).not.toContain('TTFB');

    await signInAsAdmin(page, SPEED_ADMIN_EMAIL);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Page speed' }).click();
    await expect(page).toHaveURL(/[?&]tab=speed/);
    await expect(page.getByRole('heading', { level: 2, name: 'Page speed' })).toBeVisible();

    const products = page.getByTestId('page-speed-row').and(page.locator('[data-page="/product/:slug"]'));
    await expect(products).toContainText('Product pages');
    await expect(products.getByTestId('p75-LCP')).toContainText(/\d( ms| s)/);
    await expect(products.getByTestId('p75-LCP')).toContainText(/Good|Needs improvement|Poor/);
    await expect(products.getByTestId('p75-INP')).toContainText(/\d ms/);
    expect(Number(await products.getByTestId('page-loads').textContent())).toBeGreaterThanOrEqual(1);
    await expect(page.getByTestId('page-speed-row').and(page.locator('[data-page="all"]'))).toContainText('All pages');
    await expectNoSidewaysScroll(page);

    // The chart: INP of the product pages, kept in the address; today's figure is in its table.
    await page.getByLabel('Metric').selectOption('INP');
    await page.getByLabel('Page', { exact: true }).selectOption('/product/:slug');
    await expect(page).toHaveURL(/metric=INP/);
    const chart = page.getByRole('figure', { name: 'INP per day, Product pages' });
    await expect(chart).toContainText(/75th percentile \d+ ms over \d+ page loads?/);
    await chart.getByText('Show the figures as a table').click();
    const today = new Intl.DateTimeFormat('en-ZA', { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Africa/Johannesburg' }).format(
      new Date(`${todayInSouthAfrica()}T12:00:00+02:00`),
    );
    await expect(chart.getByRole('row', { name: today })).toContainText(/\d+ ms/);
    await expectNoSidewaysScroll(page);
    await context.close();
  });
});
