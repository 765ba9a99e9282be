import { describe, expect, it } from 'vitest';
import { typedRand, typedWholeNumber } from './typed-numbers';

describe('numbers typed into a form', () => {
  it('reads rand as people write it, empty as nothing, anything else as not a number', () => {
    expect(typedRand('R1 300.50')).toBe(130_050);
    expect(typedRand(' 50 ')).toBe(5_000);
    expect(typedRand('  ')).toBeUndefined();
    expect(typedRand('fifty')).toBeNaN();
  });

  it('reads whole numbers only', () => {
    expect(typedWholeNumber(' 12 ')).toBe(12);
    expect(typedWholeNumber('')).toBeNaN();
    expect(typedWholeNumber('1.5')).toBeNaN();
    expect(typedWholeNumber('-3')).toBeNaN();
  });
});
