import { sameText } from '../lib/same-text';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, count, eq, gte, isNull, min, sql } from 'drizzle-orm';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle } from '../db/client';
import { checkouts, outbox, paymentWebhooks, placedOrders } from '../db/schema';
import { NotFoundError, UnauthorizedError } from '../errors';

/** Bearer METRICS_TOKEN, compared in constant time so its length and content do not leak. */
function tokenMatches(request: FastifyRequest, token: string): boolean {
  return sameText(/^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '', token);
}

/**
 * Prometheus metrics at /metrics (prom-client), for the owner's monitoring: requests by route,
 * the outbox, payment webhooks, checkouts, orders, the database pool and the event loop. Served
 * only with METRICS_TOKEN set, to a scraper that sends it as a bearer token. Figures that live in
 * the database are read when scraped, so every process reports the shop as a whole for those
 * and its own requests, pool and event loop for the rest.
 */
export function registerMetrics(app: FastifyInstance, database: DatabaseHandle, token: string | undefined): void {
  // Off, nothing is counted: no request pays for figures nobody reads.
  if (!token) {
    app.get('/metrics', async () => {
      throw new NotFoundError('Metrics are off: set METRICS_TOKEN to serve them');
    });
    return;
  }
  const register = new Registry();
  collectDefaultMetrics({ register, prefix: 'flagshop_' });

  const requests = new Counter({
    name: 'flagshop_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [register],
  });
  const latency = new Histogram({
    name: 'flagshop_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [register],
  });
  // The route's pattern, never the raw address: one series per route, whatever ids a request carries.
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    done();
  });

  const { db } = database;
  new Gauge({
    name: 'flagshop_outbox_messages',
    help: 'Emails and texts in the outbox by kind and status (pending is the backlog, failed needs a person)',
    labelNames: ['kind', 'status'] as const,
    registers: [register],
    async collect() {
      this.reset();
      const rows = await db.select({ kind: outbox.kind, status: outbox.status, n: count() }).from(outbox).where(sql`${outbox.status} <> 'sent'`).groupBy(outbox.kind, outbox.status);
      for (const row of rows) this.set({ kind: row.kind, status: row.status }, row.n);
    },
  });
  new Gauge({
    name: 'flagshop_payment_webhooks_unprocessed',
    help: 'Payment webhooks received and not processed yet',
    registers: [register],
    async collect() {
      const [row] = await db.select({ n: count() }).from(paymentWebhooks).where(isNull(paymentWebhooks.processedAt));
      this.set(row?.n ?? 0);
    },
  });
  new Gauge({
    name: 'flagshop_payment_webhook_lag_seconds',
    help: 'Age of the oldest payment webhook not processed yet; 0 when none waits',
    registers: [register],
    async collect() {
      const [row] = await db.select({ oldest: min(paymentWebhooks.receivedAt) }).from(paymentWebhooks).where(isNull(paymentWebhooks.processedAt));
      const oldest = row?.oldest ? new Date(row.oldest).getTime() : undefined;
      this.set(oldest === undefined ? 0 : Math.max(0, (Date.now() - oldest) / 1000));
    },
  });
  new Gauge({
    name: 'flagshop_checkouts',
    help: 'Checkouts by outcome: open, paid, cancelled, failed, expired',
    labelNames: ['status'] as const,
    registers: [register],
    async collect() {
      this.reset();
      const rows = await db.select({ status: checkouts.status, n: count() }).from(checkouts).groupBy(checkouts.status);
      for (const row of rows) this.set({ status: row.status }, row.n);
    },
  });
  new Gauge({
    name: 'flagshop_orders_last_hour',
    help: 'Orders placed in the last hour',
    registers: [register],
    async collect() {
      const [row] = await db.select({ n: count() }).from(placedOrders).where(gte(placedOrders.createdAt, sql`now() - interval '1 hour'`));
      this.set(row?.n ?? 0);
    },
  });
  new Gauge({
    name: 'flagshop_orders_unfulfilled',
    help: 'Paid orders waiting to be packed',
    registers: [register],
    async collect() {
      const [row] = await db.select({ n: count() }).from(placedOrders).where(and(eq(placedOrders.state, 'paid'), eq(placedOrders.fulfilled, false)));
      this.set(row?.n ?? 0);
    },
  });
  new Gauge({
    name: 'flagshop_database_connections',
    help: "This process's database connections by state (PostgreSQL's pool; the embedded database has one)",
    labelNames: ['state'] as const,
    registers: [register],
    collect() {
      const pool = database.pool();
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });

  app.get('/metrics', async (request, reply) => {
    if (!tokenMatches(request, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new UnauthorizedError('Send METRICS_TOKEN as a bearer token to read the metrics');
    }
    return reply.type(register.contentType).header('cache-control', 'no-store').send(await register.metrics());
  });
}
