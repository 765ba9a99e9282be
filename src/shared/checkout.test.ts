import { describe, expect, it } from 'vitest';
import { customerInfoSchema } from './checkout';

const customer = { firstName: 'Thandi', lastName: 'Mokoena', email: 'thandi@example.co.za', phone: '082 123 4567' };
const problem = (fields: object) => customerInfoSchema.safeParse({ ...customer, ...fields }).error?.issues[0]?.message;

describe('the invoice address at checkout', () => {
  it('takes up to five lines, as on an envelope, without blank lines or stray spaces', () => {
    const parsed = customerInfoSchema.parse({ ...customer, billingAddress: ' Unit 4, The Foundry \r\n\n 12 Bree Street\nCape Town\n\n8001\nSouth Africa\n' });
    expect(parsed.billingAddress).toBe('Unit 4, The Foundry\n12 Bree Street\nCape Town\n8001\nSouth Africa');
    expect(customerInfoSchema.parse({ ...customer, billingAddress: ' \n ' }).billingAddress).toBeUndefined();
  });

  it('refuses a sixth line and a long address in words', () => {
    expect(problem({ billingAddress: 'Unit 4\n12 Bree Street\nDe Waterkant\nCape Town\n8001\nSouth Africa' })).toBe('Address is at most 5 lines');
    expect(problem({ billingAddress: 'a\n'.repeat(150) })).toBe('Address is at most 5 lines');
    expect(problem({ billingAddress: 'y'.repeat(301) })).toBe('Address is at most 300 characters');
    expect(problem({ billingAddress: 42 })).toBe('Address must be text');
    expect(problem({ company: 'x'.repeat(101) })).toBe('Company name is at most 100 characters');
  });
});
