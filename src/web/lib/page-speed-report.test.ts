import { describe, expect, it } from 'vitest';
import type { WebVitalName } from '../../shared/web-vitals';
import { readingsToSend, type Measured } from './page-speed-report';

const measured = (entries: [WebVitalName, string, number][]) => new Map<WebVitalName, Measured>(entries.map(([name, id, value]) => [name, { id, value }]));

describe('what a page speed report carries', () => {
  it('sends every metric the first time', () => {
    expect(readingsToSend(measured([['TTFB', 't1', 240], ['LCP', 'l1', 1_800]]), new Map())).toEqual([
      { name: 'TTFB', value: 240 },
      { name: 'LCP', value: 1_800 },
    ]);
  });

  it('leaves out what was sent unchanged, and sends a change with the value it replaces', () => {
    const sent = measured([['TTFB', 't1', 240], ['CLS', 'c1', 0.02]]);
    const latest = measured([['TTFB', 't1', 240], ['CLS', 'c1', 0.31], ['INP', 'i1', 180]]);
    expect(readingsToSend(latest, sent)).toEqual([
      { name: 'CLS', value: 0.31, previous: 0.02 },
      { name: 'INP', value: 180 },
    ]);
    expect(readingsToSend(sent, sent)).toEqual([]);
  });

  it('sends a page load back from the back-forward cache as a new one, whatever the value', () => {
    expect(readingsToSend(measured([['CLS', 'c2', 0.02]]), measured([['CLS', 'c1', 0.02]]))).toEqual([{ name: 'CLS', value: 0.02 }]);
  });
});
