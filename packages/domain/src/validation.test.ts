import { describe, expect, it } from 'vitest';
import { ageOn, birthDate, clearableEmail, email, fullName, indianDate, isAdultOn, mobileNo, optionalEmail, otp, pin, typedFullName } from './validation';

interface Schema {
  safeParse(v: unknown): { success: boolean };
}
type Row = [string, boolean];
const accepts = (schema: Schema, v: unknown) => schema.safeParse(v).success;
// Spec §5: one table per rule, each row a value and whether it must pass.
const rules: [string, Schema, Row[]][] = [
  [
    'mobile number: 10 digits, digits only',
    mobileNo,
    [
      ['9876543210', true],
      ['6000000000', true],
      ['987654321', false],
      ['98765432100', false],
      ['98765 43210', false],
      ['+919876543210', false],
      ['98765432a0', false],
      ['', false],
      ['0987654321', false],
    ],
  ],
  [
    'OTP: exactly 6 digits',
    otp,
    [
      ['123456', true],
      ['000000', true],
      ['12345', false],
      ['1234567', false],
      ['12a456', false],
    ],
  ],
  [
    'PIN: 4 digits',
    pin,
    [
      ['1234', true],
      ['0000', true],
      ['123', false],
      ['12345', false],
      ['12 4', false],
      ['١٢٣٤', false],
    ],
  ],
  [
    "full name: letters of the seven languages' scripts, single spaces between words",
    fullName,
    [
      ['Ramesh', true],
      ['Ramesh Kumar Patil', true],
      ['', false],
      ['Ramesh1', false],
      ['Ramesh  Kumar', false],
      [' Ramesh', false],
      ['Ramesh ', false],
      ["O'Neil", false],
      ['A'.repeat(61), false],
      // Devanagari (hi, mr), Gurmukhi, Gujarati, Tamil, Telugu names pass, with their vowel signs and viramas…
      ['रमेश पाटील', true],
      ['ਗੁਰਪ੍ਰੀਤ ਸਿੰਘ', true],
      ['રમેશ પટેલ', true],
      ['முருகன் செல்வம்', true],
      ['రమేష్ రెడ్డి', true],
      // …their digits, other scripts, symbols and a word that starts with a vowel sign do not.
      ['रमेश २', false],
      ['ரமேஷ் ௨', false],
      ['学生', false],
      ['Ramesh@', false],
      ['ि', false],
    ],
  ],
  [
    'email: optional, valid when given',
    email,
    [
      ['ramesh@example.in', true],
      ['ramesh@', false],
      ['not an email', false],
    ],
  ],
  [
    'email as the forms send it: a blank box is not given, so it passes',
    optionalEmail,
    [
      ['', true],
      ['ramesh@example.in', true],
      ['ramesh@', false],
      [' ', false],
    ],
  ],
  [
    'birth date: required, a real date',
    birthDate,
    [
      ['2000-02-29', true],
      ['2001-02-29', false],
      ['', false],
      ['29-02-2000', false],
    ],
  ],
];
describe.each(rules)('%s', (_rule, schema, rows) => {
  it.each(rows)('%j → %s', (value, ok) => {
    expect(accepts(schema, value)).toBe(ok);
  });
});

describe('a full name as a form reads it', () => {
  it('drops the spaces a keyboard adds around and between words, then holds the same rule', () => {
    expect(typedFullName.parse('  Ramesh   Patil ')).toBe('Ramesh Patil');
    expect(typedFullName.safeParse('   ').error?.issues[0]?.message).toBe('NAME_REQUIRED');
    expect(typedFullName.safeParse(' Ramesh 2 ').error?.issues[0]?.message).toBe('NAME_INVALID');
  });
});

describe('a blank email is none', () => {
  it('registering: absent; editing the profile: cleared (null), as null clears it', () => {
    expect(optionalEmail.parse('')).toBeUndefined();
    expect(optionalEmail.parse(undefined)).toBeUndefined();
    expect(clearableEmail.parse('')).toBeNull();
    expect(clearableEmail.parse(null)).toBeNull();
    expect(clearableEmail.parse('a@b.in')).toBe('a@b.in');
  });
});

describe('age: 18 or older', () => {
  it.each([
    ['2008-11-21', '2026-11-21', true],
    ['2008-11-22', '2026-11-21', false],
    ['1950-01-01', '2026-11-21', true],
    ['2027-01-01', '2026-11-21', false],
    ['2008-02-29', '2026-02-28', false],
    ['2008-02-29', '2026-03-01', true],
  ])('born %s, on %s → adult %s', (birth, today, adult) => {
    expect(isAdultOn(birth, today)).toBe(adult);
  });

  it('counts whole years', () => {
    expect(ageOn('2000-06-15', '2026-06-14')).toBe(25);
    expect(ageOn('2000-06-15', '2026-06-15')).toBe(26);
  });

  it("takes today's date in India, not in the process zone", () => {
    // 2026-11-21 19:00 UTC is already 22 November in India (00:30 IST).
    expect(indianDate(Date.UTC(2026, 10, 21, 19, 0))).toBe('2026-11-22');
    expect(indianDate(Date.UTC(2026, 10, 21, 18, 29))).toBe('2026-11-21');
  });
});
