import { webVitals, type WebVitalName } from '../../shared/web-vitals';

/**
 * The page speed figures are kept as histograms (decision 0030): a count of page loads per bucket
 * of values, per day, page and metric. Counts add up, so a day's histogram takes one more report
 * with one `count + 1`, and 28 days of them merge into one to read the 75th percentile from.
 *
 * Buckets grow by 5%: bucket 0 holds values under one unit (a millisecond, or 0.001 of CLS),
 * bucket k ≥ 1 holds [1.05^(k-1), 1.05^k) units. A percentile read from them is within 5% of the
 * exact one (within one unit near zero): the exact value lies in the same bucket.
 */
const GROWTH = 1.05;
const LOG_GROWTH = Math.log(GROWTH);

/** A millisecond for times, a thousandth for the CLS score. */
const unitOf = (name: WebVitalName) => (webVitals[name].unit === 'ms' ? 1 : 0.001);

/** The bucket that counts `value` (at most 226 for the largest value a report may carry). */
export function bucketOf(name: WebVitalName, value: number): number {
  const units = value / unitOf(name);
  if (units < 1) return 0;
  return 1 + Math.floor(Math.log(units) / LOG_GROWTH);
}

/** The values a bucket holds, [lower, upper). */
export function bucketBounds(name: WebVitalName, bucket: number): { lower: number; upper: number } {
  const unit = unitOf(name);
  if (bucket <= 0) return { lower: 0, upper: unit };
  return { lower: GROWTH ** (bucket - 1) * unit, upper: GROWTH ** bucket * unit };
}

/** Bucket → page loads. */
export type Histogram = Map<number, number>;

/** Adds `counts` into `into`. */
export function addCounts(into: Histogram, counts: Iterable<readonly [bucket: number, count: number]>): Histogram {
  for (const [bucket, count] of counts) if (count > 0) into.set(bucket, (into.get(bucket) ?? 0) + count);
  return into;
}

export function sampleCount(histogram: Histogram): number {
  let total = 0;
  for (const count of histogram.values()) total += count;
  return total;
}

/**
 * The value below which `fraction` of the page loads fall (0.75: the 75th percentile, Google's
 * measure of a page), or null with nothing counted. The rank is `fraction × count`; inside the
 * bucket that holds it, the value is taken proportionally between the bucket's bounds, and bucket 0
 * reads as 0. Whole milliseconds, CLS to three decimals.
 */
export function percentileOf(name: WebVitalName, histogram: Histogram, fraction = 0.75): number | null {
  const total = sampleCount(histogram);
  if (total === 0) return null;
  const rank = fraction * total;
  let below = 0;
  let value = 0;
  for (const [bucket, count] of [...histogram].sort(([a], [b]) => a - b)) {
    if (count <= 0) continue;
    if (below + count >= rank) {
      // Under one unit reads as nothing: a page that never moved has a CLS of 0, not 0.001.
      const { lower, upper } = bucket === 0 ? { lower: 0, upper: 0 } : bucketBounds(name, bucket);
      value = lower + ((rank - below) / count) * (upper - lower);
      break;
    }
    below += count;
  }
  return webVitals[name].unit === 'ms' ? Math.round(value) : Math.round(value * 1_000) / 1_000;
}
