import { describe, expect, it } from 'vitest';
import { ALERT_TYPES } from '@tractorlink/domain/alerts-catalog';
import { LANGUAGE_CODES, type LanguageCode } from '@tractorlink/domain/languages';
import { SMS_STATUSES } from '@tractorlink/domain/service-booking';
import { alertSms } from '../src/modules/alerts/texts';
import { otpText } from '../src/modules/otp/service';
import { bookingTexts, type NotifiedStatus } from '../src/modules/service-bookings/texts';
import { reminderTexts } from '../src/modules/subscription/texts';
import { smsSize } from './support/sms-segments';

/**
 * Every SMS the server sends, in every language, measured in parts (issue 18): English must stay in
 * GSM-7 and one part; an Indian script travels as UCS-2 (70 characters, 67 a part when split).
 * Inputs are the longest the rules allow where the owner chooses them (tractor name, registration
 * number, geofence name), so the table is an upper bound.
 */
const LONGEST = { vehName: 'Mahindra Arjun Novo 605 DI-i 4', regNo: 'MH-15-AB-1234567', geofenceName: 'Niphad_Farm_North_Field_Gate-1' };
/** 30 Sep 2026, 22:10:10 IST: a long month name and a two-digit hour. */
const TIME = Date.UTC(2026, 8, 30, 16, 40, 10);
const BOOKING = {
  ref: 'SB7K2Q9XAB',
  tractor: LONGEST.vehName,
  date: '2026-09-30',
  slot: '09:00',
  dealer: 'Niphad Tractor Care',
  dealerPhone: '9822098220',
  technician: 'Suresh Shinde',
  phone: '9822011111',
  reason: '',
};

/** What each kind of SMS says at its longest, per language. */
const texts: Record<string, (language: LanguageCode) => string[]> = {
  otp: (language) => [otpText('482913', language)],
  alert: (language) =>
    ALERT_TYPES.map((type) => {
      const measured = type.unit !== null;
      const geofenceName = type.id === 'A0109' || type.id === 'A0110' ? LONGEST.geofenceName : null;
      return alertSms({ typeId: type.id, value: measured ? 1234.5 : null, threshold: measured ? 1000 : null, time: TIME, ...LONGEST, geofenceName }, language);
    }),
  // As subscription/reminders.ts sends it: 'TractorLink: ' and the push body.
  subscriptionReminder: (language) => {
    const date = new Intl.DateTimeFormat(`${language}-IN-u-nu-latn`, { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric' }).format(
      TIME,
    );
    return [1, 7].map((days) => `TractorLink: ${reminderTexts(language, LONGEST.vehName, date, days).body}`);
  },
  booking: (language) => SMS_STATUSES.map((status) => bookingTexts(status as NotifiedStatus, language, BOOKING).sms ?? ''),
};

/** The most parts any text of the kind takes, per language. */
const partsTable = () =>
  Object.fromEntries(
    Object.entries(texts).map(([kind, of]) => [kind, Object.fromEntries(LANGUAGE_CODES.map((l) => [l, Math.max(...of(l).map((t) => smsSize(t).parts))]))]),
  );

describe('SMS texts', () => {
  it('measures GSM-7 and UCS-2 parts', () => {
    expect(smsSize('a'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, parts: 1 });
    expect(smsSize('a'.repeat(161)).parts).toBe(2);
    expect(smsSize('a | b')).toEqual({ encoding: 'GSM-7', units: 6, parts: 1 });
    expect(smsSize('a · b').encoding).toBe('UCS-2');
    expect(smsSize('ऑ'.repeat(70)).parts).toBe(1);
    expect(smsSize('ऑ'.repeat(71)).parts).toBe(2);
    expect(smsSize('ऑ'.repeat(135)).parts).toBe(3);
  });

  it.each(Object.keys(texts))('%s: in English, GSM-7 in one part', (kind) => {
    for (const text of texts[kind]?.('en') ?? []) expect(smsSize(text), text).toMatchObject({ encoding: 'GSM-7', parts: 1 });
  });

  it('takes these parts at most, per kind and language', () => {
    expect(partsTable()).toEqual({
      otp: { en: 1, hi: 1, mr: 1, pa: 1, gu: 1, ta: 1, te: 1 },
      // Two parts with a short tractor name (Arjun 555 DI, MH15AB0001), three at the longest. Units are
      // the language's own words ('லிட்டர்', not 'L'): Tamil towing, a long name in metres, takes three even so.
      alert: { en: 1, hi: 3, mr: 3, pa: 3, gu: 3, ta: 3, te: 3 },
      subscriptionReminder: { en: 1, hi: 3, mr: 3, pa: 3, gu: 3, ta: 3, te: 3 },
      booking: { en: 1, hi: 2, mr: 2, pa: 2, gu: 2, ta: 2, te: 2 },
    });
  });
});
