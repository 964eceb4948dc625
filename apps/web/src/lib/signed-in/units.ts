import { useTranslation } from 'react-i18next';
import { distanceParts, durationParts, formatDecimal, formatHourMeter, shownCount } from './tractor-format';

/**
 * A figure as shown and as said. The screen may abbreviate ('12.5 L', '3 h'); a screen reader must
 * hear words ('12.5 litres', '3 hours'), or TalkBack reads "L" as a letter.
 */
export interface Said {
  shown: string;
  spoken: string;
}

/** The same sentence around a figure, once with its shown form and once with its spoken one. */
export function sayIn(sentence: (figure: string) => string, figure: Said): Said {
  return { shown: sentence(figure.shown), spoken: sentence(figure.spoken) };
}

/** `t` of the signed-in screens (the tractor namespace's unit words are found from any of their namespaces). */
type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A figure already formatted, with its unit: the plural form chosen by the number shown ('1 hour', '1.5 hours'). */
function withUnit(t: Translate, unit: 'litres' | 'hours' | 'minutes' | 'km' | 'm', shown: string): Said {
  const count = shownCount(shown);
  return { shown: t(`unit.${unit}`, { value: shown, count }), spoken: t(`unitSpoken.${unit}`, { value: shown, count }) };
}

/**
 * A length of time, one way on every screen: '5 h 50 min', '45 min' under an hour, '3 h' on the hour
 * (said '5 hours 50 minutes'). For a day's engine or PTO hours, a route, a service's length.
 */
export function saidDuration(t: Translate, lang: string, totalMinutes: number): Said {
  const { hours, minutes } = durationParts(totalMinutes);
  const h = withUnit(t, 'hours', formatDecimal(hours, lang, 0));
  const m = withUnit(t, 'minutes', formatDecimal(minutes, lang, 0));
  if (hours === 0 && minutes > 0) return m;
  if (minutes === 0) return h;
  return { shown: `${h.shown} ${m.shown}`, spoken: `${h.spoken} ${m.spoken}` };
}

/** A reading of the hour meter (a running total): '3,459 h', said '3,459 hours'. */
export function saidHourMeter(t: Translate, lang: string, hours: number): Said {
  return withUnit(t, 'hours', formatHourMeter(hours, lang));
}

/** Figures with units in the app's language (tractor namespace: signed-in screens only). */
export function useUnits() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const tr: Translate = (key, options) => t(key, options ?? {});
  return {
    litres: (value: number, digits = 1) => withUnit(tr, 'litres', formatDecimal(value, lang, digits)),
    km: (value: number, digits = 1) => withUnit(tr, 'km', formatDecimal(value, lang, digits)),
    distance: (meters: number): Said => {
      const { unit, value } = distanceParts(meters, lang);
      return withUnit(tr, unit === 'unit.km' ? 'km' : 'm', value);
    },
    /** A running total of engine hours: whole hours. */
    hourMeter: (hours: number): Said => saidHourMeter(tr, lang, hours),
    /** A length of time given in hours (a day's PTO hours, 5.5): '5 h 30 min'. */
    duration: (hours: number): Said => saidDuration(tr, lang, hours * 60),
    /** A length of time given in minutes (a route's 125): '2 h 5 min'. */
    durationMinutes: (minutes: number): Said => saidDuration(tr, lang, minutes),
  };
}
