import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@tractorlink/domain/languages';
import { formatDecimal } from '../../lib/signed-in/tractor-format';
import { catalogueOf, catalogueT } from '../../test/catalogue-t';
import { HOME_UPDATED, tractorHomepage } from '../../test/tractor';
import { SOURCES_OF, answerFor, helpAnswer } from './answers';
import type { TractorFacts } from './answers';
import { INTENTS } from './intents';
import type { Intent } from './intents';

/** `t` of one language as the app has it: Ask me's words first, then the tractor screens'. */
async function translator(lang: string) {
  const base = await catalogueT(lang, 'askme', 'tractor');
  const used = new Set<string>();
  const t = (key: string, options?: Record<string, unknown>) => {
    used.add(key);
    return base(key, options ?? {});
  };
  return { t, used };
}

const NOW = HOME_UPDATED; // epoch s
const home = tractorHomepage;

/** Every situation an answer can be about: each template of the catalogue is used by one of them. */
function situations(): [Intent, TractorFacts][] {
  const name = 'Sheru';
  return [
    ['where', { name, home: home() }],
    ['where', { name, home: home({ address: null }) }],
    ['where', { name, home: home({ address: null, latitude: null, longitude: null, lastUpdated: null }) }],
    ['diesel', { name, home: home() }],
    ['diesel', { name, home: home({ dieselLevel: 8, dieselLitres: 4.8 }) }],
    ['diesel', { name, home: home({ dieselLevel: null, dieselLitres: null }) }],
    ['diesel', { name, home: home({ dieselLevel: null, dieselLitres: null, hasFuelSensor: false }) }],
    ['hours', { name, home: home(), today: { hasData: true, engineHours: 3, engineMinutes: 20 } }],
    ['hours', { name, home: home(), today: { hasData: false, engineHours: 0, engineMinutes: 0 } }],
    ['hours', { name, home: home(), today: { hasData: true, engineHours: 0, engineMinutes: 15 } }],
    ...(['moving', 'running', 'idle', 'stopped', 'unknown', 'na'] as const).map((s): [Intent, TractorFacts] => [
      'running',
      { name, home: home({ vehicleStatus: s, lastStatus: s === 'na' || s === 'unknown' ? null : s }) },
    ]),
    ['running', { name, home: home({ offline: true, offlineSince: NOW - 7200, vehicleStatus: 'stopped' }) }],
    ['running', { name, home: home({ notTransmitting: true, offline: true, offlineSince: NOW - 100 * 86_400 }) }],
    ['alerts', { name, alerts: { total: 0, latest: null, unread: 0 } }],
    ['alerts', { name, alerts: { total: 3, latest: { name: 'उच्च इंजन तापमान', time: NOW - 600 }, unread: 2 } }],
    ['alerts', { name }],
    ['service', { name, home: home() }],
    ['service', { name, home: home({ serviceDue: { status: 'due_soon', dueAtHours: 1250, hoursLeft: 15.6 } }) }],
    ['service', { name, home: home({ serviceDue: { status: 'overdue', dueAtHours: 1000, hoursLeft: -234.5 } }) }],
    ['service', { name, home: home({ lastUpdated: null, engineHours: 0 }) }],
    // The next hour's forecast, as the server answers it; and one kept from long ago (said with its hour).
    [
      'weather',
      { name, weather: [{ EpochDateTime: Math.floor(Date.now() / 1000) + 600, Temperature: { Value: 95, Unit: 'F' }, IconPhrase: 'धूप', WeatherIcon: 1 }] },
    ],
    ['weather', { name, weather: [{ EpochDateTime: NOW, Temperature: { Value: 95, Unit: 'F' }, IconPhrase: 'धूप', WeatherIcon: 1 }] }],
    ['weather', { name, weather: [] }],
    // No hourly item of today held: today's day of the five-day forecast, as the home widget shows it.
    [
      'weather',
      {
        name,
        weather: [],
        forecastToday: { EpochDate: NOW, Temperature: { Minimum: { Value: 68 }, Maximum: { Value: 95 } }, Day: { IconPhrase: 'धूप', Icon: 1 } },
      },
    ],
    ['pack', { name }],
    ['pack', { name, pack: { state: 'valid', daysLeft: 300, expiresOn: NOW + 300 * 86_400 } }],
    ['pack', { name, pack: { state: 'expiring', daysLeft: 1, expiresOn: NOW + 86_400 } }],
    ['pack', { name, pack: { state: 'expiring', daysLeft: 0, expiresOn: NOW + 3600 } }],
    ['diesel', { name, home: home(), pack: { state: 'expired', daysLeft: -2, expiresOn: NOW - 2 * 86_400 } }],
  ];
}

describe('Ask me answers from the catalogue templates, filled with the data', () => {
  it('each question says where its data comes from', () => {
    expect(Object.keys(SOURCES_OF).sort()).toEqual([...INTENTS].sort());
  });

  describe.each(LANGUAGE_CODES)('%s', (lang) => {
    it('every answer is a whole sentence of the language: no key, no empty or left-over placeholder', async () => {
      const { t, used } = await translator(lang);
      const cat = catalogueOf('askme', lang);
      for (const [intent, facts] of situations()) {
        const answer = answerFor(intent, facts, t, lang);
        expect(answer, `${intent}`).not.toMatch(/{{|}}|askme\.|status\.|undefined|null|NaN/);
        expect(answer.trim().length, intent).toBeGreaterThan(5);
      }
      expect(helpAnswer(t)).toContain(cat['askme.q.where']);
      // Every answer template of the catalogue is used by some situation (none unreachable); a plural form counts as its key.
      const templates = [...new Set(Object.keys(cat).map((k) => k.replace(/_(zero|one|two|few|many|other)$/, '')))].filter((k) => k.startsWith('askme.a.'));
      expect(templates.filter((k) => !used.has(k) && k !== 'askme.a.noTractor')).toEqual([]);
    });

    it("the answers carry the tractor's data: place, litres and percent, hours, alert, service hours, °C", async () => {
      const { t } = await translator(lang);
      const n = (v: number, digits = 1) => formatDecimal(v, lang, digits);
      const ask = (intent: Intent, facts: TractorFacts) => answerFor(intent, facts, t, lang);
      const h = home();
      expect(ask('where', { name: 'Sheru', home: h })).toContain('शिरूर, पुणे, महाराष्ट्र');
      expect(ask('where', { name: 'Sheru', home: h })).toContain('Sheru');
      expect(ask('where', { name: 'Sheru', home: home({ address: null }) })).toContain(`${n(18.8226, 5)}, ${n(74.3752, 5)}`);
      const diesel = ask('diesel', { name: 'Sheru', home: h });
      expect(diesel).toContain(n(42.5));
      expect(diesel).toContain('71');
      const hours = ask('hours', { name: 'Sheru', home: h, today: { hasData: true, engineHours: 3, engineMinutes: 20 } });
      expect(hours).toContain('3');
      expect(hours).toContain('20');
      // The hour meter to a tenth, as the home tab shows it.
      expect(hours).toContain(n(1234.5));
      const alerts = ask('alerts', { name: 'Sheru', alerts: { total: 3, latest: { name: 'उच्च इंजन तापमान', time: NOW }, unread: 2 } });
      expect(alerts).toContain('उच्च इंजन तापमान');
      expect(alerts).toContain('3');
      expect(ask('service', { name: 'Sheru', home: h })).toContain(n(1500, 0));
      expect(ask('service', { name: 'Sheru', home: h })).toContain('266');
      // 95 °F is 35 °C (spec §9 conversion); the phrase as the forecast gives it.
      const weather = ask('weather', {
        name: 'Sheru',
        weather: [{ EpochDateTime: NOW, Temperature: { Value: 95, Unit: 'F' }, IconPhrase: 'धूप', WeatherIcon: 1 }],
      });
      expect(weather).toContain('35');
      expect(weather).toContain('धूप');
      // What the tractor did when last heard, in the tractor screens' words.
      expect(ask('running', { name: 'Sheru', home: home({ offline: true, offlineSince: NOW, vehicleStatus: 'stopped', lastStatus: 'stopped' }) })).toContain(
        catalogueOf('tractor', lang)['status.stopped'],
      );
    });
  });

  describe.each(LANGUAGE_CODES.filter((l) => l !== 'en'))('%s, read aloud', (lang) => {
    it('no English letters (no PM, no Nov), no ISO date, no raw number: times, dates and units in the language', async () => {
      const { t } = await translator(lang);
      for (const [intent, facts] of situations()) {
        const answer = answerFor(intent, facts, t, lang).replaceAll('Sheru', '');
        expect(answer, `${intent}: ${answer}`).not.toMatch(/[A-Za-z]/);
        expect(answer, intent).not.toMatch(/\d{4}-\d{2}-\d{2}|T\d{2}:\d{2}|\d{10}/);
      }
    });
  });

  it('times and dates are said in full: the month by name, the hour with am/pm words', async () => {
    const { t } = await translator('ta');
    // 1_795_000_000 is 18 Nov 2026, 4:36 pm IST.
    const offline = answerFor('running', { name: 'Sheru', home: home({ offline: true, offlineSince: NOW, vehicleStatus: 'stopped' }) }, t, 'ta');
    expect(offline).toContain('18 நவம்பர், 4:36 பிற்பகல்');
    const { t: en } = await translator('en');
    const alerts = answerFor(
      'alerts',
      { name: 'Sheru', alerts: { total: 1, latest: { name: 'Low oil pressure', time: NOW - 4 * 3600 }, unread: 0 } },
      en,
      'en',
    );
    expect(alerts).toBe('Alerts today for Sheru: 1. The latest: Low oil pressure, at 12:36 pm.');
  });

  it("the pack's days left are My tractor's count; an expired pack answers every question with the renewal, as home shows no data", async () => {
    const { t } = await translator('en');
    const pack = { state: 'valid' as const, daysLeft: 300, expiresOn: NOW + 300 * 86_400 };
    expect(answerFor('pack', { name: 'Sheru', pack }, t, 'en')).toBe('The pack of Sheru has 300 days left. It ends on 14 September 2027.');
    expect(answerFor('pack', { name: 'Sheru', pack: { ...pack, state: 'expiring', daysLeft: 0 } }, t, 'en')).toBe(
      'The pack of Sheru ends today. Renew it to keep seeing its data.',
    );
    const expired = { state: 'expired' as const, daysLeft: -1, expiresOn: NOW - 86_400 };
    for (const intent of INTENTS) {
      const facts: TractorFacts = { name: 'Sheru', home: home(), today: { hasData: true, engineHours: 1, engineMinutes: 0 }, pack: expired };
      expect(answerFor(intent, facts, t, 'en'), intent).toBe('The pack of Sheru has expired. Please renew it to see its data.');
    }
  });

  it('a tractor without a diesel sensor says so; one that never reported tells no engine hours (not "0.0 hours")', async () => {
    const { t } = await translator('en');
    expect(answerFor('diesel', { name: 'Sheru', home: home({ dieselLevel: null, dieselLitres: null, hasFuelSensor: false }) }, t, 'en')).toBe(
      'Sheru has no diesel sensor, so its diesel level is not measured.',
    );
    const silent = home({ engineHours: 0, lastUpdated: null, dieselLevel: null, dieselLitres: null, hasFuelSensor: null });
    expect(answerFor('hours', { name: 'Sheru', home: silent, today: { hasData: false, engineHours: 0, engineMinutes: 0 } }, t, 'en')).not.toMatch(
      /0\.0|hours in all|In all/,
    );
  });

  it('says which questions it can answer, in order, after its apology', async () => {
    const { t } = await translator('en');
    expect(helpAnswer(t)).toBe(
      'Sorry, I did not understand. I can answer these questions: Where is my tractor? How much diesel is there? How many engine hours today? Is my tractor running? Any alerts today? When is the service due? What is the weather today? How many days are left in my pack?',
    );
  });

  it('English answers read as written in the catalogue', async () => {
    const { t } = await translator('en');
    expect(answerFor('where', { name: 'Sheru', home: home({ address: 'Shirur, Pune, Maharashtra', lastUpdated: null }) }, t, 'en')).toBe(
      'Sheru is at Shirur, Pune, Maharashtra.',
    );
    expect(answerFor('diesel', { name: 'Sheru', home: home({ dieselLevel: 8, dieselLitres: 4.8 }) }, t, 'en')).toBe(
      'Sheru has about 4.8 litres of diesel, 8 percent of the tank. The tank is low: refill soon.',
    );
    expect(answerFor('hours', { name: 'Sheru', home: home({ engineHours: 0.3 }), today: { hasData: true, engineHours: 0, engineMinutes: 15 } }, t, 'en')).toBe(
      'Today the engine of Sheru has run for 15 minutes. In all, the engine has run 0.3 hours.',
    );
    expect(answerFor('running', { name: 'Sheru', home: home({ vehicleStatus: 'idle' }) }, t, 'en')).toBe(
      'The engine of Sheru is on, but the tractor is standing still.',
    );
    expect(answerFor('service', { name: 'Sheru', home: home({ serviceDue: { status: 'overdue', dueAtHours: 1000, hoursLeft: -234.5 } }) }, t, 'en')).toBe(
      'The service of Sheru is overdue by 235 hours. Please get it serviced soon.',
    );
  });

  it('says one hour and one minute in the singular, in English and in Hindi (i18next plural forms)', async () => {
    const { t } = await translator('en');
    const soon = { name: 'Sheru', home: home({ engineHours: 1249.2, serviceDue: { status: 'due_soon' as const, dueAtHours: 1250, hoursLeft: 0.8 } }) };
    expect(answerFor('service', soon, t, 'en')).toBe('The service of Sheru is due soon: 1 hour left, at 1,250 engine hours.');
    expect(answerFor('hours', { name: 'Sheru', home: home({ engineHours: 1 }), today: { hasData: true, engineHours: 1, engineMinutes: 1 } }, t, 'en')).toBe(
      'Today the engine of Sheru has run for 1 hour 1 minute. In all, the engine has run 1 hour.',
    );
    const { t: hi } = await translator('hi');
    expect(answerFor('service', soon, hi, 'hi')).toBe('Sheru की सर्विस जल्दी होनी है: 1 घंटा बचा है, 1,250 इंजन घंटे पर।');
    expect(answerFor('hours', { name: 'Sheru', home: home(), today: { hasData: true, engineHours: 1, engineMinutes: 30 } }, hi, 'hi')).toContain(
      'आज Sheru का इंजन 1 घंटा 30 मिनट चला है।',
    );
  });
});
