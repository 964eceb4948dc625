import type { TFunction } from 'i18next';
import type { DayOffer } from '@tractorlink/domain/service-booking-api';
import { formatDay, formatSlot } from '../format';

interface SlotPickerProps {
  days: readonly DayOffer[];
  date: string | null;
  slot: string | null;
  onChange: (choice: { date: string; slot: string | null }) => void;
  error?: string | undefined;
  t: TFunction;
  lang: string;
}

/** The dealer's next days as chips, then the chosen day's slots; a full slot stays shown but cannot be chosen. */
export function SlotPicker({ days, date, slot, onChange, error, t, lang }: SlotPickerProps) {
  const day = days.find((d) => d.date === date);
  return (
    <>
      <fieldset className="chip-group">
        <legend>{t('book.date')}</legend>
        {days.map((d) => {
          const full = d.slots.every((s) => s.left <= 0);
          return (
            <label key={d.date} className="chip">
              <input
                type="radio"
                name="booking-day"
                value={d.date}
                checked={d.date === date}
                disabled={full}
                onChange={() => onChange({ date: d.date, slot: null })}
              />
              <span>
                {formatDay(d.date, lang)}
                {full && <span className="chip-note"> · {t('book.full')}</span>}
              </span>
            </label>
          );
        })}
      </fieldset>
      {day && (
        <fieldset className="chip-group">
          <legend>{t('book.slot')}</legend>
          {day.slots.map((s) => (
            <label key={s.time} className="chip">
              <input
                type="radio"
                name="booking-slot"
                value={s.time}
                checked={s.time === slot}
                disabled={s.left <= 0}
                onChange={() => onChange({ date: day.date, slot: s.time })}
              />
              <span dir="ltr">
                {formatSlot(s.time, lang)}
                {s.left <= 0 && <span className="chip-note"> · {t('book.full')}</span>}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {/* A group's error: no single field to tie it to, so it is announced when it appears. */}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
