import { describe, expect, it } from 'vitest';
import { latinDigits, MOBILE_PATTERN, mobileDigits, profileImageType } from './patterns';

describe('number fields (spec §5: phone 10 digits, PIN 4, OTP 6, digits only)', () => {
  it('keep the digits of any of the seven languages as 0–9 and drop the rest', () => {
    expect(latinDigits('१२३४')).toBe('1234');
    expect(latinDigits('੧੨੩੪ ૫૬')).toBe('123456');
    expect(latinDigits('௧௨௩௪')).toBe('1234');
    expect(latinDigits('౯౮౭౬')).toBe('9876');
    expect(latinDigits('12a-3 4')).toBe('1234');
  });

  it('take a mobile number as phones paste and fill it: +91, a trunk 0, spaces and dashes go', () => {
    for (const typed of ['9876543210', '+91 98765 43210', '+91-98765-43210', '098765 43210', '९८७६५४३२१०']) {
      expect(mobileDigits(typed), typed).toBe('9876543210');
    }
    // What is not a number with those prefixes is left for the rule to refuse.
    expect(mobileDigits('98765432101')).toBe('98765432101');
    expect(MOBILE_PATTERN.test(mobileDigits('98765432101'))).toBe(false);
    expect(mobileDigits('9198765432')).toBe('9198765432');
  });
});

describe('profile picture type by its first bytes (spec §5: jpeg or png)', () => {
  it.each([
    ['png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0], 'image/png'],
    ['jpeg', [0xff, 0xd8, 0xff, 0xdb], 'image/jpeg'],
    ['gif', [0x47, 0x49, 0x46, 0x38, 0x39, 0x61], undefined],
    ['a png cut short', [0x89, 0x50, 0x4e], undefined],
  ])('%s', (_name, bytes, type) => {
    expect(profileImageType(Uint8Array.from(bytes))).toBe(type);
  });
});
