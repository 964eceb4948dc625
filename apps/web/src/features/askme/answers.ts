import type { TractorHomepageResponse } from '@tractorlink/domain/vehicles-api';
import { dieselStatus } from '@tractorlink/domain/diesel-status';
import { HOURLY_REFRESH_MS, fahrenheitToCelsius } from '@tractorlink/domain/weather';
import type { DailyForecast, HourlyItem } from '@tractorlink/domain/weather';
import type { SubscriptionState } from '@tractorlink/domain/subscription';
import { formatDecimal, formatHourMeter } from '../../lib/signed-in/tractor-format';
import { isNotTransmitting } from '../../lib/tractor-reach';
import { saidDuration, saidHourMeter } from '../../lib/signed-in/units';
import { INTENTS } from './intents';
import type { Intent } from './intents';
import { spokenDate, spokenDateTime, spokenTime } from './spoken';

/**
 * Ask me's answers: sentences of the `askme` catalogue (one per language) filled with the
 * tractor's data, never free text, so every answer is a checked translation. Pure: the screen
 * fetches the data (sources.ts) and speaks the result.
 */

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Today's engine running time of the tractor (GET vehicles/aggregations, day). */
export interface EngineToday {
  hasData: boolean;
  engineHours: number;
  engineMinutes: number;
}

/** Today's alerts of the tractor (GET alerts for today) and its unread badge. */
export interface AlertsToday {
  total: number;
  latest: { name: string; time: number } | null;
  unread: number;
}

/** What an answer is made from; each question needs only some of it (see SOURCES_OF). */
export interface TractorFacts {
  /** The tractor's name as the owner gave it. */
  name: string;
  home?: TractorHomepageResponse;
  today?: EngineToday;
  alerts?: AlertsToday;
  /** The hourly forecast where the tractor is, none of a past day; its first item is now (spec §3). */
  weather?: readonly HourlyItem[];
  /** Today's day of the five-day forecast: what home shows for today when no hourly item is held (spec §4). */
  forecastToday?: DailyForecast;
  /** Where the tractor's pack stands (as My tractor and the renewal dialog count it); absent when its end is unknown. */
  pack?: PackFacts;
}

export interface PackFacts {
  state: SubscriptionState;
  /** IST calendar days to the end, 0 on the last day. */
  daysLeft: number;
  /** The end, unix seconds. */
  expiresOn: number;
}

export type Source = 'home' | 'today' | 'alerts' | 'weather';

/** The data each question is answered from. */
export const SOURCES_OF: Record<Intent, readonly Source[]> = {
  where: ['home'],
  diesel: ['home'],
  hours: ['home', 'today'],
  running: ['home'],
  alerts: ['alerts'],
  service: ['home'],
  weather: ['weather'],
  // From the tractor list the screen already has: nothing to fetch.
  pack: [],
};

const sentence = (...parts: (string | false | undefined)[]) => parts.filter(Boolean).join(' ');

function where(f: TractorFacts, t: Translate, lang: string): string {
  const h = f.home;
  const fix = h && h.latitude !== null && h.longitude !== null ? `${formatDecimal(h.latitude, lang, 5)}, ${formatDecimal(h.longitude, lang, 5)}` : null;
  const place = h?.address ?? fix;
  if (!h || !place) return t('askme.a.whereUnknown', { name: f.name });
  return sentence(
    t('askme.a.where', { name: f.name, place }),
    h.lastUpdated !== null && t('askme.a.lastUpdate', { time: spokenDateTime(h.lastUpdated, lang, t) }),
  );
}

function diesel(f: TractorFacts, t: Translate, lang: string): string {
  const h = f.home;
  if (h?.hasFuelSensor === false) return t('askme.a.noDieselSensor', { name: f.name });
  if (!h || h.dieselLevel === null || h.dieselLitres === null) return t('askme.a.dieselUnknown', { name: f.name });
  return sentence(
    t('askme.a.diesel', { name: f.name, litres: formatDecimal(h.dieselLitres, lang), percent: formatDecimal(h.dieselLevel, lang, 0) }),
    dieselStatus(h.dieselLevel) === 'low' && t('askme.a.dieselLow'),
  );
}

function hours(f: TractorFacts, t: Translate, lang: string): string {
  const today = f.today;
  const ran = today && today.hasData && today.engineHours * 60 + today.engineMinutes > 0;
  return sentence(
    !ran
      ? t('askme.a.hoursNone', { name: f.name })
      : // Said as the usage tab shows it: '1 hour 5 minutes', '15 minutes' (each number with its own plural).
        t('askme.a.hoursToday', { name: f.name, duration: saidDuration(t, lang, today.engineHours * 60 + today.engineMinutes).spoken }),
    // A tractor that never reported has no engine hours to tell (not "0.0 h"); the hour meter in whole hours, as on home.
    f.home && f.home.lastUpdated !== null && t('askme.a.hoursTotal', { total: saidHourMeter(t, lang, f.home.engineHours).spoken }),
  );
}

const STATUSES = ['moving', 'running', 'idle', 'stopped'] as const;
type KnownStatus = (typeof STATUSES)[number];
const isKnown = (s: string | null | undefined): s is KnownStatus => (STATUSES as readonly string[]).includes(s ?? '');

function running(f: TractorFacts, t: Translate, lang: string): string {
  const h = f.home;
  if (!h) return t('askme.a.status.unknown', { name: f.name });
  // As home's status line tells it: the server's flag, or a newest reading older than three months.
  if (isNotTransmitting(h)) return t('askme.a.notTransmitting', { name: f.name });
  const status = h.vehicleStatus === 'na' || h.vehicleStatus === 'unknown' ? h.lastStatus : h.vehicleStatus;
  if (h.offline && h.offlineSince !== null) {
    // Out of reach: say so, and what it was doing when last heard (the tractor screens' words).
    return sentence(
      t('askme.a.offline', { name: f.name, time: spokenDateTime(h.offlineSince, lang, t) }),
      isKnown(status) && t('askme.a.lastStatus', { status: t(`status.${status}`) }),
    );
  }
  return isKnown(status) ? t(`askme.a.status.${status}`, { name: f.name }) : t('askme.a.status.unknown', { name: f.name });
}

function alerts(f: TractorFacts, t: Translate, lang: string): string {
  const a = f.alerts;
  if (!a) return t('askme.a.noData');
  return sentence(
    a.total === 0 || !a.latest
      ? t('askme.a.alertsNone', { name: f.name })
      : t('askme.a.alertsToday', { name: f.name, count: formatDecimal(a.total, lang, 0), latest: a.latest.name, time: spokenTime(a.latest.time, t) }),
    a.unread > 0 && t('askme.a.unread', { count: formatDecimal(a.unread, lang, 0) }),
  );
}

function service(f: TractorFacts, t: Translate, lang: string): string {
  const due = f.home?.serviceDue;
  if (!due) return t('askme.a.noData');
  // Never reported: its hour meter is unknown, so is the service (home shows no reading, not a countdown).
  if (f.home?.lastUpdated === null) return t('askme.a.serviceUnknown', { name: f.name });
  const left = Math.round(Math.abs(due.hoursLeft));
  // `count` picks '1 hour' or '15 hours' (the catalogue's _one/_other forms).
  const values = { name: f.name, due: formatHourMeter(due.dueAtHours, lang), left: formatDecimal(left, lang, 0), count: left };
  if (due.status === 'overdue') return t('askme.a.serviceOverdue', values);
  if (due.status === 'due_soon') return t('askme.a.serviceSoon', values);
  return t('askme.a.serviceOk', values);
}

/**
 * AccuWeather's English phrases as a voice can say them: 'Partly sunny w/ showers' is read 'w slash',
 * 'Mostly cloudy w/ t-storms' letter by letter. (The phrases of the other languages are plain words.)
 */
function sayablePhrase(phrase: string): string {
  return phrase.replace(/\bw\/\s*/gi, 'with ').replace(/\bt-storms?\b/gi, (m) => (m.toLowerCase().endsWith('s') ? 'thunderstorms' : 'thunderstorm'));
}

function weather(f: TractorFacts, t: Translate, lang: string): string {
  const now = f.weather?.[0];
  const day = f.forecastToday;
  if (!now && day) {
    // As the home widget's today: the day's minimum and maximum, with its phrase.
    return t('askme.a.weatherToday', {
      name: f.name,
      min: formatDecimal(fahrenheitToCelsius(day.Temperature.Minimum.Value), lang, 0),
      max: formatDecimal(fahrenheitToCelsius(day.Temperature.Maximum.Value), lang, 0),
      phrase: sayablePhrase(day.Day.IconPhrase),
    });
  }
  if (!now) return t('askme.a.weatherNone', { name: f.name });
  // A forecast kept from an hour or more ago (offline, the link down) is not "now": said with its hour.
  const kept = now.EpochDateTime * 1000 + HOURLY_REFRESH_MS <= Date.now();
  return t(kept ? 'askme.a.weatherKept' : 'askme.a.weather', {
    name: f.name,
    time: spokenDateTime(now.EpochDateTime, lang, t),
    temperature: formatDecimal(fahrenheitToCelsius(now.Temperature.Value), lang, 0),
    phrase: sayablePhrase(now.IconPhrase),
  });
}

/** Days left in the pack, counted as My tractor counts them (IST days, 0 on the last). */
function pack(f: TractorFacts, t: Translate, lang: string): string {
  const p = f.pack;
  if (!p) return t('askme.a.packUnknown', { name: f.name });
  if (p.state === 'expired') return t('askme.a.packExpired', { name: f.name });
  const date = spokenDate(p.expiresOn, lang, true);
  if (p.daysLeft <= 0) return t('askme.a.packEndsToday', { name: f.name });
  if (p.daysLeft === 1) return t('askme.a.packEndsTomorrow', { name: f.name, date });
  return t('askme.a.packLeft', { name: f.name, days: formatDecimal(p.daysLeft, lang, 0), date });
}

const BUILDERS: Record<Intent, (f: TractorFacts, t: Translate, lang: string) => string> = { where, diesel, hours, running, alerts, service, weather, pack };

/**
 * The answer to one of the questions, in the language of `t`. A tractor whose pack has ended shows
 * no data on home (only 'pack expired, kindly renew', its weather hidden: spec §4): Ask me says the same.
 */
export function answerFor(intent: Intent, facts: TractorFacts, t: Translate, lang: string): string {
  if (facts.pack?.state === 'expired') return t('askme.a.packExpired', { name: facts.name });
  return BUILDERS[intent](facts, t, lang);
}

/** For a question it does not know: what it can answer, as the quick questions read. */
export function helpAnswer(t: Translate): string {
  return sentence(t('askme.a.unknown'), ...INTENTS.map((i) => t(`askme.q.${i}`)));
}
