import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { webVitalBuckets, webVitalPageLoads } from '../db/schema';
import { NOT_ADMIN_MESSAGE } from '../admin/routes';
import { CROSS_SITE_MESSAGE } from '../http/cross-site';
import { lastDays } from '../lib/days';
import { callAs, DESK_ADMIN, SHOPPER, signedIn } from '../testing/test-admin';
import { describeShop } from '../testing/describe-shop';
import { TEST_PUBLIC_URL } from '../testing/test-support';
import { todayInSouthAfrica } from '../../shared/profile';
import { PAGE_SPEED_REPORT_URL, type PageSpeed, type PageSpeedReport, type WebVitalName } from '../../shared/web-vitals';
import { KEEP_DAYS } from './service';


/** A new page load's id, as the browser makes one. */
const newLoad = () => randomBytes(16).toString('hex');

const PAGE_LOAD_MESSAGE = "pageLoad is the page load's random id: 32 hexadecimal characters";

const home = { page: '/', metrics: [{ name: 'LCP', value: 1_800 }, { name: 'CLS', value: 0.02 }, { name: 'TTFB', value: 240 }] };

/** Within the 5% the histogram keeps (decision 0030). */
function expectNear(actual: number | null, exact: number): void {
  expect(actual).not.toBeNull();
  expect(Math.abs(actual! - exact)).toBeLessThanOrEqual(0.05 * exact + 0.5);
}

describeShop('page speed reports', { env: { ADMIN_EMAILS: DESK_ADMIN.email } }, (shop) => {
  let admin: string;
  let shopper: string;
  /** Each test reports from an address of its own, so that the per-address limit counts only its reports. */
  let address = 0;
  let from = '';

  beforeAll(async () => {
    admin = await signedIn(shop.testApp, DESK_ADMIN);
    shopper = await signedIn(shop.testApp, SHOPPER);
  });
  beforeEach(async () => {
    await shop.db.delete(webVitalBuckets);
    await shop.db.delete(webVitalPageLoads);
    from = `198.51.100.${++address}`;
  });

  /**
   * A report as a shopper's browser sends it: same origin, the shopper's cookie riding along. A
   * report that names no page load is of a page load of its own.
   */
  const report = (payload: object | string, headers: Record<string, string> = {}, app: FastifyInstance = shop.app) =>
    app.inject({
      method: 'POST',
      url: PAGE_SPEED_REPORT_URL,
      payload: typeof payload === 'object' && !Array.isArray(payload) && !('pageLoad' in payload) ? { pageLoad: newLoad(), ...payload } : payload,
      remoteAddress: from,
      headers: { origin: TEST_PUBLIC_URL, ...(typeof payload === 'string' ? { 'content-type': 'text/plain;charset=UTF-8' } : {}), ...headers },
    });

  const deskReport = async (query = ''): Promise<PageSpeedReport> => {
    const res = await callAs(shop.testApp, admin)('GET', `/api/admin/web-vitals${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PageSpeedReport>();
  };
  const pageOf = (answer: PageSpeedReport, page: string): PageSpeed => answer.pages.find((p) => p.page === page)!;

  it('counts a valid report and answers 204 with no body', async () => {
    const res = await report(home);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    const answer = await deskReport();
    expect(answer.days).toHaveLength(28);
    expect(answer.to).toBe(todayInSouthAfrica());
    expect(answer.pages.map((p) => p.page)).toEqual(['/']);
    const { metrics } = pageOf(answer, '/');
    expect(metrics.LCP).toMatchObject({ samples: 1, rating: 'good' });
    expectNear(metrics.LCP.p75, 1_800);
    expect(metrics.LCP.daily.at(-1)).toEqual({ p75: metrics.LCP.p75, samples: 1 });
    expect(metrics.LCP.daily.slice(0, -1).every((d) => d.p75 === null && d.samples === 0)).toBe(true);
    expectNear(metrics.CLS.p75, 0.02);
    expectNear(metrics.TTFB.p75, 240);
    expect(metrics.INP).toMatchObject({ p75: null, rating: null, samples: 0 });
    expect(answer.allPages.metrics.LCP.samples).toBe(1);
  });

  it('reads the body of navigator.sendBeacon, a text sent as text/plain', async () => {
    expect((await report(JSON.stringify({ page: '/shop', pageLoad: newLoad(), metrics: [{ name: 'INP', value: 120 }] }))).statusCode).toBe(204);
    expect(pageOf(await deskReport(), '/shop').metrics.INP.samples).toBe(1);
  });

  it("counts a page load once per metric: its later report replaces its own earlier value, even one counted the day before", async () => {
    const pageLoad = newLoad();
    expect((await report({ page: '/product/:slug', pageLoad, metrics: [{ name: 'LCP', value: 2_000 }, { name: 'CLS', value: 0 }] })).statusCode).toBe(204);
    expect((await report({ page: '/product/:slug', pageLoad, metrics: [{ name: 'CLS', value: 0.3 }, { name: 'INP', value: 650 }] })).statusCode).toBe(204);

    let { metrics } = pageOf(await deskReport(), '/product/:slug');
    expect(metrics.CLS).toMatchObject({ samples: 1, rating: 'poor' });
    expectNear(metrics.CLS.p75, 0.3);
    expect(metrics.INP).toMatchObject({ samples: 1, rating: 'poor' });
    expect(metrics.LCP.samples).toBe(1);

    // The page stayed open overnight: its last report moves it from yesterday's figures to today's.
    await shop.db.execute(sql`UPDATE web_vital_buckets SET day = day - 1`);
    await shop.db.execute(sql`UPDATE web_vital_page_loads SET day = day - 1`);
    expect((await report({ page: '/product/:slug', pageLoad, metrics: [{ name: 'CLS', value: 0.05 }] })).statusCode).toBe(204);
    ({ metrics } = pageOf(await deskReport(), '/product/:slug'));
    expect(metrics.CLS).toMatchObject({ samples: 1, rating: 'good' });
    expect(metrics.CLS.daily.slice(-2).map((d) => d.samples)).toEqual([0, 1]);
  });

  it("lets no report take back another page load's numbers: 60 forged previous values and a stranger's page load move no real page load", async () => {
    const values = [1_000, 1_200, 1_400, 1_600, 1_800, 2_000, 2_200, 2_400];
    for (const value of values) expect((await report({ page: '/shop', pageLoad: newLoad(), metrics: [{ name: 'LCP', value }] })).statusCode).toBe(204);
    const before = pageOf(await deskReport(), '/shop').metrics.LCP;
    expect(before.samples).toBe(8);
    expectNear(before.p75, 2_000);

    // Each claims to replace a real page load's value, from an address of its own.
    for (let i = 0; i < 60; i++) {
      from = `203.0.113.${i + 1}`;
      const forged = await report({ page: '/shop', metrics: [{ name: 'LCP', value: 100, previous: values[i % values.length] }] });
      expect(forged.statusCode).toBe(400);
      expect(forged.json<{ message: string }>().message).toMatch(/previous/);
    }
    expect(pageOf(await deskReport(), '/shop').metrics.LCP).toEqual(before);

    // A page load of the sender's own, reported 20 times lower and lower: it counts once, with its last value, and takes nothing back.
    const stranger = newLoad();
    for (let i = 0; i < 20; i++) {
      from = `203.0.113.${i + 100}`;
      expect((await report({ page: '/shop', pageLoad: stranger, metrics: [{ name: 'LCP', value: 2_000 - i * 100 }] })).statusCode).toBe(204);
    }
    const after = pageOf(await deskReport(), '/shop').metrics.LCP;
    expect(after.samples).toBe(9);
    // The 7th of 1,000 … 2,400 and the stranger's 100: the eight real page loads are all still there.
    expectNear(after.p75, 2_000);
    expect(after.daily.at(-1)!.samples).toBe(9);
  });

  it('reads the 75th percentile of every page load of the period, day by day and for all pages together', async () => {
    for (const value of [1_000, 1_200, 1_400, 1_600]) expect((await report({ page: '/shop', metrics: [{ name: 'LCP', value }] })).statusCode).toBe(204);
    // Those four were three days ago.
    await shop.db.execute(sql`UPDATE web_vital_buckets SET day = day - 3`);
    for (const value of [3_000, 3_200, 5_000, 6_000]) expect((await report({ page: '/shop', metrics: [{ name: 'LCP', value }] })).statusCode).toBe(204);
    expect((await report({ page: '/', metrics: [{ name: 'LCP', value: 900 }] })).statusCode).toBe(204);

    const answer = await deskReport('?days=28');
    const shopPage = pageOf(answer, '/shop').metrics.LCP;
    // All eight: the 6th of 8 is 3,200 ms, which needs improvement.
    expect(shopPage).toMatchObject({ samples: 8, rating: 'needs-improvement' });
    expectNear(shopPage.p75, 3_200);
    const days = lastDays(todayInSouthAfrica(), 28);
    expect(answer.days).toEqual(days);
    expectNear(shopPage.daily[days.indexOf(lastDays(todayInSouthAfrica(), 4)[0]!)]!.p75, 1_400);
    expectNear(shopPage.daily.at(-1)!.p75, 5_000);
    expect(shopPage.daily.map((d) => d.samples).reduce((a, b) => a + b)).toBe(8);
    // The busiest page first; all pages together hold the home page's load too (the 7th of 9 is 3,200).
    expect(answer.pages.map((p) => p.page)).toEqual(['/shop', '/']);
    expect(answer.allPages.page).toBeNull();
    expect(answer.allPages.metrics.LCP.samples).toBe(9);
    expectNear(answer.allPages.metrics.LCP.p75, 3_200);

    // The last two days hold only today's four.
    const recent = pageOf(await deskReport('?days=2'), '/shop').metrics.LCP;
    expect(recent.samples).toBe(4);
    expectNear(recent.p75, 5_000);
  });

  it('answers an empty report before anything was measured', async () => {
    const answer = await deskReport();
    expect(answer.pages).toEqual([]);
    expect(answer.allPages.metrics.LCP).toMatchObject({ p75: null, rating: null, samples: 0 });
  });

  it('keeps 90 days: older days go when the first report of a day arrives', async () => {
    const [oldest] = lastDays(todayInSouthAfrica(), KEEP_DAYS);
    const before = new Date(Date.parse(`${oldest}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await shop.db.insert(webVitalBuckets).values([
      { day: before!, page: '/', metric: 'LCP', bucket: 150, count: 3 },
      { day: oldest!, page: '/', metric: 'LCP', bucket: 150, count: 2 },
    ]);
    // A new process: its first report of the day prunes.
    const other = await buildApp({ config: shop.config, database: shop.database, logger: false });
    try {
      expect((await report(home, {}, other)).statusCode).toBe(204);
    } finally {
      await other.close();
    }
    const days = (await shop.db.select({ day: webVitalBuckets.day }).from(webVitalBuckets)).map((r) => r.day);
    expect(days).toContain(oldest);
    expect(days).not.toContain(before);
    expect(pageOf(await deskReport(`?days=${KEEP_DAYS}`), '/').metrics.LCP.samples).toBe(3);
  });

  it('counts reports arriving at once in two processes, and one page load once however its reports arrive', async () => {
    const other = await buildApp({ config: shop.config, database: shop.database, logger: false });
    const pageLoad = newLoad();
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => report({ page: '/checkout', metrics: [{ name: 'TTFB', value: 300 }] }, {}, i % 2 ? other : shop.app)));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(204));
      const again = await Promise.all(Array.from({ length: 10 }, (_, i) => report({ page: '/checkout', pageLoad, metrics: [{ name: 'INP', value: 100 + i * 50 }] }, {}, i % 2 ? other : shop.app)));
      expect(again.map((a) => a.statusCode)).toEqual(Array(10).fill(204));
    } finally {
      await other.close();
    }
    const { metrics } = pageOf(await deskReport(), '/checkout');
    expect(metrics.TTFB.samples).toBe(20);
    expect(metrics.INP.samples).toBe(1);
  });

  const metric = (name: string, value: unknown, more: object = {}) => ({ page: '/', metrics: [{ name, value, ...more }] });
  it.each<[string, unknown, string]>([
    ['a body that is not an object', [1, 2], 'The request body must be a JSON object'],
    ['no page', { metrics: home.metrics }, "page is not one of the shop's pages, such as / or /product/:slug"],
    ['an address instead of a page pattern', { ...home, page: '/product/kenya' }, "page is not one of the shop's pages, such as / or /product/:slug"],
    ['a page with a query', { ...home, page: '/shop?q=kenya' }, "page is not one of the shop's pages, such as / or /product/:slug"],
    ['a page that is a number', { ...home, page: 7 }, "page is not one of the shop's pages, such as / or /product/:slug"],
    ['no metrics', { page: '/' }, 'metrics is a list of measurements'],
    ['metrics that are not a list', { page: '/', metrics: { LCP: 1 } }, 'metrics is a list of measurements'],
    ['an empty list of metrics', { page: '/', metrics: [] }, 'Send at least one metric'],
    ['five metrics', { page: '/', metrics: ['LCP', 'INP', 'CLS', 'TTFB', 'FCP'].map((name) => ({ name, value: 1 })) }, 'Send at most 4 metrics'],
    ['one metric twice', { page: '/', metrics: [{ name: 'LCP', value: 1 }, { name: 'LCP', value: 2 }] }, 'Send each metric at most once per report'],
    ['an unknown metric', metric('FCP', 900), 'Each metric is named one of LCP, INP, CLS, TTFB'],
    ['a metric name in lower case', metric('lcp', 900), 'Each metric is named one of LCP, INP, CLS, TTFB'],
    ['a value as text', metric('LCP', '900'), 'Each metric needs a value, as a number'],
    ['no value', { page: '/', metrics: [{ name: 'LCP' }] }, 'Each metric needs a value, as a number'],
    ['a negative value', metric('INP', -1), 'INP is measured from 0 to 60000 ms'],
    ['a value over a minute', metric('LCP', 60_001), 'LCP is measured from 0 to 60000 ms'],
    ['a huge value', metric('TTFB', 1e300), 'TTFB is measured from 0 to 60000 ms'],
    ['a CLS over 10', metric('CLS', 10.5), 'CLS is measured from 0 to 10'],
    ['a value it claims to replace', metric('CLS', 0.2, { previous: 0.1 }), 'Unrecognized key: "previous"'],
    ['a page load id that is a number', { ...home, pageLoad: 7 }, PAGE_LOAD_MESSAGE],
    ['an empty page load id', { ...home, pageLoad: '' }, PAGE_LOAD_MESSAGE],
    ['a short page load id', { ...home, pageLoad: 'abc123' }, PAGE_LOAD_MESSAGE],
    ['a page load id in capitals', { ...home, pageLoad: 'A'.repeat(32) }, PAGE_LOAD_MESSAGE],
    ['a page load id of 1,000 characters', { ...home, pageLoad: 'a'.repeat(1_000) }, PAGE_LOAD_MESSAGE],
    ['a page load id with a space', { ...home, pageLoad: `${'a'.repeat(31)} ` }, PAGE_LOAD_MESSAGE],
  ])('refuses %s with 400 in words and counts nothing', async (_label, body, message) => {
    const res = await report(body as object);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'invalid_input' });
    expect(await shop.db.$count(webVitalBuckets)).toBe(0);
  });

  it.each([
    ['an email beside the page', { ...home, email: 'thandi@example.co.za' }, /email/],
    ['an address beside a metric', { page: '/', metrics: [{ name: 'LCP', value: 1, url: '/product/kenya?ref=x' }] }, /url/],
  ])('refuses %s: a report carries nothing about the shopper', async (_label, body, named) => {
    const res = await report(body);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(named);
  });

  it.each([
    ['a NUL byte in the page', JSON.stringify({ ...home, page: '/\u0000' }), 'page contains a NUL character, which is not allowed'],
    ['a lone surrogate in a name', JSON.stringify({ page: '/', metrics: [{ name: 'LCP\ud800', value: 1 }] }), 'metrics.0.name contains a broken character (an unpaired UTF-16 surrogate), which is not allowed'],
    ['no page load id', JSON.stringify(home), PAGE_LOAD_MESSAGE],
    ['a NUL byte in the page load id', JSON.stringify({ ...home, pageLoad: `${'a'.repeat(31)}\u0000` }), 'pageLoad contains a NUL character, which is not allowed'],
    ['an infinite value (1e309)', `{"page":"/","pageLoad":"${'a'.repeat(32)}","metrics":[{"name":"LCP","value":1e309}]}`, 'Each metric needs a value, as a number'],
    ['text that is not JSON', 'LCP=1800', 'The request body is not valid JSON'],
    ['an empty body', '', 'The request body is empty'],
    ['a poisoned prototype', '{"page":"/","metrics":[{"name":"LCP","value":1}],"__proto__":{"x":1}}', 'The request body is not valid JSON'],
  ])('refuses %s with 400 in words', async (_label, payload, message) => {
    for (const contentType of ['application/json', 'text/plain;charset=UTF-8']) {
      const res = await report(payload, { 'content-type': contentType });
      expect(res.statusCode, contentType).toBe(400);
      expect(res.json<{ message: string }>().message, contentType).toBe(message);
    }
    expect(await shop.db.$count(webVitalBuckets)).toBe(0);
  });

  it('refuses a body over 2 KB with 413, and a form with 415', async () => {
    const padded = JSON.stringify({ ...home, page: `/${'x'.repeat(2_100)}` });
    for (const contentType of ['application/json', 'text/plain']) {
      const res = await report(padded, { 'content-type': contentType });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ message: 'The request body is too large' });
    }
    const form = await report('page=%2F&LCP=1', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.statusCode).toBe(415);
    expect(form.json()).toEqual({ message: 'Send the request body as application/json' });
  });

  it('takes 120 reports from one address in 10 minutes, then answers 429 in words; other addresses go on', async () => {
    for (let i = 0; i < 120; i++) expect((await report(home)).statusCode).toBe(204);
    const refused = await report(home);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'Too many page speed reports from this address. Please try again later.', code: 'too_many_attempts' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(600);
    expect(pageOf(await deskReport(), '/').metrics.LCP.samples).toBe(120);

    from = '198.51.100.250';
    expect((await report(home)).statusCode).toBe(204);
  });

  it("takes a report from the shop's own pages with the shopper's cookie, and refuses one another site sends with it", async () => {
    expect((await report(home, { cookie: shopper })).statusCode).toBe(204);
    const crossSite = await report(home, { cookie: shopper, origin: 'https://elsewhere.example' });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toEqual({ message: CROSS_SITE_MESSAGE });
    // No Origin, as some browsers send a beacon: the fetch metadata says it is the shop's own.
    const sameOrigin = await shop.app.inject({ method: 'POST', url: PAGE_SPEED_REPORT_URL, payload: { ...home, pageLoad: newLoad() }, remoteAddress: from, headers: { cookie: shopper, 'sec-fetch-site': 'same-origin' } });
    expect(sameOrigin.statusCode).toBe(204);
  });

  describe('the order desk’s figures', () => {
    it('are for admins only: 401 signed out, 403 for a shopper', async () => {
      const signedOut = await callAs(shop.testApp, undefined)('GET', '/api/admin/web-vitals');
      expect(signedOut.statusCode).toBe(401);
      expect(signedOut.json()).toEqual({ message: 'Not authenticated', code: 'not_signed_in' });
      const asShopper = await callAs(shop.testApp, shopper)('GET', '/api/admin/web-vitals');
      expect(asShopper.statusCode).toBe(403);
      expect(asShopper.json()).toEqual({ message: NOT_ADMIN_MESSAGE, code: 'forbidden' });
      const asAdmin = await callAs(shop.testApp, admin)('GET', '/api/admin/web-vitals');
      expect(asAdmin.headers['cache-control']).toBe('no-store');
    });

    it.each(['0', '-1', '91', '2.5', 'many', '1e3', ''])('refuses days=%s with 400 in words', async (days) => {
      const res = await callAs(shop.testApp, admin)('GET', `/api/admin/web-vitals?days=${days}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'days is a whole number from 1 to 90', code: 'invalid_input' });
    });

    it('cover every metric of every page', async () => {
      expect((await report(home)).statusCode).toBe(204);
      const answer = await deskReport('?days=1');
      expect(answer.days).toEqual([todayInSouthAfrica()]);
      expect(Object.keys(pageOf(answer, '/').metrics).sort()).toEqual<WebVitalName[]>(['CLS', 'INP', 'LCP', 'TTFB']);
    });
  });
});
