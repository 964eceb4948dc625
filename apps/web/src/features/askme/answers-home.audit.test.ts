import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@tractorlink/domain/languages';
import { catalogueOf, catalogueT } from '../../test/catalogue-t';
import { tractorHomepage } from '../../test/tractor';
import { answerFor } from './answers';
import { spokenDate, spokenTime } from './spoken';

/** Ask me's answers against what the home tab shows of the same tractor. */

const DAY_S = 86_400;

describe('answers agree with the home tab', () => {
  it.each(LANGUAGE_CODES)(
    '%s: a tractor whose newest reading is over three months old is "not transmitting", as home says, even before the server flags it',
    async (lang) => {
      const t = await catalogueT(lang, 'askme', 'tractor');
      const nowS = Math.floor(Date.now() / 1000);
      // A device that uploaded an old backlog: the server heard it lately, its readings are 100 days old.
      const home = tractorHomepage({ lastUpdated: nowS - 100 * DAY_S, offline: true, offlineSince: nowS - 100 * DAY_S, notTransmitting: false });
      const expected = catalogueOf('askme', lang)['askme.a.notTransmitting']?.replace('{{name}}', 'Sheru');
      expect(answerFor('running', { name: 'Sheru', home }, t, lang)).toBe(expected);
    },
  );

  it.each(LANGUAGE_CODES)('%s: a tractor that never reported has no service countdown (home shows no reading): the answer says why', async (lang) => {
    const t = await catalogueT(lang, 'askme', 'tractor');
    // What the server answers before the first report: the first service at 250 h, an hour meter of 0.
    const home = tractorHomepage({ lastUpdated: null, engineHours: 0, serviceDue: { status: 'ok', dueAtHours: 250, hoursLeft: 250 } });
    const answer = answerFor('service', { name: 'Sheru', home }, t, lang);
    expect(answer).toBe(catalogueOf('askme', lang)['askme.a.serviceUnknown']?.replace('{{name}}', 'Sheru'));
    expect(answer).not.toMatch(/250/);
    if (lang !== 'en') expect(answer.replace('Sheru', '')).not.toMatch(/[A-Za-z]/);
  });
});

describe('the weather phrase is said as words', () => {
  it("AccuWeather's English abbreviations are read as words: 'w/' is 'with', 't-storms' 'thunderstorms'", async () => {
    const t = await catalogueT('en', 'askme', 'tractor');
    const said = (IconPhrase: string) =>
      answerFor(
        'weather',
        { name: 'Sheru', weather: [{ EpochDateTime: Math.floor(Date.now() / 1000), Temperature: { Value: 86, Unit: 'F' }, IconPhrase, WeatherIcon: 14 }] },
        t,
        'en',
      );
    expect(said('Partly sunny w/ showers')).toBe('Weather near Sheru now: 30 degrees Celsius, Partly sunny with showers.');
    expect(said('Mostly cloudy w/ t-storms')).toBe('Weather near Sheru now: 30 degrees Celsius, Mostly cloudy with thunderstorms.');
    expect(said('T-Storms')).toBe('Weather near Sheru now: 30 degrees Celsius, thunderstorms.');
    // Phrases of the Indian languages are untouched.
    expect(said('गरज के साथ बारिश')).toBe('Weather near Sheru now: 30 degrees Celsius, गरज के साथ बारिश.');
  });
});

describe('dates said as each language says them', () => {
  it.each(LANGUAGE_CODES)('%s: the day before the month, with or without the year', async (lang) => {
    const t = await catalogueT(lang, 'askme', 'tractor');
    // 18 November 2026, 4:36 pm IST.
    const at = 1_795_000_000;
    const offline = answerFor('running', { name: 'Sheru', home: tractorHomepage({ offline: true, offlineSince: at, vehicleStatus: 'stopped' }) }, t, lang);
    expect(offline, offline).toMatch(/(^|\s)18 \S/u);
    expect(offline).not.toMatch(/\S 18,/u);
  });
});

describe('a forecast kept from long ago', () => {
  it.each(LANGUAGE_CODES)('%s: is said with its hour, not as the weather "now"', async (lang) => {
    const t = await catalogueT(lang, 'askme', 'tractor');
    const cat = catalogueOf('askme', lang);
    const item = (EpochDateTime: number) => ({ EpochDateTime, Temperature: { Value: 95, Unit: 'F' as const }, IconPhrase: 'P', WeatherIcon: 1 });
    const nowS = Math.floor(Date.now() / 1000);
    const fresh = answerFor('weather', { name: 'Sheru', weather: [item(nowS + 600)] }, t, lang);
    expect(fresh.startsWith(cat['askme.a.weather']?.split('{{')[0] ?? '-')).toBe(true);
    // Fetched yesterday evening (offline since): its hour was 18 November, 4:36 pm.
    const old = answerFor('weather', { name: 'Sheru', weather: [item(1_795_000_000)] }, t, lang);
    expect(old).toBe(
      t('askme.a.weatherKept', { name: 'Sheru', time: `${spokenDate(1_795_000_000, lang)}, ${spokenTime(1_795_000_000, t)}`, temperature: '35', phrase: 'P' }),
    );
    expect(old).not.toBe(t('askme.a.weather', { name: 'Sheru', temperature: '35', phrase: 'P' }));
  });
});
