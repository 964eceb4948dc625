import { ALERT_TYPES } from '@tractorlink/domain/alerts-catalog';
import { LANGUAGE_CODES } from '@tractorlink/domain/languages';
import { describe, expect, it } from 'vitest';
import { alertDescription, alertName, alertSms, valueLine } from './texts';

describe('server-side alert texts', () => {
  it('name every type in all seven languages, none left in English', () => {
    for (const type of ALERT_TYPES) {
      const [english, ...others] = LANGUAGE_CODES.map((lang) => alertName(type.id, lang));
      for (const name of others) expect(name, type.id).not.toBe(english);
      expect([english, ...others].join(' ')).not.toContain('{n}');
    }
    expect(alertName('A0102P4', 'en')).toBe('Service due pre-reminder 4');
    expect(alertName('A0100', 'xx')).toBe('Fuel theft');
  });

  it('put the value against the threshold with plain numbers and the unit', () => {
    expect(valueLine('A0005', 11.23, 12.8, 'en')).toBe('11.2 V (limit 12.8 V)');
    expect(valueLine('A0103', 12, 15, 'te')).toBe('12 % (పరిమితి 15 %)');
    expect(valueLine('A0101', 512, null, 'en')).toBe('512 m');
    expect(valueLine('A0001', null, null, 'en')).toBe('');
  });

  it('write one line and one SMS, time in IST in the spec format', () => {
    const alert = { typeId: 'A0003' as const, value: 108.4, threshold: 105, time: Date.UTC(2026, 10, 21, 6, 30), vehName: 'Arjun 555 DI', regNo: 'MH15AB0001' };
    expect(alertDescription(alert, 'en')).toBe('Arjun 555 DI (MH15AB0001) · 108.4 °C (limit 105 °C) · 12:00:00 pm | 21 Nov, 2026');
    // The SMS in GSM-7: commas and 'C' (its parts are measured in test/sms-segments.test.ts).
    expect(alertSms(alert, 'en')).toBe('TractorLink: High engine temperature. Arjun 555 DI (MH15AB0001), 108.4 C (limit 105 C), 12:00:00 pm | 21 Nov, 2026');
    // An Indian-script SMS is UCS-2 already: '°C' costs nothing more there.
    expect(alertSms(alert, 'hi')).toMatch(/^TractorLink: इंजन का तापमान ज़्यादा\. Arjun 555 DI \(MH15AB0001\), 108\.4 °C \(सीमा 105 °C\), /);
  });
});
