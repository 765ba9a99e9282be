import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../http/parse';
import { ipSubject, rateRules, type RateLimiter } from '../rate-limit/service';
import { PAGE_LOAD_ID, PAGE_SPEED_DAYS, PAGE_SPEED_REPORT_URL, pageTemplates, webVitalNames, webVitals } from '../../shared/web-vitals';
import type { WebVitalsService } from './service';

/** A report is a page pattern and at most four numbers, about 200 bytes: anything much larger is no report. */
const REPORT_BODY_LIMIT = 2 * 1024;

const reading = z
  .strictObject({
    name: z.enum(webVitalNames, { error: `Each metric is named one of ${webVitalNames.join(', ')}` }),
    value: z.number({ error: 'Each metric needs a value, as a number' }),
  })
  .superRefine((metric, context) => {
    const { max, unit } = webVitals[metric.name];
    if (metric.value >= 0 && metric.value <= max) return;
    context.addIssue({ code: 'custom', path: ['value'], message: `${metric.name} is measured from 0 to ${max}${unit === 'ms' ? ' ms' : ''}` });
  });

const PAGE_LOAD_MESSAGE = "pageLoad is the page load's random id: 32 hexadecimal characters";

/** POST /api/metrics/web-vitals: a page pattern, a page load's random id and its metrics, nothing else (no address, no shopper). */
const reportSchema = z.strictObject({
  page: z.enum(pageTemplates, { error: "page is not one of the shop's pages, such as / or /product/:slug" }),
  pageLoad: z.string({ error: PAGE_LOAD_MESSAGE }).regex(PAGE_LOAD_ID, PAGE_LOAD_MESSAGE),
  metrics: z
    .array(reading, { error: 'metrics is a list of measurements' })
    .min(1, 'Send at least one metric')
    .max(webVitalNames.length, `Send at most ${webVitalNames.length} metrics`)
    .refine((metrics) => new Set(metrics.map((metric) => metric.name)).size === metrics.length, 'Send each metric at most once per report'),
});

const DAYS_MESSAGE = `days is a whole number from 1 to ${PAGE_SPEED_DAYS.max}`;
const periodSchema = z.object({
  days: z.coerce.number({ error: DAYS_MESSAGE }).int(DAYS_MESSAGE).min(1, DAYS_MESSAGE).max(PAGE_SPEED_DAYS.max, DAYS_MESSAGE).default(PAGE_SPEED_DAYS.default),
});

export interface WebVitalsRouteDeps {
  vitals: WebVitalsService;
  limiter: RateLimiter;
  /** createRequireAdmin(identity, admins): 401 signed out, 403 for anyone but an admin. */
  requireAdmin: preHandlerAsyncHookHandler;
}

/** Shoppers' browsers report their page speed; the order desk reads it (decision 0030). */
export async function webVitalsRoutes(app: FastifyInstance, { vitals, limiter, requireAdmin }: WebVitalsRouteDeps): Promise<void> {
  await app.register(async (reports) => {
    // navigator.sendBeacon sends a text as text/plain (a simple request, no preflight): read here as JSON, as application/json is.
    reports.removeContentTypeParser('text/plain');
    reports.addContentTypeParser('text/plain', { parseAs: 'string' }, reports.getDefaultJsonParser('error', 'error'));

    reports.post(PAGE_SPEED_REPORT_URL, { bodyLimit: REPORT_BODY_LIMIT }, async (request, reply) => {
      const report = parseInput(reportSchema, request.body);
      // Counted once the report is well formed: a malformed one is refused before it costs a write.
      await limiter.consume([[rateRules.pageSpeedReportsPerIp, ipSubject(request.ip)]]);
      await vitals.record(report);
      return reply.code(204).send();
    });
  });

  await app.register(async (desk) => {
    desk.addHook('preHandler', requireAdmin);
    desk.get('/api/admin/web-vitals', async (request, reply) => {
      const { days } = parseInput(periodSchema, request.query);
      return reply.header('cache-control', 'no-store').send(await vitals.report(days));
    });
  });
}
