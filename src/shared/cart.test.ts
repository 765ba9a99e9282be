import { describe, expect, it } from 'vitest';
import { cartItemCount, cartSubtotalCents, MAX_LINE_QUANTITY, MIN_LINE_QUANTITY, steppedQuantity } from './cart';

describe('cart totals', () => {
  const lines = [
    { priceCents: 13000, quantity: 2, available: true },
    { priceCents: 12500, quantity: 1, available: true },
    { priceCents: 15000, quantity: 10, available: true },
  ];

  it('adds up the price times quantity of every line', () => {
    expect(cartSubtotalCents(lines)).toBe(2 * 13000 + 12500 + 10 * 15000);
  });

  it('counts the flags across lines', () => {
    expect(cartItemCount(lines)).toBe(13);
  });

  it('leaves out a flag that is no longer sold', () => {
    const withHidden = [...lines, { priceCents: 20000, quantity: 3, available: false }];
    expect(cartSubtotalCents(withHidden)).toBe(cartSubtotalCents(lines));
    expect(cartItemCount(withHidden)).toBe(13);
  });

  it('gives 0 for an empty cart', () => {
    expect(cartSubtotalCents([])).toBe(0);
    expect(cartItemCount([])).toBe(0);
  });
});

describe('steppedQuantity', () => {
  it('keeps the quantity limits of the spec (1 to 10)', () => {
    expect([MIN_LINE_QUANTITY, MAX_LINE_QUANTITY]).toEqual([1, 10]);
  });

  it('moves by one inside the limits', () => {
    expect(steppedQuantity(1, 1)).toBe(2);
    expect(steppedQuantity(5, 1)).toBe(6);
    expect(steppedQuantity(5, -1)).toBe(4);
    expect(steppedQuantity(9, 1)).toBe(10);
    expect(steppedQuantity(2, -1)).toBe(1);
  });

  it('stays at 1 on minus at 1', () => {
    expect(steppedQuantity(1, -1)).toBe(1);
  });

  it('stays at 10 on plus at 10', () => {
    expect(steppedQuantity(10, 1)).toBe(10);
  });
});
