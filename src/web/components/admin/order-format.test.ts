import { describe, expect, it } from 'vitest';
import { itemLine, refundFailedText } from './order-format';

describe('an order line on the order desk', () => {
  it('names the flag as shoppers see it, with the spec\u2019s fallbacks', () => {
    expect(itemLine({ productName: 'JAPAN', quantity: 2 })).toEqual({ name: 'Japan', quantity: 2 });
    expect(itemLine({ productName: 'UNITED STATES OF AMERICA', quantity: 1 })).toEqual({ name: 'United States of America', quantity: 1 });
    expect(itemLine({ productName: 'Rainbow Pride', quantity: 1 }).name).toBe('Rainbow Pride');
    expect(itemLine({ productName: '  ', quantity: 0 })).toEqual({ name: 'Unknown Item', quantity: 1 });
    expect(itemLine({})).toEqual({ name: 'Unknown Item', quantity: 1 });
  });
});

describe('a refund that did not go through', () => {
  it("says so in the spec's words, then the reason the server gave", () => {
    expect(refundFailedText('')).toBe('Failed to process refund.');
    expect(refundFailedText('The payment provider did not take the refund: card expired')).toBe(
      'Failed to process refund. The payment provider did not take the refund: card expired',
    );
  });
});
