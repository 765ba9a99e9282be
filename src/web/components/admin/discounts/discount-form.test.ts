import { describe, expect, it } from 'vitest';
import { newDiscountValues, parseDiscountForm } from './discount-form';
import { discountMessages } from '../../../../shared/discounts';

const filled = { ...newDiscountValues(), code: ' heritage-day ', percent: '15' };

const messages = (result: ReturnType<typeof parseDiscountForm>) => (result.success ? [] : result.error.issues.map((issue) => [issue.path[0], issue.message]));

describe('the new discount code form', () => {
  it('sends only the chosen kind, rand in cents, empty limits as none', () => {
    expect(parseDiscountForm(filled)).toEqual({
      success: true,
      data: { code: 'HERITAGE-DAY', kind: 'percent', percent: 15, minimumSpendCents: 0, startsOn: null, endsOn: null, totalUses: null, usesPerCustomer: 1, includesDelivery: false },
    });
    expect(
      parseDiscountForm({ ...filled, kind: 'amount', amountCents: 'R50', minimumSpendCents: '300.00', startsOn: '2026-12-01', endsOn: '2026-12-16', totalUses: ' 100 ', usesPerCustomer: '2', includesDelivery: true }, '2026-11-27').data,
    ).toEqual({ code: 'HERITAGE-DAY', kind: 'amount', amountCents: 5_000, minimumSpendCents: 30_000, startsOn: '2026-12-01', endsOn: '2026-12-16', totalUses: 100, usesPerCustomer: 2, includesDelivery: true });
  });

  it.each([
    [{ percent: '150' }, 'percent', discountMessages.percent],
    [{ percent: '' }, 'percent', discountMessages.percent],
    [{ percent: '12.5' }, 'percent', discountMessages.percent],
    [{ kind: 'amount' as const, amountCents: '' }, 'amountCents', discountMessages.amount],
    [{ kind: 'amount' as const, amountCents: 'fifty' }, 'amountCents', discountMessages.amount],
    [{ code: 'no' }, 'code', discountMessages.code],
    [{ minimumSpendCents: 'lots' }, 'minimumSpendCents', discountMessages.minimumSpend],
    [{ startsOn: '2026-12-16', endsOn: '2026-12-01' }, 'endsOn', discountMessages.endsBeforeStart],
    [{ totalUses: '0' }, 'totalUses', discountMessages.totalUses],
    [{ usesPerCustomer: '' }, 'usesPerCustomer', discountMessages.usesPerCustomer],
    [{ percent: '100', includesDelivery: true }, 'percent', discountMessages.freeOrder],
  ])('refuses %o on %s in the server’s words', (change, field, message) => {
    expect(messages(parseDiscountForm({ ...filled, ...change }, '2026-11-27'))).toContainEqual([field, message]);
  });

  it('refuses a last day that has already passed, beside the other problems, in the server’s words', () => {
    const today = '2026-11-27';
    expect(messages(parseDiscountForm({ ...filled, endsOn: '2025-11-30' }, today))).toEqual([['endsOn', discountMessages.endedAlready('2025-11-30', today)]]);
    expect(messages(parseDiscountForm({ ...filled, percent: '150', endsOn: '2026-11-26' }, today))).toEqual([
      ['endsOn', discountMessages.endedAlready('2026-11-26', today)],
      ['percent', discountMessages.percent],
    ]);
    expect(parseDiscountForm({ ...filled, endsOn: today }, today).success).toBe(true);
  });
});
