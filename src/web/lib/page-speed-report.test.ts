import { describe, expect, it } from 'vitest';
import { PAGE_LOAD_ID, type WebVitalName } from '../../shared/web-vitals';
import { newPageLoadId, readingsToSend } from './page-speed-report';

const measured = (entries: [WebVitalName, number][]) => new Map<WebVitalName, number>(entries);

describe('what a page speed report carries', () => {
  it('sends every metric the first time', () => {
    expect(readingsToSend(measured([['TTFB', 240], ['LCP', 1_800]]), new Map())).toEqual([
      { name: 'TTFB', value: 240 },
      { name: 'LCP', value: 1_800 },
    ]);
  });

  it('leaves out what was sent unchanged, and sends a changed value alone: the page load id tells the shop what it replaces', () => {
    const sent = measured([['TTFB', 240], ['CLS', 0.02]]);
    const latest = measured([['TTFB', 240], ['CLS', 0.31], ['INP', 180]]);
    expect(readingsToSend(latest, sent)).toEqual([
      { name: 'CLS', value: 0.31 },
      { name: 'INP', value: 180 },
    ]);
    expect(readingsToSend(sent, sent)).toEqual([]);
  });

  it('gives each page load an id of its own, in the form the shop takes', () => {
    const ids = Array.from({ length: 50 }, newPageLoadId);
    for (const id of ids) expect(id).toMatch(PAGE_LOAD_ID);
    expect(new Set(ids).size).toBe(50);
  });
});
