import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@tractorlink/domain/languages';
import { catalogueT } from '../../test/catalogue-t';
import { saidDuration, saidHourMeter } from './units';

/** `t` of one language over the signed-in words, plural forms chosen as the app chooses them (Intl.PluralRules). */
async function translator(lang: string) {
  const t = await catalogueT(lang, 'tractor');
  return (key: string, options?: Record<string, unknown>) => t(key, options ?? {});
}

describe('a length of time, one way on every screen (usage, engine usage, route replay, booking)', () => {
  it('English: "5 h 50 min" on screen, "5 hours 50 minutes" to the ear; minutes alone under an hour, hours alone on the hour', async () => {
    const t = await translator('en');
    expect(saidDuration(t, 'en', 350)).toEqual({ shown: '5 h 50 min', spoken: '5 hours 50 minutes' });
    // A day's PTO hours of 5.5 read as the engine hours beside them, not "5.5 h".
    expect(saidDuration(t, 'en', 5.5 * 60)).toEqual({ shown: '5 h 30 min', spoken: '5 hours 30 minutes' });
    expect(saidDuration(t, 'en', 45)).toEqual({ shown: '45 min', spoken: '45 minutes' });
    expect(saidDuration(t, 'en', 180)).toEqual({ shown: '3 h', spoken: '3 hours' });
    expect(saidDuration(t, 'en', 61)).toEqual({ shown: '1 h 1 min', spoken: '1 hour 1 minute' });
    expect(saidDuration(t, 'en', 0)).toEqual({ shown: '0 h', spoken: '0 hours' });
  });

  it('each number takes its own plural form in the Indian languages', async () => {
    const hi = await translator('hi');
    expect(saidDuration(hi, 'hi', 60).spoken).toBe('1 घंटा');
    expect(saidDuration(hi, 'hi', 90).spoken).toBe('1 घंटा 30 मिनट');
    expect(saidDuration(hi, 'hi', 150).spoken).toBe('2 घंटे 30 मिनट');
    // Hindi writes the word on screen too: the same text shown and heard (one plain text).
    expect(saidDuration(hi, 'hi', 150).shown).toBe('2 घंटे 30 मिनट');
    const te = await translator('te');
    expect(saidDuration(te, 'te', 61).spoken).toBe('1 గంట 1 నిమిషం');
    expect(saidDuration(te, 'te', 125).spoken).toBe('2 గంటలు 5 నిమిషాలు');
    const mr = await translator('mr');
    expect(saidDuration(mr, 'mr', 1).shown).toBe('1 मिनिट');
    expect(saidDuration(mr, 'mr', 20).shown).toBe('20 मिनिटे');
  });

  it.each(LANGUAGE_CODES)('%s: no key or placeholder left in a duration or an hour meter', async (lang) => {
    const t = await translator(lang);
    for (const minutes of [0, 1, 45, 60, 61, 125, 350]) {
      const d = saidDuration(t, lang, minutes);
      expect(`${d.shown} ${d.spoken}`, String(minutes)).not.toMatch(/{{|unit|undefined/);
    }
    const meter = saidHourMeter(t, lang, 3458.9);
    expect(meter.shown).toContain('3,458.9');
    expect(meter.spoken).toContain('3,458.9');
    expect(`${meter.shown} ${meter.spoken}`).not.toMatch(/{{|unit/);
  });
});

describe('the hour meter (a running total)', () => {
  it('is to a tenth: "3,458.9 h", said "3,458.9 hours"; one hour is "1 hour"', async () => {
    const t = await translator('en');
    expect(saidHourMeter(t, 'en', 3458.9)).toEqual({ shown: '3,458.9 h', spoken: '3,458.9 hours' });
    expect(saidHourMeter(t, 'en', 1)).toEqual({ shown: '1 h', spoken: '1 hour' });
    const hi = await translator('hi');
    expect(saidHourMeter(hi, 'hi', 1)).toEqual({ shown: '1 घंटा', spoken: '1 घंटा' });
    expect(saidHourMeter(hi, 'hi', 3458.9)).toEqual({ shown: '3,458.9 घंटे', spoken: '3,458.9 घंटे' });
  });
});
