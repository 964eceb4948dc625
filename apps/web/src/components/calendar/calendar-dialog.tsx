import { useMemo, useState } from 'react';
import { DayPicker } from 'react-day-picker';
import type { Formatters, Labels } from 'react-day-picker';
import 'react-day-picker/style.css';
import { useTranslation } from 'react-i18next';
import { calendarWindow, footerHint, isOkEnabled, openCalendar, pickDate } from '@tractorlink/domain/calendar';
import type { CalendarMode, CalendarState, SavedCalendar } from '@tractorlink/domain/calendar';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { formatShortIsoDate } from '../../lib/signed-in/tractor-format';

interface CalendarDialogProps {
  mode: CalendarMode;
  saved: SavedCalendar;
  today: string;
  onCancel: () => void;
  onSave: (state: CalendarState) => void;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** IST dates map to local calendar days by their numbers only: no zone arithmetic, none needed. */
const toDate = (iso: string) => new Date(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
const toIso = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** DayPicker's words and captions in the reader's language through Intl (date-fns has no mr or pa). */
function useCalendarText(): { formatters: Partial<Formatters>; labels: Partial<Labels> } {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return useMemo(() => {
    const locale = `${lang}-IN-u-nu-latn`;
    const caption = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' });
    const weekdayShort = new Intl.DateTimeFormat(locale, { weekday: 'short' });
    const weekdayLong = new Intl.DateTimeFormat(locale, { weekday: 'long' });
    const full = new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
    return {
      formatters: {
        formatCaption: (month) => caption.format(month),
        formatWeekdayName: (day) => weekdayShort.format(day),
      },
      labels: {
        labelNav: () => t('calendar.navigation'),
        labelGrid: (month) => caption.format(month),
        labelNext: () => t('calendar.nextMonth'),
        labelPrevious: () => t('calendar.previousMonth'),
        labelWeekday: (day) => weekdayLong.format(day),
        labelDayButton: (date, modifiers) => {
          let label = full.format(date);
          if (modifiers.today) label = t('calendar.todayLabel', { date: label });
          if (modifiers.selected) label = t('calendar.selectedLabel', { date: label });
          return label;
        },
      },
    };
  }, [t, lang]);
}

/**
 * The usage calendar (spec §2, §4): day or range mode, the saved choice preselected, dates only in
 * the last 90 days, a hint of what to do next, and OK disabled until the choice is complete. A
 * native modal dialog: focus stays inside, Escape cancels, the title names it.
 */
export function CalendarDialog({ mode, saved, today, onCancel, onSave }: CalendarDialogProps) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<CalendarState>(() => openCalendar(mode, saved));
  const { first, last } = calendarWindow(today);
  const text = useCalendarText();
  const hint = footerHint(state);
  const okEnabled = isOkEnabled(state);
  const shown = state.mode === 'range' ? (state.end ?? state.start) : state.day;
  const onDay = (_selected: unknown, trigger: Date) => setState((s) => pickDate(s, toIso(trigger), today));
  const common = {
    today: toDate(today),
    defaultMonth: toDate(shown ?? today),
    startMonth: toDate(first),
    endMonth: toDate(last),
    disabled: [{ before: toDate(first) }, { after: toDate(last) }],
    weekStartsOn: 0 as const,
    ...text,
  };
  const lang = i18n.language;
  const summary =
    state.mode === 'range' && state.start && state.end
      ? t('calendar.rangeChosen', { start: formatShortIsoDate(state.start, lang), end: formatShortIsoDate(state.end, lang) })
      : state.mode === 'day' && state.day
        ? t('calendar.dayChosen', { date: formatShortIsoDate(state.day, lang) })
        : null;

  return (
    <Dialog open onClose={onCancel} className="calendar-dialog" title={state.mode === 'range' ? t('calendar.titleRange') : t('calendar.titleDay')}>
      {state.mode === 'range' ? (
        <DayPicker
          mode="range"
          selected={state.start ? { from: toDate(state.start), to: state.end ? toDate(state.end) : undefined } : undefined}
          onSelect={onDay}
          {...common}
        />
      ) : (
        <DayPicker mode="single" selected={state.day ? toDate(state.day) : undefined} onSelect={onDay} {...common} />
      )}
      <p className="calendar-hint" aria-live="polite" data-testid="calendar-hint">
        {hint ? t(`calendar.hint.${hint}`) : summary}
      </p>
      <div className="button-row">
        <Button variant="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button disabled={!okEnabled} onClick={() => onSave(state)}>
          {t('common.ok')}
        </Button>
      </div>
    </Dialog>
  );
}
