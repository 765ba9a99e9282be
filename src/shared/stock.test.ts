import { describe, expect, it } from 'vitest';
import { maxBuyable, stockLevel, stockShortMessage } from './stock';

describe('stock', () => {
  it('says out, low (1 to 5), in stock, or not counted', () => {
    expect(stockLevel(0)).toEqual({ kind: 'out' });
    expect(stockLevel(1)).toEqual({ kind: 'low', left: 1 });
    expect(stockLevel(5)).toEqual({ kind: 'low', left: 5 });
    expect(stockLevel(6)).toEqual({ kind: 'in-stock', left: 6 });
    expect(stockLevel(null)).toEqual({ kind: 'unlimited' });
  });

  it('lets a shopper pick at most the line limit, or fewer when fewer are left', () => {
    expect(maxBuyable(null, 10)).toBe(10);
    expect(maxBuyable(3, 10)).toBe(3);
    expect(maxBuyable(50, 10)).toBe(10);
    expect(maxBuyable(0, 10)).toBe(0);
  });

  it('names the flag and how many are left', () => {
    expect(stockShortMessage('KENYA', 0)).toBe('Sorry, the Kenya flag is sold out.');
    expect(stockShortMessage('KENYA', 1)).toBe('Sorry, only 1 Kenya flag is left.');
    expect(stockShortMessage('KENYA', 4)).toBe('Sorry, only 4 Kenya flags are left.');
    expect(stockShortMessage('KENYA', 0, '90 × 60 cm')).toBe('Sorry, the Kenya flag in 90 × 60 cm is sold out.');
    expect(stockShortMessage('KENYA', 1, '90 × 60 cm')).toBe('Sorry, only 1 Kenya flag in 90 × 60 cm is left.');
    expect(stockShortMessage('KENYA', 3, '90 × 60 cm')).toBe('Sorry, only 3 Kenya flags in 90 × 60 cm are left.');
  });
});
