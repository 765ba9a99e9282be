import { describe, expect, it } from 'vitest';
import { pageTemplateOf, pageTemplates, rateWebVital, roundWebVital } from './web-vitals';

describe('the page a report names', () => {
  it.each([
    ['/', '/'],
    ['/shop', '/shop'],
    ['/shop/', '/shop'],
    ['/product/south-africa', '/product/:slug'],
    ['/product/south-africa/', '/product/:slug'],
    ['/profile/orders/100042', '/profile/orders/:orderNumber'],
    ['/profile', '/profile'],
    ['/password-reset', '/password-reset'],
    ['/admin', '/admin'],
    ['/product', 'other'],
    ['/product/kenya/reviews', 'other'],
    ['/no-such-page', 'other'],
    ['/other', 'other'],
    ['/test-password-reset', 'other'],
  ])('is %s → %s: the pattern, never the slug or the order number', (path, page) => {
    expect(pageTemplateOf(path)).toBe(page);
  });

  it('is one of the patterns the server takes, for any path', () => {
    for (const path of ['', '//', '/%00', '/product/%2F', '/profile/orders/', `/${'x'.repeat(5_000)}`]) {
      expect(pageTemplates).toContain(pageTemplateOf(path));
    }
  });
});

describe("Google's ratings", () => {
  it('count the limits themselves on the better side', () => {
    expect(rateWebVital('LCP', 2_500)).toBe('good');
    expect(rateWebVital('LCP', 2_501)).toBe('needs-improvement');
    expect(rateWebVital('LCP', 4_000)).toBe('needs-improvement');
    expect(rateWebVital('LCP', 4_001)).toBe('poor');
    expect(rateWebVital('INP', 200)).toBe('good');
    expect(rateWebVital('INP', 501)).toBe('poor');
    expect(rateWebVital('CLS', 0.1)).toBe('good');
    expect(rateWebVital('CLS', 0.25)).toBe('needs-improvement');
    expect(rateWebVital('CLS', 0.251)).toBe('poor');
    expect(rateWebVital('TTFB', 800)).toBe('good');
    expect(rateWebVital('TTFB', 1_801)).toBe('poor');
  });
});

describe('values as reports carry them', () => {
  it('are whole milliseconds, and CLS to four decimals', () => {
    expect(roundWebVital('LCP', 1_234.56)).toBe(1_235);
    expect(roundWebVital('TTFB', 0.4)).toBe(0);
    expect(roundWebVital('CLS', 0.123_456)).toBe(0.1235);
  });
});
