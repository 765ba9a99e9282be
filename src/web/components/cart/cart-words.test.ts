import { describe, expect, it } from 'vitest';
import { addedToCartText, clearCartQuestion, quantityAnnouncement, stockNote } from './cart-words';

describe('addedToCartText', () => {
  it('names the flag alone for one, and the number for more', () => {
    expect(addedToCartText('JAPAN', 1)).toBe('Japan has been added to your cart.');
    expect(addedToCartText('JAPAN', 2)).toBe('2 × Japan have been added to your cart.');
    expect(addedToCartText('UNITED STATES OF AMERICA', 10)).toBe('10 × United States of America have been added to your cart.');
    expect(addedToCartText('JAPAN', 12, '90 × 60 cm')).toBe('12 × Japan (90 × 60 cm) have been added to your cart.');
  });
});

describe('quantityAnnouncement', () => {
  it('says how many of the flag the cart now holds', () => {
    expect(quantityAnnouncement('KENYA', 3, 100, 100)).toBe('Kenya: 3 in your cart.');
    expect(quantityAnnouncement('KENYA', 1, 10, 100)).toBe('Kenya: 1 in your cart.');
  });

  it('says when no more can be added, and why', () => {
    expect(quantityAnnouncement('KENYA', 100, 100, 100)).toBe('Kenya: 100 in your cart, the most for one order.');
    expect(quantityAnnouncement('KENYA', 10, 10, 10)).toBe('Kenya: 10 in your cart, the most for one order.');
    expect(quantityAnnouncement('KENYA', 2, 2, 100)).toBe('Kenya: 2 in your cart. Only 2 left, so no more can be added.');
    expect(quantityAnnouncement('KENYA', 1, 1, 100)).toBe('Kenya: 1 in your cart. Only 1 left, so no more can be added.');
  });
});

describe('stockNote', () => {
  it('says nothing while the shop does not count the flag or plenty are left', () => {
    expect(stockNote(3, null)).toBeUndefined();
    expect(stockNote(3, 6)).toBeUndefined();
  });

  it('says how many are left when few are', () => {
    expect(stockNote(2, 5)).toEqual({ text: 'Only 5 left', short: false });
    expect(stockNote(1, 1)).toEqual({ text: 'Only 1 left', short: false });
  });

  it('marks a line that asks for more than are left, and says what to do', () => {
    expect(stockNote(3, 1)).toEqual({ text: 'Only 1 left: please lower the quantity to 1.', short: true });
    expect(stockNote(1, 0)).toEqual({ text: 'Sold out: please remove it from your cart.', short: true });
  });
});

describe('clearCartQuestion', () => {
  it('names how many flags would go', () => {
    expect(clearCartQuestion(1)).toBe('Remove the flag from your cart?');
    expect(clearCartQuestion(4)).toBe('Remove all 4 flags from your cart?');
  });
});
