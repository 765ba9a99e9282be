import { describe, expect, it } from 'vitest';
import { centsToDecimal, formatRand, formatRandCompact, parseRandToCents } from './money';

describe('formatRand', () => {
  it.each([
    [0, 'R0.00'],
    [5, 'R0.05'],
    [13000, 'R130.00'],
    [99999, 'R999.99'],
    [100000, 'R1 000.00'],
    [123456, 'R1 234.56'],
    [100000000, 'R1 000 000.00'],
    [-13000, '-R130.00'],
    [-123456, '-R1 234.56'],
  ])('writes %i cents as %s', (cents, text) => {
    expect(formatRand(cents)).toBe(text);
  });
});

describe('formatRandCompact', () => {
  it.each([
    [6000, 'R60'],
    [11000, 'R110'],
    [123400, 'R1 234'],
    [6050, 'R60.50'],
  ])('writes %i cents as %s', (cents, text) => {
    expect(formatRandCompact(cents)).toBe(text);
  });
});

describe('centsToDecimal', () => {
  it('writes the decimal text of the product API', () => {
    expect(centsToDecimal(13000)).toBe('130.00');
    expect(centsToDecimal(12550)).toBe('125.50');
    expect(centsToDecimal(7)).toBe('0.07');
  });
});

describe('parseRandToCents', () => {
  it.each([
    ['R99.00', 9900],
    ['R1 234.50', 123450],
    ['130', 13000],
    ['130.00', 13000],
    ['R130.5', 13050],
    ['r 60', 6000],
    ['R1,234.50', 123450],
    ['R1\u00a0234.50', 123450],
    ['  R110.00', 11000],
    ['R0.00', 0],
  ])('reads %j as %i cents', (text, cents) => {
    expect(parseRandToCents(text)).toBe(cents);
  });

  it.each(['abc', '1.234', '', 'R', 'R-5.00', '12.3.4', 'R12.', '$130.00', 'R1e3'])('refuses %j', (text) => {
    expect(parseRandToCents(text)).toBeUndefined();
  });

  it('reads back what formatRand writes', () => {
    for (const cents of [0, 1, 99, 13000, 123456, 100000000]) expect(parseRandToCents(formatRand(cents))).toBe(cents);
  });
});
