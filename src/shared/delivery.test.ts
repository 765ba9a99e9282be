import { describe, expect, it } from 'vitest';
import { courierAddressSchema } from './delivery';

const address = { street: '12 Long Street', suburb: 'Gardens', city: 'Cape Town', province: 'Western Cape', postalCode: '8001' };
const problem = (input: unknown) => {
  const result = courierAddressSchema.safeParse(input);
  return result.success ? undefined : result.error.issues.map((issue) => issue.message);
};

describe('a courier delivery address', () => {
  it('takes a South African street address, trimmed, with company and instructions optional and blank meaning none', () => {
    expect(courierAddressSchema.parse({ ...address, street: '  12 Long Street ', company: ' ', instructions: 'Ring at the gate' })).toEqual({
      ...address,
      company: undefined,
      instructions: 'Ring at the gate',
    });
  });

  it('says what is missing or wrong, in the shop\'s words', () => {
    expect(problem({ ...address, street: ' ' })).toEqual(['Please enter the street address']);
    expect(problem({ ...address, suburb: '' })).toEqual(['Please enter the suburb']);
    expect(problem({ ...address, city: undefined })).toEqual(['Please enter the city or town']);
    expect(problem({ ...address, province: 'Gauteng Province' })).toEqual(['Please choose a province']);
    expect(problem({ ...address, postalCode: '800' })).toEqual(['Please enter a 4-digit postal code']);
    expect(problem({ ...address, postalCode: '80011' })).toEqual(['Please enter a 4-digit postal code']);
    expect(problem({ ...address, postalCode: 8001 })).toEqual(['Please enter a 4-digit postal code']);
  });

  it('refuses the wrong types and sizes of input', () => {
    expect(problem({ ...address, street: 12 })).toEqual(['Please enter the street address']);
    expect(problem({ ...address, street: 'x'.repeat(256) })).toEqual(['Street address must be at most 255 characters']);
    expect(problem({ ...address, suburb: 'x'.repeat(101) })).toEqual(['Suburb must be at most 100 characters']);
    expect(problem({ ...address, company: 'x'.repeat(101) })).toEqual(['Company must be at most 100 characters']);
    expect(problem({ ...address, instructions: 'x'.repeat(301) })).toEqual(['Delivery instructions must be at most 300 characters']);
    expect(problem({ ...address, instructions: ['at the gate'] })).toEqual(['Delivery instructions must be at most 300 characters']);
    expect(problem(null)).toBeDefined();
  });
});
