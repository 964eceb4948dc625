import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@tractorlink/domain/languages';
import { SMS_STATUSES } from '@tractorlink/domain/service-booking';
import { bookingTexts, PUSH_TEXTS, SMS_TEXTS } from './texts';

const VALUES = {
  ref: 'SB7K2Q9XAB',
  tractor: 'Arjun 555 DI',
  date: '2026-11-22',
  slot: '09:00',
  dealer: 'Niphad Tractor Care',
  dealerPhone: '9822098220',
  technician: 'Suresh Shinde',
  phone: '9822011111',
  reason: 'Rain',
};
/** The GSM 03.38 basic set: an English SMS in it costs one 160-character part, not a 70-character Unicode one. */
const GSM7 = /^[A-Za-z0-9 @£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ!"#¤%&'()*+,\-./:;<=>?¡ÄÖÑÜ§¿äöñüà]*$/;

describe('booking notification texts', () => {
  it('are written in all seven languages, each different from English but for names, with every placeholder filled', () => {
    for (const [status, texts] of Object.entries(PUSH_TEXTS)) {
      for (const [part, list] of Object.entries(texts)) {
        expect(list, `${status} ${part}`).toHaveLength(LANGUAGE_CODES.length);
        expect(new Set(list).size, `${status} ${part}`).toBe(list.length);
      }
    }
    for (const language of LANGUAGE_CODES) {
      for (const status of Object.keys(PUSH_TEXTS) as (keyof typeof PUSH_TEXTS)[]) {
        const { title, body, sms } = bookingTexts(status, language, VALUES);
        expect(title.length, `${language} ${status}`).toBeGreaterThan(5);
        expect(`${title} ${body} ${sms ?? ''}`, `${language} ${status}`).not.toMatch(/[{}]/);
        expect(sms !== null, `${language} ${status} SMS`).toBe(SMS_STATUSES.includes(status));
      }
    }
  });

  it('keeps the SMS short, and English in GSM-7', () => {
    expect(Object.keys(SMS_TEXTS).sort()).toEqual([...SMS_STATUSES].sort());
    for (const status of SMS_STATUSES) {
      const english = bookingTexts(status as 'confirmed', 'en', VALUES).sms ?? '';
      expect(english).toMatch(GSM7);
      expect(english.length).toBeLessThanOrEqual(160);
      for (const language of LANGUAGE_CODES)
        expect((bookingTexts(status as 'confirmed', language, VALUES).sms ?? '').length, language).toBeLessThanOrEqual(140);
    }
  });

  it('writes the date in the language', () => {
    expect(bookingTexts('confirmed', 'en', VALUES).body).toBe('Niphad Tractor Care confirmed service SB7K2Q9XAB for Arjun 555 DI on 22 Nov at 09:00.');
    expect(bookingTexts('confirmed', 'hi', VALUES).title).toBe('सर्विस बुकिंग पक्की हुई');
    expect(bookingTexts('confirmed', 'hi', VALUES).body).toContain('22 नव॰');
  });
});
