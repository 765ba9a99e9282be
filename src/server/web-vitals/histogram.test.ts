import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { webVitals, type WebVitalName } from '../../shared/web-vitals';
import { addCounts, bucketBounds, bucketOf, percentileOf, sampleCount, type Histogram } from './histogram';

function histogramOf(name: WebVitalName, values: number[]): Histogram {
  return addCounts(new Map(), values.map((value) => [bucketOf(name, value), 1] as const));
}

/** The 75th percentile by nearest rank: the value of the ⌈0.75 n⌉-th page load, slowest last. */
function exactP75(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(0.75 * sorted.length) - 1]!;
}

describe('buckets', () => {
  it('put each value between its bucket’s bounds, each bucket 5% wider than the one before', () => {
    for (const name of ['LCP', 'CLS'] as const) {
      for (const value of [0, 0.0004, 0.001, 0.1, 0.25, 1, 2.5, 199, 200, 2_500, 4_000, 59_999, 60_000]) {
        if (value > webVitals[name].max) continue;
        const { lower, upper } = bucketBounds(name, bucketOf(name, value));
        expect(value, `${name} ${value}`).toBeGreaterThanOrEqual(lower * (1 - 1e-12));
        expect(value, `${name} ${value}`).toBeLessThan(upper * (1 + 1e-12));
      }
    }
    expect(bucketBounds('LCP', 0)).toEqual({ lower: 0, upper: 1 });
    expect(bucketBounds('CLS', 0)).toEqual({ lower: 0, upper: 0.001 });
    const { lower, upper } = bucketBounds('INP', 100);
    expect(upper / lower).toBeCloseTo(1.05, 12);
  });

  it('are a few hundred at most for the largest values a report may carry', () => {
    expect(bucketOf('TTFB', webVitals.TTFB.max)).toBe(226);
    expect(bucketOf('CLS', webVitals.CLS.max)).toBeLessThan(200);
  });
});

describe('the 75th percentile', () => {
  it('is null with nothing measured', () => {
    expect(percentileOf('LCP', new Map())).toBeNull();
    expect(percentileOf('LCP', new Map([[40, 0]]))).toBeNull();
  });

  it('of four page loads is the third slowest, within 5%', () => {
    const p75 = percentileOf('LCP', histogramOf('LCP', [1_200, 1_800, 2_600, 9_000]))!;
    expect(p75).toBeGreaterThanOrEqual(2_600 * 0.95);
    expect(p75).toBeLessThanOrEqual(2_600 * 1.05);
  });

  it('reads a page with no layout shift at all as 0', () => {
    expect(percentileOf('CLS', histogramOf('CLS', [0, 0, 0, 0.3]))).toBe(0);
  });

  it('is within 5% (or one unit near zero) of the exact value, for any page loads of any metric', () => {
    const metric = fc.constantFrom<WebVitalName>('LCP', 'INP', 'CLS', 'TTFB');
    fc.assert(
      fc.property(
        metric.chain((name) =>
          fc.tuple(
            fc.constant(name),
            fc.array(fc.double({ min: 0, max: webVitals[name].max, noNaN: true }), { minLength: 1, maxLength: 300 }),
          ),
        ),
        ([name, values]) => {
          const exact = exactP75(values);
          const unit = webVitals[name].unit === 'ms' ? 1 : 0.001;
          // The error of the buckets, and the rounding of the answer to a millisecond or 0.001.
          const allowed = Math.max(0.05 * exact, unit) + unit / 2 + 1e-9;
          expect(Math.abs(percentileOf(name, histogramOf(name, values))! - exact)).toBeLessThanOrEqual(allowed);
        },
      ),
      { seed: 20_261_201, numRuns: 500 },
    );
  });

  it('of days merged is the percentile of all their page loads together', () => {
    const monday = [800, 900, 1_000, 1_100];
    const tuesday = [3_000, 3_500, 4_200, 5_000, 6_000, 7_000];
    const merged = addCounts(histogramOf('LCP', monday), histogramOf('LCP', tuesday));
    expect(sampleCount(merged)).toBe(10);
    expect(percentileOf('LCP', merged)).toBe(percentileOf('LCP', histogramOf('LCP', [...monday, ...tuesday])));
    const exact = exactP75([...monday, ...tuesday]);
    expect(Math.abs(percentileOf('LCP', merged)! - exact)).toBeLessThanOrEqual(0.05 * exact);
  });
});
