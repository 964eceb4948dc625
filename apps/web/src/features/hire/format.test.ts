import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@tractorlink/domain/languages';
import { catalogueT } from '../../test/catalogue-t';
import { acresText, hoursText, quantityText } from './format';

const translator = (lang: string) => catalogueT(lang, 'hire');

describe('acres and hours on the hire screens: one way on the job card, the suggestion, the job and its bill line', () => {
  it('writes the unit in words, never "ac" or "h", with its plural', async () => {
    const t = await translator('en');
    expect(acresText(t, 3.05, 'en')).toBe('3.05 acres');
    expect(acresText(t, 1, 'en')).toBe('1 acre');
    expect(hoursText(t, 1.28, 'en')).toBe('1.28 hours');
    expect(hoursText(t, 1, 'en')).toBe('1 hour');
    expect(hoursText(t, 1234.5, 'en')).toBe('1,234.5 hours');
  });

  it('says what the amount multiplies with the same words', async () => {
    const t = await translator('en');
    expect(quantityText(t, { quantity: 1.28, quantitySource: 'pto', rateKind: 'hour' }, 'en')).toBe('1.28 hours (working)');
    expect(quantityText(t, { quantity: 2.37, quantitySource: 'covered', rateKind: 'acre' }, 'en')).toBe('2.37 acres (measured)');
    expect(quantityText(t, { quantity: 1, quantitySource: 'field', rateKind: 'acre' }, 'en')).toBe('1 acre (field)');
    // An agreed figure says what it counts.
    expect(quantityText(t, { quantity: 2, quantitySource: 'agreed', rateKind: 'hour' }, 'en')).toBe('2 hours (agreed)');
    expect(quantityText(t, { quantity: 3, quantitySource: 'trips', rateKind: 'trip' }, 'en')).toBe('Trips: 3');
  });

  it('takes the language\'s own singular: "1 घंटा", "1 ఎకరం"', async () => {
    expect(hoursText(await translator('hi'), 1, 'hi')).toBe('1 घंटा');
    expect(hoursText(await translator('hi'), 6.56, 'hi')).toBe('6.56 घंटे');
    expect(acresText(await translator('te'), 1, 'te')).toBe('1 ఎకరం');
  });

  it.each(LANGUAGE_CODES)('%s: every billed quantity is a whole phrase', async (lang) => {
    const t = await translator(lang);
    for (const quantitySource of ['covered', 'field', 'pto', 'engine', 'agreed', 'trips'] as const) {
      for (const quantity of [1, 2.37]) {
        const rateKind = quantitySource === 'pto' || quantitySource === 'engine' ? 'hour' : quantitySource === 'trips' ? 'trip' : 'acre';
        const text = quantityText(t, { quantity, quantitySource, rateKind }, lang);
        expect(text, quantitySource).not.toMatch(/{{|hire\.|undefined/);
        expect(text, quantitySource).toContain(String(quantity));
      }
    }
  });
});
