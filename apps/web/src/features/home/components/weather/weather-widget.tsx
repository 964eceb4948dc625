import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguageCode } from '@tractorlink/domain/languages';
import { weatherDays } from '@tractorlink/domain/weather';
import type { WeatherDay, WeatherWidget as WeatherWidgetModel } from '@tractorlink/domain/weather';
import { useOnline } from '../../../../lib/connectivity';
import { forecastDaysAhead, hourlyNotPast } from '../../../../lib/signed-in/weather';
import { useWeather } from '../../api/get-weather';
import { keptLabel, keptSince } from './kept-forecast';
import { WeatherIcon } from './weather-icons';

const DAY_NAMES = ['weather.today', 'weather.tomorrow', 'weather.dayAfter'] as const;

/** The selected day: icon, temperature in °C and phrase, or 'Weather Data NA' when no temperature is known. */
function DayWeather({ day }: { day: WeatherDay }) {
  const { t } = useTranslation();
  if (day.temperature === null) return <p className="weather-na">{t('weather.na')}</p>;
  const temp = day.temperature;
  return (
    <div className="weather-now">
      <WeatherIcon icon={day.icon} />
      <div>
        <p className="weather-temp">
          {'current' in temp ? t('weather.current', { value: temp.current }) : t('weather.minMax', { min: temp.min, max: temp.max })}
        </p>
        <p className="weather-phrase">{day.phrase}</p>
      </div>
    </div>
  );
}

interface WeatherCardProps {
  /** Null while the spec's loader shows (a language or tractor change, or nothing kept yet). */
  widget: WeatherWidgetModel | null;
  onSelect: (date: string) => void;
  /** 'Forecast from 6:40 am' when what shows is not fresh; null or absent: fresh, nothing said. */
  kept?: string | null;
}

/** The widget as it looks (spec §2): month label, three day buttons, the selected day's weather. */
export function WeatherCard({ widget, onSelect, kept = null }: WeatherCardProps) {
  const { t } = useTranslation();
  return (
    <section className="card weather" aria-labelledby="weather-title">
      <h2 id="weather-title">{t('weather.title')}</h2>
      {widget === null ? (
        <p role="status" className="weather-loading">
          {t('weather.loading')}
        </p>
      ) : (
        <>
          <p className="weather-month" data-testid="weather-month">
            {widget.monthLabel}
          </p>
          <div className="weather-days" role="group" aria-label={t('weather.days')}>
            {widget.days.map((day, i) => (
              <button
                key={day.date}
                type="button"
                className="weather-day"
                aria-pressed={day.date === widget.selectedDate}
                data-date={day.date}
                onClick={() => onSelect(day.date)}
              >
                <span className="weather-day-name">{t(DAY_NAMES[i] ?? 'weather.today')}</span> <span className="weather-date">{day.dayOfMonth}</span>
              </button>
            ))}
          </div>
          <div aria-live="polite">
            <DayWeather day={widget.days.find((d) => d.date === widget.selectedDate) ?? widget.days[0]} />
          </div>
          {kept !== null && <p className="fine-print weather-kept">{kept}</p>}
        </>
      )}
    </section>
  );
}

/**
 * The weather widget of the tractor home (spec §2, §4): the selected tractor's weather in the app's
 * language, from the phone's cache or the server as spec §4's rule says. With the renewal flag set
 * (the tractor's pack has ended) it is hidden and asks nothing.
 */
export function WeatherWidget({ vin, renewal = false }: { vin: string; renewal?: boolean }) {
  const { t, i18n } = useTranslation();
  const language = isLanguageCode(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const [selectedDate, setSelectedDate] = useState<string | null>(null);
  const online = useOnline();
  const { data } = useWeather(vin, language, !renewal);
  if (renewal) return null;
  if (!data) return <WeatherCard widget={null} onSelect={setSelectedDate} />;
  // Days are matched by date: what a kept forecast said of a day now past never shows as today's.
  const widget = weatherDays(data.at, hourlyNotPast(data.hourly, data.at), forecastDaysAhead(data.daily, data.at), { selectedDate, language });
  const since = keptSince(data, online);
  // Said only over weather it dates: with every day 'Weather Data NA' there is no forecast to date.
  const dated = since !== null && widget.days.some((d) => d.temperature !== null);
  return <WeatherCard widget={widget} onSelect={setSelectedDate} kept={dated ? keptLabel(t, since, data.at, language) : null} />;
}
