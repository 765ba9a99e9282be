import { describe, expect, it } from 'vitest';
import { codeStates, discountLimits, usesText } from './discount-format';
import type { DiscountCodeView } from '../../../../shared/discounts';

type Limits = Pick<DiscountCodeView, 'minimumSpendCents' | 'startsOn' | 'endsOn' | 'totalUses' | 'usesPerCustomer' | 'active' | 'uses'>;

const plain: Limits = { minimumSpendCents: 0, startsOn: null, endsOn: null, totalUses: null, usesPerCustomer: 1, active: true, uses: 0 };

describe('a discount code on the order desk', () => {
  it('lists its limits in words, always with the uses per customer', () => {
    expect(discountLimits(plain)).toEqual(['Once per customer']);
    expect(discountLimits({ ...plain, minimumSpendCents: 30_000, startsOn: '2026-12-01', endsOn: '2026-12-16', totalUses: 100, usesPerCustomer: 3 })).toEqual([
      'Minimum spend R300.00',
      'From 1 December 2026 to 16 December 2026',
      '100 uses in all',
      '3 times per customer',
    ]);
    expect(discountLimits({ ...plain, startsOn: '2027-01-01', totalUses: 1 })).toEqual(['From 1 January 2027', '1 use in all', 'Once per customer']);
    expect(discountLimits({ ...plain, endsOn: '2026-09-24' })).toEqual(['Until 24 September 2026', 'Once per customer']);
  });

  it('counts its uses out of the total when there is one', () => {
    expect(usesText({ uses: 0, totalUses: null })).toBe('0');
    expect(usesText({ uses: 3, totalUses: 100 })).toBe('3 of 100');
  });

  it('says whether it is on, and why shoppers cannot use it yet or any more, by the South African day', () => {
    const labels = (code: Partial<Limits>, today = '2026-12-10') => codeStates({ ...plain, ...code }, today).map((state) => state.label);
    expect(labels({})).toEqual(['Active']);
    expect(labels({ active: false })).toEqual(['Switched off']);
    expect(labels({ startsOn: '2026-12-11' })).toEqual(['Active', 'Not yet']);
    expect(labels({ startsOn: '2026-12-10', endsOn: '2026-12-10' })).toEqual(['Active']);
    expect(labels({ active: false, endsOn: '2026-12-09' })).toEqual(['Switched off', 'Expired']);
    expect(labels({ totalUses: 5, uses: 5 })).toEqual(['Active', 'Used up']);
  });
});
