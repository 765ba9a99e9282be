import { describe, expect, it } from 'vitest';
import { accountNameSchema, fittedName, isCalendarDate, normalisePhone, profileUpdateSchema, todayInSouthAfrica } from './profile';

describe('normalisePhone', () => {
  it.each([
    ['0821234567', '+27821234567'],
    ['082 123 4567', '+27821234567'],
    ['+27 82 123 4567', '+27821234567'],
    ['+27821234567', '+27821234567'],
    ['(021) 555-0123', '+27215550123'],
    ['071.234.5678', '+27712345678'],
  ])('reads %s as %s', (input, e164) => {
    expect(normalisePhone(input)).toBe(e164);
  });

  it.each(['', '082123456', '08212345678', '0021234567', '+270821234567', '27821234567', '+44 20 7946 0958', '082-ABC-4567'])(
    'refuses %j',
    (input) => {
      expect(normalisePhone(input)).toBeUndefined();
    },
  );
});

describe('isCalendarDate', () => {
  it.each(['1990-05-17', '2000-02-29', '1900-01-01'])('accepts %s', (value) => {
    expect(isCalendarDate(value)).toBe(true);
  });

  it.each(['1990-02-30', '2001-02-29', '1990-13-01', '1990-5-17', '17/05/1990', '1899-12-31', ''])('refuses %j', (value) => {
    expect(isCalendarDate(value)).toBe(false);
  });
});

describe('profileUpdateSchema', () => {
  it('leaves out what was not sent and clears what was sent empty', () => {
    expect(profileUpdateSchema.parse({ firstName: ' Thandi ' })).toEqual({ firstName: 'Thandi' });
    expect(profileUpdateSchema.parse({ phone: '  ', dateOfBirth: '', lastName: null })).toEqual({
      phone: null,
      dateOfBirth: null,
      lastName: null,
    });
  });

  it('takes the date in South Africa: just after midnight there it is already the next day', () => {
    // 22:30 UTC on 31 December is 00:30 on 1 January in Johannesburg (UTC+2).
    expect(todayInSouthAfrica(new Date('2025-12-31T22:30:00Z'))).toBe('2026-01-01');
  });
});

describe('the account name at sign-up', () => {
  it('takes 2 to 50 characters once trimmed, and refuses empty, 1 and 51 characters in words', () => {
    expect(accountNameSchema.parse('  Thandi Nkosi ')).toBe('Thandi Nkosi');
    expect(accountNameSchema.parse('Bo')).toBe('Bo');
    expect(accountNameSchema.parse('x'.repeat(50))).toHaveLength(50);
    for (const [name, message] of [
      ['', 'Name must be at least 2 characters'],
      ['   ', 'Name must be at least 2 characters'],
      ['T', 'Name must be at least 2 characters'],
      ['x'.repeat(51), 'Name must be at most 50 characters'],
      ['x'.repeat(60_000), 'Name must be at most 50 characters'],
      [42, 'Name must be at least 2 characters'],
      [null, 'Name must be at least 2 characters'],
    ] as const) {
      expect(accountNameSchema.safeParse(name).error?.issues[0]?.message).toBe(message);
    }
  });

  it("fits a name the shopper did not type (Google's) into the rule, whole characters only", () => {
    expect(fittedName('  Lerato Molefe ')).toBe('Lerato Molefe');
    expect(fittedName('x'.repeat(60))).toBe('x'.repeat(50));
    expect(fittedName(`${'x'.repeat(49)}😀`)).toBe('x'.repeat(49));
    expect(fittedName('L')).toBeUndefined();
    expect(fittedName('')).toBeUndefined();
    expect(fittedName(null)).toBeUndefined();
  });
});
