import { describe, expect, it } from 'vitest';
import { orderStatuses, orderStatusFilters, orderStatusPhrase, paymentStatuses } from './order-desk';

describe('the status phrase of an order', () => {
  it.each([
    ['paid', 'paid', 'Paid, to pack'],
    ['paid', 'partially_refunded', 'Paid, to pack (partly refunded)'],
    ['paid', 'refunded', 'Refunded, not sent'],
    ['pending', 'pending', 'Awaiting payment'],
    ['pending', 'failed', 'Payment failed'],
    ['fulfilled', 'paid', 'Fulfilled'],
    ['ready_for_collection', 'partially_refunded', 'Ready for collection (partly refunded)'],
    ['collected', 'paid', 'Collected'],
    ['cancelled', 'refunded', 'Cancelled (refunded)'],
    ['cancelled', 'paid', 'Cancelled'],
  ] as const)('%s and payment %s read "%s"', (status, paymentStatus, phrase) => {
    expect(orderStatusPhrase({ status, paymentStatus })).toBe(phrase);
  });

  it('never calls a paid order pending', () => {
    for (const status of orderStatuses.filter((s) => s !== 'pending')) {
      for (const paymentStatus of paymentStatuses) expect(orderStatusPhrase({ status, paymentStatus })).not.toMatch(/pending|awaiting/i);
    }
  });

  it('names each status filter with the phrase its orders start with', () => {
    const filterOf = { pending: 'pending', paid: 'unfulfilled' } as Record<string, string>;
    for (const status of orderStatuses) {
      const filter = orderStatusFilters.find((f) => f.value === (filterOf[status] ?? status))!;
      expect(orderStatusPhrase({ status, paymentStatus: status === 'pending' ? 'pending' : 'paid' })).toBe(filter.label);
    }
  });
});
