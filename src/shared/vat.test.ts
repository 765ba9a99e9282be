import { describe, expect, it } from 'vitest';
import { isVatVendor, vatIncluded, vatInCredit, vatPerLine } from './vat';

describe('vatIncluded', () => {
  it('takes the 15% VAT out of a VAT-inclusive amount', () => {
    expect(vatIncluded(11500)).toBe(1500);
    expect(vatIncluded(0)).toBe(0);
    expect(vatIncluded(23000)).toBe(3000);
  });

  it('rounds to the nearest cent', () => {
    expect(vatIncluded(13000)).toBe(1696); // 1695.65…
    expect(vatIncluded(100)).toBe(13); // 13.04…
    expect(vatIncluded(4)).toBe(1); // 0.52…
    expect(vatIncluded(3)).toBe(0); // 0.39…
  });

  it('agrees with amount × 15/115 to the nearest cent for every amount up to R1,000', () => {
    for (let cents = 0; cents <= 100_000; cents++) expect(vatIncluded(cents)).toBe(Math.round((cents * 15) / 115));
  });
});

describe('vatPerLine', () => {
  it('shares the VAT of the total, so the lines add up where rounding each line would not', () => {
    // Three lines of 4 c round to 1 c each (0.52…), 3 c in all; 12 c holds 1.56… → 2 c.
    const lines = [4, 4, 4];
    expect(lines.map(vatIncluded).reduce((a, b) => a + b)).toBe(3);
    expect(vatPerLine(lines)).toEqual([1, 1, 0]);
    expect(vatPerLine(lines).reduce((a, b) => a + b)).toBe(vatIncluded(12));
  });

  it('adds up to the VAT of the whole for a real cart with its collection fee', () => {
    const lines = [2 * 13_000, 3 * 11_500, 6_000];
    const shares = vatPerLine(lines);
    expect(shares.reduce((a, b) => a + b)).toBe(vatIncluded(66_500));
    // Each share is within a cent of the line's own VAT.
    lines.forEach((cents, i) => expect(Math.abs(shares[i]! - (cents * 3) / 23)).toBeLessThan(1));
  });

  it('gives nothing to lines of nothing', () => {
    expect(vatPerLine([])).toEqual([]);
    expect(vatPerLine([0, 0])).toEqual([0, 0]);
    expect(vatPerLine([0, 11_500])).toEqual([0, 1_500]);
  });
});

describe('vatInCredit', () => {
  it('makes the credit notes of a fully refunded invoice add up to its VAT', () => {
    // 4 c then R189.96: alone they would round to 1 c and R24.78, one cent more than the invoice's R24.78.
    expect(vatIncluded(4) + vatIncluded(18_996)).toBe(vatIncluded(19_000) + 1);
    const invoice = 19_000;
    for (const first of [1, 4, 5_000, 10_001, 18_999]) {
      const credits = vatInCredit(0, first) + vatInCredit(first, invoice - first);
      expect(credits).toBe(vatIncluded(invoice));
    }
  });

  it('is the plain VAT of the amount for a first, whole credit', () => {
    expect(vatInCredit(0, 11_500)).toBe(1_500);
  });
});


describe('isVatVendor', () => {
  it('is a shop with a VAT number', () => {
    expect(isVatVendor({ vatNumber: '4123456789' })).toBe(true);
  });

  it('is not a shop whose VAT number is empty', () => {
    expect(isVatVendor({ vatNumber: '' })).toBe(false);
  });
});
