import type { DailyForecast, FiveDayResponse, HourlyItem } from '@tractorlink/domain/weather';
import { DAY_MS, HOUR_MS, istDate, istHour, istHourStart, istMidnight } from '@tractorlink/domain/time';
import { systemClock } from '../../clock';
import type { Clock } from '../../clock';
import { WeatherError } from './weather-provider';
import type { WeatherProvider } from './weather-provider';
import { seededRandom, seedOf } from '../../sim/random';

/**
 * AccuWeather icon numbers the local model uses, with the phrase the farmer reads in each of the
 * seven languages: [en, hi, mr, pa, gu, ta, te]. English is AccuWeather's own wording.
 */
export const ICON_PHRASES: Readonly<Record<number, readonly [en: string, hi: string, mr: string, pa: string, gu: string, ta: string, te: string]>> = {
  1: ['Sunny', 'धूप', 'ऊन', 'ਧੁੱਪ', 'તડકો', 'வெயில்', 'ఎండ'],
  2: ['Mostly sunny', 'ज़्यादातर धूप', 'बहुतांशी ऊन', 'ਜ਼ਿਆਦਾਤਰ ਧੁੱਪ', 'મોટે ભાગે તડકો', 'பெரும்பாலும் வெயில்', 'ఎక్కువగా ఎండ'],
  3: ['Partly sunny', 'आंशिक धूप', 'अंशतः ऊन', 'ਕੁਝ ਧੁੱਪ', 'આંશિક તડકો', 'ஓரளவு வெயில்', 'పాక్షికంగా ఎండ'],
  4: ['Intermittent clouds', 'बीच-बीच में बादल', 'अधूनमधून ढग', 'ਵਿੱਚ-ਵਿੱਚ ਬੱਦਲ', 'વચ્ચે-વચ્ચે વાદળ', 'இடையிடையே மேகம்', 'అప్పుడప్పుడు మేఘాలు'],
  6: ['Mostly cloudy', 'ज़्यादातर बादल', 'बहुतांशी ढगाळ', 'ਜ਼ਿਆਦਾਤਰ ਬੱਦਲ', 'મોટે ભાગે વાદળછાયું', 'பெரும்பாலும் மேகமூட்டம்', 'ఎక్కువగా మేఘావృతం'],
  7: ['Cloudy', 'बादल छाए', 'ढगाळ', 'ਬੱਦਲਵਾਈ', 'વાદળછાયું', 'மேகமூட்டம்', 'మేఘావృతం'],
  11: ['Fog', 'कोहरा', 'धुके', 'ਧੁੰਦ', 'ધુમ્મસ', 'மூடுபனி', 'పొగమంచు'],
  12: ['Showers', 'बौछारें', 'पावसाच्या सरी', 'ਮੀਂਹ ਦੀਆਂ ਬੌਛਾਰਾਂ', 'વરસાદનાં ઝાપટાં', 'சாரல் மழை', 'జల్లులు'],
  14: [
    'Partly sunny w/ showers',
    'आंशिक धूप, बौछारें',
    'अंशतः ऊन, पावसाच्या सरी',
    'ਕੁਝ ਧੁੱਪ, ਮੀਂਹ ਦੀਆਂ ਬੌਛਾਰਾਂ',
    'આંશિક તડકો, વરસાદનાં ઝાપટાં',
    'ஓரளவு வெயில், சாரல் மழை',
    'పాక్షికంగా ఎండ, జల్లులు',
  ],
  15: ['Thunderstorms', 'गरज के साथ बारिश', 'मेघगर्जनेसह पाऊस', 'ਗਰਜ ਨਾਲ ਮੀਂਹ', 'ગાજવીજ સાથે વરસાદ', 'இடியுடன் கூடிய மழை', 'ఉరుములతో కూడిన వర్షం'],
  18: ['Rain', 'बारिश', 'पाऊस', 'ਮੀਂਹ', 'વરસાદ', 'மழை', 'వర్షం'],
  33: ['Clear', 'साफ़ आसमान', 'निरभ्र आकाश', 'ਸਾਫ਼ ਅਸਮਾਨ', 'સ્વચ્છ આકાશ', 'தெளிவான வானம்', 'నిర్మలమైన ఆకాశం'],
  34: ['Mostly clear', 'ज़्यादातर साफ़', 'बहुतांशी निरभ्र', 'ਜ਼ਿਆਦਾਤਰ ਸਾਫ਼', 'મોટે ભાગે સ્વચ્છ', 'பெரும்பாலும் தெளிவு', 'ఎక్కువగా నిర్మలం'],
  35: ['Partly cloudy', 'आंशिक बादल', 'अंशतः ढगाळ', 'ਕੁਝ ਬੱਦਲ', 'આંશિક વાદળછાયું', 'ஓரளவு மேகமூட்டம்', 'పాక్షికంగా మేఘావృతం'],
  38: ['Mostly cloudy', 'ज़्यादातर बादल', 'बहुतांशी ढगाळ', 'ਜ਼ਿਆਦਾਤਰ ਬੱਦਲ', 'મોટે ભાગે વાદળછાયું', 'பெரும்பாலும் மேகமூட்டம்', 'ఎక్కువగా మేఘావృతం'],
};

const LANGUAGE_INDEX: Readonly<Record<string, number>> = { en: 0, hi: 1, mr: 2, pa: 3, gu: 4, ta: 5, te: 6 };

/** The phrase of an icon in a language (English for a language it does not know). */
export function iconPhrase(icon: number, language: string): string {
  const phrases = ICON_PHRASES[icon];
  if (!phrases) return '';
  return phrases[LANGUAGE_INDEX[language] ?? 0] ?? phrases[0];
}

/** India's bounding box: beyond it the local model knows nothing (AccuWeather would; we do not pretend). */
export const INDIA_BOX = { minLat: 6, maxLat: 37, minLon: 68, maxLon: 98 } as const;

/**
 * Monthly normal [min, max] °C, January first, at three latitudes: the south (Tamil Nadu, south
 * Karnataka, up to ~13.5°N), the Deccan (Maharashtra, Telangana, ~19°N) and the north plains
 * (Punjab, Haryana, UP, ~29°N), from IMD climatological normals of towns there, rounded. Between
 * them the normals are blended by latitude.
 */
const NORMALS: readonly { lat: number; months: readonly (readonly [number, number])[] }[] = [
  {
    lat: 13.5,
    months: [
      [20, 30],
      [21, 32],
      [23, 34],
      [25, 36],
      [26, 37],
      [25, 35],
      [24, 34],
      [24, 33],
      [24, 33],
      [23, 31],
      [22, 29],
      [21, 29],
    ],
  },
  {
    lat: 19,
    months: [
      [13, 30],
      [14, 32],
      [18, 35],
      [21, 37],
      [23, 37],
      [23, 32],
      [22, 28],
      [22, 28],
      [21, 30],
      [19, 31],
      [15, 30],
      [13, 29],
    ],
  },
  {
    lat: 29,
    months: [
      [7, 20],
      [10, 23],
      [15, 29],
      [21, 36],
      [26, 40],
      [28, 39],
      [27, 34],
      [26, 33],
      [25, 33],
      [19, 32],
      [12, 27],
      [8, 22],
    ],
  },
];

function normal(lat: number, month: number): { min: number; max: number } {
  const rows = NORMALS.map((n) => ({ lat: n.lat, m: n.months[month] as readonly [number, number] }));
  const first = rows[0]!;
  const last = rows[rows.length - 1]!;
  if (lat <= first.lat) return { min: first.m[0], max: first.m[1] };
  if (lat >= last.lat) return { min: last.m[0], max: last.m[1] };
  const i = rows.findIndex((r) => r.lat > lat);
  const hi = rows[i]!;
  const lo = rows[i - 1]!;
  const t = (lat - lo.lat) / (hi.lat - lo.lat);
  return { min: lo.m[0] + t * (hi.m[0] - lo.m[0]), max: lo.m[1] + t * (hi.m[1] - lo.m[1]) };
}

type Region = 'south' | 'deccan' | 'north';
const regionOf = (lat: number): Region => (lat < 15 ? 'south' : lat < 23.5 ? 'deccan' : 'north');

/** A deterministic generator seeded by a string (the simulator's FNV-1a into mulberry32). */
const random = (seed: string): (() => number) => seededRandom(seedOf(seed));

const pick = <T>(rnd: () => number, items: readonly T[]): T => items[Math.floor(rnd() * items.length)] as T;

interface DayWeather {
  min: number;
  max: number;
  icon: number;
}

/**
 * One day's weather at a position: the month's normal for the latitude, a few degrees either way,
 * and a sky by season — monsoon showers June to September (fewer in the rain shadow of the south,
 * which gets its rain from the north-east monsoon in October and November), fog and haze in the
 * northern winter, clear skies after the monsoon, hot days with the odd thunderstorm before it.
 */
function dayWeather(date: string, lat: number, lon: number): DayWeather {
  const rnd = random(`day|${date}|${lat.toFixed(1)}|${lon.toFixed(1)}`);
  const month = Number(date.slice(5, 7)) - 1;
  const region = regionOf(lat);
  const base = normal(lat, month);
  let min = base.min + (rnd() - 0.5) * 3;
  let max = base.max + (rnd() - 0.5) * 4;
  let icon: number;
  const monsoon = month >= 5 && month <= 8 && !(region === 'north' && month === 5 && rnd() < 0.5);
  if (monsoon) {
    const rainChance = region === 'south' ? 0.3 : region === 'deccan' ? 0.65 : 0.55;
    if (rnd() < rainChance) {
      icon = pick(rnd, [12, 12, 14, 15, 18, 18]);
      max -= 2;
    } else {
      icon = pick(rnd, [3, 4, 6, 6, 7]);
    }
  } else if (region === 'south' && month >= 9 && month <= 11 && rnd() < 0.35) {
    icon = pick(rnd, [12, 14, 18]);
    max -= 2;
  } else if (region === 'north' && (month === 11 || month === 0) && rnd() < 0.4) {
    // A foggy day: the sun barely breaks through, the night stays milder under the fog.
    icon = 11;
    max -= 3;
    min += 1;
  } else if (month === 3 || month === 4) {
    icon = rnd() < 0.12 ? 15 : pick(rnd, [1, 1, 2, 2, 3]);
  } else if (month === 9 || month === 10) {
    icon = pick(rnd, [1, 1, 1, 2, 2, 3]);
  } else {
    icon = pick(rnd, [1, 2, 2, 3, 4]);
  }
  if (max < min + 4) max = min + 4;
  return { min, max, icon };
}

const NIGHT_ICON: Readonly<Record<number, number>> = { 1: 33, 2: 34, 3: 35, 4: 35, 6: 38, 7: 38, 11: 11, 12: 12, 14: 12, 15: 15, 18: 18 };

/** The sky at an IST hour of a day: fog lifts by mid-morning, thunderstorms build in the afternoon, nights get night icons. */
function hourIcon(day: DayWeather, hour: number, rnd: () => number): number {
  const night = hour < 6 || hour >= 19;
  let icon = day.icon;
  if (icon === 11 && hour >= 10 && hour < 19) icon = 3;
  if (icon === 15 && (hour < 13 || hour >= 21)) icon = pick(rnd, [4, 6]);
  if (icon === 14 && rnd() < 0.4) icon = 3;
  return night ? (NIGHT_ICON[icon] ?? 35) : icon;
}

/** Share of the way from the day's minimum (06:00) to its maximum (15:00). */
function diurnal(hour: number): number {
  if (hour >= 6 && hour <= 15) return (1 - Math.cos((Math.PI * (hour - 6)) / 9)) / 2;
  const sinceMax = (hour - 15 + 24) % 24;
  return (1 + Math.cos((Math.PI * sinceMax) / 15)) / 2;
}

const toFahrenheit = (c: number) => Math.round((c * 9) / 5 + 32);
const roundTenth = (x: number) => Math.round(x * 10) / 10;
const KEY_PATTERN = /^local:(-?\d{1,2}\.\d),(-?\d{1,3}\.\d)$/;

/**
 * Plausible seasonal Indian weather for the demo and tests, deterministic: the same IST date, hour
 * and position (rounded to 0.1°) always give the same forecast. Fahrenheit, like AccuWeather.
 */
export class LocalWeather implements WeatherProvider {
  readonly name = 'local';

  constructor(private readonly clock: Clock = systemClock) {}

  async locationKey(lat: number, lon: number): Promise<string | null> {
    const { minLat, maxLat, minLon, maxLon } = INDIA_BOX;
    if (!(lat >= minLat && lat <= maxLat && lon >= minLon && lon <= maxLon)) return null;
    return `local:${roundTenth(lat).toFixed(1)},${roundTenth(lon).toFixed(1)}`;
  }

  private position(key: string): { lat: number; lon: number } {
    const m = KEY_PATTERN.exec(key);
    if (!m) throw new WeatherError('not a local location key');
    return { lat: Number(m[1]), lon: Number(m[2]) };
  }

  /** The next hour, as AccuWeather's 1-hour forecast gives it. */
  async hourly(key: string, language: string): Promise<HourlyItem[]> {
    const { lat, lon } = this.position(key);
    const start = istHourStart(this.clock.now()) + HOUR_MS;
    const date = istDate(start);
    const hour = istHour(start);
    const day = dayWeather(date, lat, lon);
    const rnd = random(`hour|${date}|${hour}|${lat.toFixed(1)}|${lon.toFixed(1)}`);
    let c = day.min + (day.max - day.min) * diurnal(hour) + (rnd() - 0.5) * 1.5;
    const icon = hourIcon(day, hour, rnd);
    if (icon === 12 || icon === 15 || icon === 18) c -= 1.5;
    return [{ EpochDateTime: start / 1000, Temperature: { Value: toFahrenheit(c), Unit: 'F' }, IconPhrase: iconPhrase(icon, language), WeatherIcon: icon }];
  }

  /** Today and the next four days, each dated 07:00 IST like AccuWeather's. */
  async fiveDay(key: string, language: string): Promise<FiveDayResponse> {
    const { lat, lon } = this.position(key);
    const today = istMidnight(istDate(this.clock.now()));
    const DailyForecasts: DailyForecast[] = [0, 1, 2, 3, 4].map((i) => {
      const date = istDate(today + i * DAY_MS);
      const day = dayWeather(date, lat, lon);
      return {
        EpochDate: (istMidnight(date) + 7 * HOUR_MS) / 1000,
        Temperature: { Minimum: { Value: toFahrenheit(day.min) }, Maximum: { Value: toFahrenheit(day.max) } },
        Day: { IconPhrase: iconPhrase(day.icon, language), Icon: day.icon },
      };
    });
    return { DailyForecasts };
  }
}
