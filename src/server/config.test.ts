import { describe, expect, it } from 'vitest';
import { loadConfig, sampleShop } from './config';

const vatNumberOf = (value: string | undefined) => loadConfig({ SHOP_VAT_NUMBER: value }).shop.vatNumber;

describe('SHOP_VAT_NUMBER', () => {
  it("is the sample shop's unless set", () => {
    expect(vatNumberOf(undefined)).toBe(sampleShop.vatNumber);
  });

  it('takes a South African VAT number, with the spaces it is often written with taken out', () => {
    expect(vatNumberOf('4987654321')).toBe('4987654321');
    expect(vatNumberOf('4123 456 789')).toBe('4123456789');
  });

  it('set empty, says the shop is not registered for VAT', () => {
    expect(vatNumberOf('')).toBe('');
  });

  it('stops the start on anything else, naming the variable', () => {
    for (const bad of ['123', '5123456789', '41234567890', '4123abc789', 'VAT4123456789', '4123456789\0']) {
      expect(() => vatNumberOf(bad)).toThrow(
        'SHOP_VAT_NUMBER: SHOP_VAT_NUMBER must be a South African VAT number such as 4123456789 (10 digits starting with 4), or empty for a shop not registered for VAT',
      );
    }
  });
});
