import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALERT_TYPES, type AlertUnit } from '@tractorlink/domain/alerts-catalog';
import { LANGUAGE_CODES } from '@tractorlink/domain/languages';
import { alertDescription, alertSms, valueLine } from '../src/modules/alerts/texts';

/**
 * Units in a push, an SMS and the alert list are the language's own words, the very ones the alert
 * screens use: a Tamil push read '48.2 L (வரம்பு 10 L)' and a voice spelt out 'L', 'h', 'min'.
 */
const UNITS: readonly AlertUnit[] = ['V', 'C', 'rpm', 'percent', 'L', 'm', 'min', 'h'];
/** The keys the server shares with the web's alerts namespace, word for word. */
const SHARED_KEYS = [...UNITS.map((u) => `alert.unit.${u}`), 'alert.valueUnit', 'alert.duration.h', 'alert.duration.hm'];

const catalogue = (dir: 'server' | 'alerts', lang: string) =>
  JSON.parse(readFileSync(new URL(`../../web/src/locales/${dir}/${lang}.json`, import.meta.url), 'utf8')) as Record<string, string>;

const ALERT = { time: Date.UTC(2026, 8, 30, 16, 40, 10), vehName: 'Arjun 555 DI', regNo: 'MH15AB0001' };
const MEASURED = ALERT_TYPES.filter((type) => type.unit !== null);
const others = LANGUAGE_CODES.filter((l) => l !== 'en');

describe('alert units in the reader language', () => {
  it.each(LANGUAGE_CODES)('%s: the server has the alert screens’ unit and duration words', (lang) => {
    const server = catalogue('server', lang);
    const screens = catalogue('alerts', lang);
    for (const key of SHARED_KEYS) expect(server[key], `${lang} ${key}`).toBe(screens[key]);
  });

  it.each(others)('%s: no English unit symbol in a value, on screen or by SMS', (lang) => {
    for (const type of MEASURED) {
      for (const channel of ['screen', 'sms'] as const) {
        const line = valueLine(type.id, 1234.5, 1000, lang, channel);
        // '°C' is the one symbol every language writes (as the alert screens do); '%' has no letters.
        expect(line.replace(/°C/g, ''), `${type.id} ${channel}`).not.toMatch(/[A-Za-z]/);
      }
    }
  });

  it('speaks litres, volts, RPM and hours as each language writes them', () => {
    const fuelTheft = { ...ALERT, typeId: 'A0100' as const, value: 48.2, threshold: 10 };
    expect(alertDescription(fuelTheft, 'ta')).toContain('48.2 லிட்டர் (வரம்பு 10 லிட்டர்)');
    expect(alertSms(fuelTheft, 'ta')).toContain('48.2 லிட்டர் (வரம்பு 10 லிட்டர்)');
    expect(alertSms(fuelTheft, 'hi')).toContain('48.2 लीटर (सीमा 10 लीटर)');
    expect(valueLine('A0005', 11.2, 12.8, 'te')).toBe('11.2 వోల్ట్ (పరిమితి 12.8 వోల్ట్)');
    expect(valueLine('A0007', 2650, 2400, 'gu')).toBe('2650 આરપીએમ (મર્યાદા 2400 આરપીએમ)');
    expect(valueLine('A0102', 12, 250, 'pa')).toBe('12 ਘੰਟੇ (ਸੀਮਾ 250 ਘੰਟੇ)');
    expect(valueLine('A0101', 512, null, 'mr')).toBe('512 मीटर');
  });

  it('says a duration as the alert screens do: hours and minutes, not 223 min', () => {
    const idling = { ...ALERT, typeId: 'A0009' as const, value: 223, threshold: 30 };
    expect(alertDescription(idling, 'hi')).toContain('3 घंटे 43 मिनट (सीमा 30 मिनट)');
    expect(alertSms(idling, 'mr')).toContain('3 तास 43 मिनिटे (मर्यादा 30 मिनिटे)');
    expect(valueLine('A0009', 120, 60, 'ta')).toBe('2 மணி (வரம்பு 1 மணி)');
    expect(valueLine('A0009', 45, 30, 'en')).toBe('45 min (limit 30 min)');
  });

  it('keeps an English SMS in GSM-7 (no °) while the list keeps °C', () => {
    const hot = { ...ALERT, typeId: 'A0003' as const, value: 108.4, threshold: 105 };
    expect(alertSms(hot, 'en')).toContain('108.4 C (limit 105 C)');
    expect(alertDescription(hot, 'en')).toContain('108.4 °C (limit 105 °C)');
    expect(alertSms({ ...ALERT, typeId: 'A0007', value: 2650, threshold: 2400 }, 'en')).toContain('2650 RPM (limit 2400 RPM)');
  });
});
