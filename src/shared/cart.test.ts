import { describe, expect, it } from 'vitest';
import { cartItemCount, cartSubtotalCents, DEFAULT_LINE_LIMIT, LINE_LIMIT_CEILING, MIN_LINE_QUANTITY, steppedQuantity, typedQuantity } from './cart';

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
  it('starts at 1, and a line holds up to 100 unless the shop sets another limit, never above 1,000', () => {
    expect([MIN_LINE_QUANTITY, DEFAULT_LINE_LIMIT, LINE_LIMIT_CEILING]).toEqual([1, 100, 1000]);
  });

  it('moves by one inside the limits', () => {
    expect(steppedQuantity(1, 1, 100)).toBe(2);
    expect(steppedQuantity(5, 1, 100)).toBe(6);
    expect(steppedQuantity(5, -1, 100)).toBe(4);
    expect(steppedQuantity(99, 1, 100)).toBe(100);
    expect(steppedQuantity(2, -1, 100)).toBe(1);
  });

  it('stays at 1 on minus at 1', () => {
    expect(steppedQuantity(1, -1, 100)).toBe(1);
  });

  it("stays at the shop's limit on plus", () => {
    expect(steppedQuantity(100, 1, 100)).toBe(100);
    expect(steppedQuantity(10, 1, 10)).toBe(10);
  });
});

describe('typedQuantity', () => {
  it('reads a typed whole number, spaces around it allowed', () => {
    expect(typedQuantity('12', 100)).toBe(12);
    expect(typedQuantity(' 30 ', 100)).toBe(30);
  });

  it('keeps a number inside 1 and the most that can be bought', () => {
    expect(typedQuantity('0', 100)).toBe(1);
    expect(typedQuantity('250', 100)).toBe(100);
    expect(typedQuantity('999999999', 100)).toBe(100);
    expect(typedQuantity('12', 5)).toBe(5);
    expect(typedQuantity('3', 0)).toBe(1);
  });

  it('finds no number in text that is not one', () => {
    for (const text of ['', ' ', '-1', '1.5', '1e9', '12a', 'twelve', '1\u00002', '1234567890']) expect(typedQuantity(text, 100)).toBeUndefined();
  });
});
