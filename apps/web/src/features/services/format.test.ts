import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@tractorlink/domain/languages';
import { durationText } from './format';

const read = (folder: string, lang: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../../locales', folder, `${lang}.json`), 'utf8')) as Record<string, string>;

/** `t` of the booking screens as the app has it: their words first, then the signed-in ones (i18n.ts fallbackNS). */
async function translator(lang: string) {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: lang,
    resources: { [lang]: { services: read('services', lang), tractor: read('tractor', lang) } },
    ns: ['services', 'tractor'],
    defaultNS: 'services',
    fallbackNS: 'tractor',
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}

describe("a service's expected length (book services, summary, status)", () => {
  it('English says "1 hour", never "1 hours"; minutes under an hour; hours and minutes together', async () => {
    const t = await translator('en');
    expect(durationText(t, 60, 'en')).toBe('About 1 hour');
    expect(durationText(t, 120, 'en')).toBe('About 2 hours');
    expect(durationText(t, 90, 'en')).toBe('About 1 hour 30 minutes');
    expect(durationText(t, 45, 'en')).toBe('About 45 minutes');
  });

  it('Hindi says "लगभग 1 घंटा" (one) and "लगभग 3 घंटे" (many)', async () => {
    const t = await translator('hi');
    expect(durationText(t, 60, 'hi')).toBe('लगभग 1 घंटा');
    expect(durationText(t, 180, 'hi')).toBe('लगभग 3 घंटे');
  });

  it.each(LANGUAGE_CODES)('%s: a whole sentence for each length of the catalogue (60 to 180 minutes)', async (lang) => {
    const t = await translator(lang);
    for (const minutes of [45, 60, 90, 120, 180]) {
      const text = durationText(t, minutes, lang);
      expect(text, String(minutes)).not.toMatch(/{{|book\.|unit|undefined/);
      expect(text, String(minutes)).toContain(String(Math.floor(minutes / 60) || minutes));
    }
  });
});
