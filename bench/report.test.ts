import { describe, expect, it } from 'vitest';
import { renderReport, type Results } from './report';

const MB = 1024 * 1024;

function withShopPeak(megabytes: number): Results {
  const peak = (mb: number) => ({ peakRssBytes: mb * MB, maxSampledRssBytes: mb * MB, samples: 10 });
  return {
    startedAt: '2026-11-28T00:00:00.000Z',
    finishedAt: '2026-11-28T00:01:00.000Z',
    machine: { node: 'v24.22.3', cpus: 2, loadAverage: [0, 0, 0] },
    memory: { status: 'ok', result: { shop: peak(megabytes), baseline: peak(60) } },
  };
}

describe("the bench's summary", () => {
  it('warns in words when an embedded shop peaks past 330 MB', () => {
    expect(renderReport(withShopPeak(341.5))).toContain('WARNING: shop peak RSS is 341.5 MB, past its goal of ≤ 330');
  });

  it('says nothing of a peak within the goal', () => {
    const report = renderReport(withShopPeak(300));
    expect(report).toContain('shop peak RSS');
    expect(report).not.toContain('WARNING');
  });
});
