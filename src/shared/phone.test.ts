import { describe, expect, it } from 'vitest';
import { formatPhoneForDisplay } from './phone';

describe('formatPhoneForDisplay', () => {
  it('writes a stored South African number the way South Africans write it', () => {
    expect(formatPhoneForDisplay('+27821234567')).toBe('082 123 4567');
    expect(formatPhoneForDisplay('+27215550142')).toBe('021 555 0142');
  });

  it('tidies a local number typed without spaces or with other marks', () => {
    expect(formatPhoneForDisplay('0821234567')).toBe('082 123 4567');
    expect(formatPhoneForDisplay('+27 (82) 123-4567')).toBe('082 123 4567');
  });

  it('leaves anything else as it is: foreign numbers, too short or too long, empty text', () => {
    for (const other of ['+447911123456', '082123456', '+278212345678', 'call me', '', '0021234567']) {
      expect(formatPhoneForDisplay(other)).toBe(other);
    }
  });
});
