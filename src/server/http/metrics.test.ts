import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeShop } from '../testing/describe-shop';
import { startTestApp, testDatabases, type TestApp } from '../testing/test-support';
import { placePaidOrder } from '../testing/test-orders';

const TOKEN = 'metrics-token-for-the-scraper-0123';

/** A metric's value in Prometheus' text format, by its name and labels as written there. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describeShop('/metrics', { env: { METRICS_TOKEN: TOKEN }, pickupPoints: true }, (shop) => {
  const scrape = async () => {
    const res = await shop.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  it('answers 401 in words without the token or with a wrong one, and never shows the figures', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, TOKEN, `Basic ${TOKEN}`, 'Bearer ']) {
      const res = await shop.app.inject({ url: '/metrics', headers: authorization === undefined ? {} : { authorization } });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json()).toEqual({ message: 'Send METRICS_TOKEN as a bearer token to read the metrics', code: 'not_signed_in' });
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    }
  });

  it('counts requests by route pattern, and a checkout moves the checkouts, orders and outbox figures', async () => {
    const before = await scrape();
    for (const series of ['flagshop_nodejs_eventloop_lag_seconds', 'flagshop_database_connections{state="total"}', 'flagshop_payment_webhooks_unprocessed']) {
      expect(valueOf(before, series), series).toBeGreaterThanOrEqual(0);
    }
    const ordersBefore = valueOf(before, 'flagshop_orders_last_hour')!;
    const paidBefore = valueOf(before, 'flagshop_checkouts{status="paid"}') ?? 0;

    await shop.shoppers.inject('GET', '/api/products/south-africa');
    await shop.shoppers.inject('GET', '/api/products/kenya');
    await placePaidOrder(shop.shoppers, await shop.shoppers.signUp('measured'));

    const after = await scrape();
    expect(valueOf(after, 'flagshop_orders_last_hour')).toBe(ordersBefore + 1);
    expect(valueOf(after, 'flagshop_checkouts{status="paid"}')).toBe(paidBefore + 1);
    expect(valueOf(after, 'flagshop_orders_unfulfilled')).toBeGreaterThanOrEqual(1);
    // The confirmation waits in the outbox: this app's worker only runs when a test asks.
    expect(valueOf(after, 'flagshop_outbox_messages{kind="email",status="pending"}')).toBeGreaterThanOrEqual(1);
    // One series for every product, not one per slug.
    expect(valueOf(after, 'flagshop_http_requests_total{method="GET",route="/api/products/:key",status="200"}')).toBeGreaterThanOrEqual(2);
    expect(after).not.toContain('/api/products/kenya');
    expect(valueOf(after, 'flagshop_http_requests_total{method="POST",route="/api/payments/yoco/create-checkout",status="200"}')).toBe(1);
    expect(after).toContain('flagshop_http_request_duration_seconds_bucket{le="0.1",method="POST",route="/api/payments/complete"}');
  });
});

describe('/metrics without METRICS_TOKEN', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(testDatabases()[0]!);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is not served at all, and says how to turn it on', async () => {
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer anything-at-all-here' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Metrics are off: set METRICS_TOKEN to serve them', code: 'not_found' });
  });
});
