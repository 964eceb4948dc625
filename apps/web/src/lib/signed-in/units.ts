import { useTranslation } from 'react-i18next';
import { distanceParts, formatDecimal } from './tractor-format';

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

/** Figures with units in the app's language (tractor namespace: signed-in screens only). */
export function useUnits() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const said = (unit: 'litres' | 'hours' | 'km' | 'm', value: number, digits: number): Said => {
    const shown = formatDecimal(value, lang, digits);
    return { shown: t(`unit.${unit}`, { value: shown }), spoken: t(`unitSpoken.${unit}`, { value: shown, count: Number(shown.replace(/,/g, '')) }) };
  };
  return {
    litres: (value: number, digits = 1) => said('litres', value, digits),
    hours: (value: number, digits = 1) => said('hours', value, digits),
    km: (value: number, digits = 1) => said('km', value, digits),
    distance: (meters: number): Said => {
      const { unit, value } = distanceParts(meters, lang);
      return { shown: t(unit, { value }), spoken: t(`unitSpoken.${unit === 'unit.km' ? 'km' : 'm'}`, { value, count: Number(value.replace(/,/g, '')) }) };
    },
    hoursMinutes: (hours: number, minutes: number): Said => {
      const h = formatDecimal(hours, lang, 0);
      const m = formatDecimal(minutes, lang, 0);
      return {
        shown: t('unit.hoursMinutes', { hours: h, minutes: m }),
        spoken: `${t('unitSpoken.hours', { value: h, count: hours })} ${t('unitSpoken.minutes', { value: m, count: minutes })}`,
      };
    },
  };
}
