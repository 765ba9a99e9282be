import { describe, expect, it } from 'vitest';
import { discountOffText } from './discounts';
import { dayInWords } from './profile';

describe('a discount code in words', () => {
  it('says what it takes off', () => {
    expect(discountOffText({ kind: 'percent', percent: 15, amountCents: null, includesDelivery: true })).toBe('15% off, delivery too');
    expect(discountOffText({ kind: 'amount', percent: null, amountCents: 5_000, includesDelivery: false })).toBe('R50.00 off');
  });

  it('writes its days as people read them, the same day in every time zone', () => {
    expect(dayInWords('2026-12-16')).toBe('16 December 2026');
    expect(dayInWords('2027-01-01')).toBe('1 January 2027');
  });
});
