import { and, asc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { webVitalBuckets, webVitalPageLoads } from '../db/schema';
import { lastDays } from '../lib/days';
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

/** How long a page load's numbers are kept for its later reports (today and yesterday): a page reports its last when it is hidden or left. */
const PAGE_LOADS_KEPT_DAYS = 2;

/** One page load counted into a bucket (by 1) or taken out of it (by -1). */
interface BucketMove {
  day: string;
  page: string;
  metric: string;
  bucket: number;
  by: 1 | -1;
}

const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
const byBucket = (a: BucketMove, b: BucketMove) => compare(a.day, b.day) || compare(a.page, b.page) || compare(a.metric, b.metric) || compare(a.bucket, b.bucket);

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
    const [firstLoadKept] = lastDays(today, PAGE_LOADS_KEPT_DAYS);
    await db.delete(webVitalPageLoads).where(lt(webVitalPageLoads.day, firstLoadKept!));
  }

  return {
    /**
     * Counts one report into today's histograms. A metric its page load reported before replaces
     * that load's earlier number (found by the load's id, never taken from the report), which moves
     * the load from the bucket it was counted in to the new value's: every page load counts once
     * per metric, with its latest value, and a report of one load cannot take back another's.
     */
    async record({ page, pageLoad, metrics }: WebVitalsReport): Promise<void> {
      const day = todayInSouthAfrica();
      const readings = metrics.map(({ name, value }) => ({ metric: name as string, bucket: bucketOf(name, value) })).sort((a, b) => compare(a.metric, b.metric));
      await db.transaction(async (tx) => {
        // Rows in one order: a second report of the same load arriving at once waits here for the first.
        const firsts = await tx
          .insert(webVitalPageLoads)
          .values(readings.map(({ metric, bucket }) => ({ pageLoad, metric, day, page, bucket })))
          .onConflictDoNothing()
          .returning({ metric: webVitalPageLoads.metric });
        const isFirst = new Set(firsts.map((row) => row.metric));
        const moves: BucketMove[] = readings.filter(({ metric }) => isFirst.has(metric)).map(({ metric, bucket }) => ({ day, page, metric, bucket, by: 1 }));
        const replacing = readings.filter(({ metric }) => !isFirst.has(metric));
        if (replacing.length > 0) {
          const earlier = await tx
            .select()
            .from(webVitalPageLoads)
            .where(and(eq(webVitalPageLoads.pageLoad, pageLoad), inArray(webVitalPageLoads.metric, replacing.map(({ metric }) => metric))))
            .orderBy(asc(webVitalPageLoads.metric))
            .for('update');
          for (const before of earlier) {
            const { bucket } = replacing.find(({ metric }) => metric === before.metric)!;
            if (before.day === day && before.page === page && before.bucket === bucket) continue;
            moves.push({ ...before, by: -1 }, { day, page, metric: before.metric, bucket, by: 1 });
            await tx
              .update(webVitalPageLoads)
              .set({ day, page, bucket })
              .where(and(eq(webVitalPageLoads.pageLoad, pageLoad), eq(webVitalPageLoads.metric, before.metric)));
          }
        }
        // Every report takes its bucket rows in the same order, so reports in several processes never wait on each other in a circle.
        for (const move of moves.sort(byBucket)) {
          const { day: movedDay, page: movedPage, metric, bucket } = move;
          if (move.by > 0) {
            await tx
              .insert(webVitalBuckets)
              .values({ day: movedDay, page: movedPage, metric, bucket, count: 1 })
              .onConflictDoUpdate({
                target: [webVitalBuckets.day, webVitalBuckets.page, webVitalBuckets.metric, webVitalBuckets.bucket],
                set: { count: sql`${webVitalBuckets.count} + 1` },
              });
          } else {
            await tx
              .update(webVitalBuckets)
              .set({ count: sql`${webVitalBuckets.count} - 1` })
              .where(
                and(
                  eq(webVitalBuckets.day, movedDay),
                  eq(webVitalBuckets.page, movedPage),
                  eq(webVitalBuckets.metric, metric),
                  eq(webVitalBuckets.bucket, bucket),
                  gt(webVitalBuckets.count, 0),
                ),
              );
          }
        }
      });
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
