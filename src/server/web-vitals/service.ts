import { and, asc, eq, gt, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { webVitalBuckets } from '../db/schema';
import { lastDays } from '../orderdesk/service';
import { todayInSouthAfrica } from '../../shared/profile';
import {
  pageLoadsOf,
  pageTemplates,
  rateWebVital,
  webVitalNames,
  type PageSpeed,
  type PageSpeedReport,
  type PageTemplate,
  type WebVitalName,
  type WebVitalsReport,
} from '../../shared/web-vitals';
import { addCounts, bucketOf, percentileOf, sampleCount, type Histogram } from './histogram';

/** How long the daily histograms are kept: the desk reads at most this many days. */
export const KEEP_DAYS = 90;

/** Histograms of one page (or of all): metric → day → histogram. */
type PageHistograms = Map<WebVitalName, Map<string, Histogram>>;

function summaryOf(page: PageTemplate | null, histograms: PageHistograms | undefined, days: string[]): PageSpeed {
  const metrics = {} as PageSpeed['metrics'];
  for (const name of webVitalNames) {
    const byDay = histograms?.get(name);
    const whole = addCounts(new Map(), [...(byDay?.values() ?? [])].flatMap((histogram) => [...histogram]));
    const p75 = percentileOf(name, whole);
    metrics[name] = {
      p75,
      rating: p75 === null ? null : rateWebVital(name, p75),
      samples: sampleCount(whole),
      daily: days.map((day) => {
        const histogram = byDay?.get(day) ?? new Map<number, number>();
        return { p75: percentileOf(name, histogram), samples: sampleCount(histogram) };
      }),
    };
  }
  return { page, metrics };
}

/** The map kept under `key`, made empty the first time. */
function entryOf<K, V extends Map<unknown, unknown>>(map: Map<K, V>, key: K): V {
  let entry = map.get(key);
  if (!entry) map.set(key, (entry = new Map() as V));
  return entry;
}

/** Real shoppers' page speed (decision 0030): counts reports into daily histograms, reads the period's 75th percentiles. */
export function createWebVitalsService(db: Database) {
  /** The South African day this process last pruned on: old rows go with the first report of each day. */
  let prunedOn: string | undefined;

  async function prune(today: string): Promise<void> {
    prunedOn = today;
    const [firstKept] = lastDays(today, KEEP_DAYS);
    await db.delete(webVitalBuckets).where(lt(webVitalBuckets.day, firstKept!));
  }

  return {
    /**
     * Counts one report into today's histograms. A metric that replaces one the same page load
     * reported before (its `previous`) moves that page load to the new value's bucket, so every
     * page load counts once per metric, with its latest value.
     */
    async record({ page, metrics }: WebVitalsReport): Promise<void> {
      const day = todayInSouthAfrica();
      const key = (metric: WebVitalName, bucket: number) =>
        and(eq(webVitalBuckets.day, day), eq(webVitalBuckets.page, page), eq(webVitalBuckets.metric, metric), eq(webVitalBuckets.bucket, bucket));
      const added: { metric: WebVitalName; bucket: number }[] = [];
      const replaced: { metric: WebVitalName; bucket: number }[] = [];
      for (const { name, value, previous } of metrics) {
        const bucket = bucketOf(name, value);
        if (previous !== undefined) {
          const before = bucketOf(name, previous);
          // Within the same bucket the histogram is already right.
          if (before === bucket) continue;
          replaced.push({ metric: name, bucket: before });
        }
        added.push({ metric: name, bucket });
      }
      // No transaction: each statement holds the lock of a row only while it runs, and the upsert
      // takes its rows in one order, so reports arriving together never wait on each other in a
      // circle. The earlier value is taken back where it was counted today (one counted yesterday stays).
      for (const { metric, bucket } of replaced) {
        await db
          .update(webVitalBuckets)
          .set({ count: sql`${webVitalBuckets.count} - 1` })
          .where(and(key(metric, bucket), gt(webVitalBuckets.count, 0)));
      }
      if (added.length > 0) {
        // One row per metric (a report names each metric once), so one statement adds them all.
        await db
          .insert(webVitalBuckets)
          .values(added.sort((a, b) => a.metric.localeCompare(b.metric)).map(({ metric, bucket }) => ({ day, page, metric, bucket, count: 1 })))
          .onConflictDoUpdate({
            target: [webVitalBuckets.day, webVitalBuckets.page, webVitalBuckets.metric, webVitalBuckets.bucket],
            set: { count: sql`${webVitalBuckets.count} + 1` },
          });
      }
      if (prunedOn !== day) await prune(day);
    },

    /** The last `dayCount` South African days, today included: each metric's 75th percentile per page and per day. */
    async report(dayCount: number): Promise<PageSpeedReport> {
      const days = lastDays(todayInSouthAfrica(), dayCount);
      const rows = await db
        .select({
          day: sql<string>`to_char(${webVitalBuckets.day}, 'YYYY-MM-DD')`,
          page: webVitalBuckets.page,
          metric: webVitalBuckets.metric,
          bucket: webVitalBuckets.bucket,
          count: webVitalBuckets.count,
        })
        .from(webVitalBuckets)
        .where(and(gte(webVitalBuckets.day, days[0]!), gt(webVitalBuckets.count, 0)))
        .orderBy(asc(webVitalBuckets.day));

      const byPage = new Map<PageTemplate | null, PageHistograms>();
      const countInto = (page: PageTemplate | null, row: (typeof rows)[number]) => {
        const byDay = entryOf(entryOf(byPage, page), row.metric as WebVitalName);
        addCounts(entryOf(byDay, row.day), [[row.bucket, row.count]]);
      };
      for (const row of rows) {
        // Rows of a page or metric the shop no longer has are left out of the figures.
        if (!(pageTemplates as readonly string[]).includes(row.page) || !(webVitalNames as readonly string[]).includes(row.metric)) continue;
        countInto(row.page as PageTemplate, row);
        countInto(null, row);
      }

      const pages = [...byPage]
        .filter(([page]) => page !== null)
        .map(([page, histograms]) => summaryOf(page, histograms, days))
        .sort((a, b) => pageLoadsOf(b) - pageLoadsOf(a) || pageTemplates.indexOf(a.page!) - pageTemplates.indexOf(b.page!));
      return { from: days[0]!, to: days.at(-1)!, days, allPages: summaryOf(null, byPage.get(null), days), pages };
    },
  };
}

export type WebVitalsService = ReturnType<typeof createWebVitalsService>;
