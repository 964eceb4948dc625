import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CALENDAR_KEYS, cancelCalendar, saveCalendar, saveMonth } from '@tractorlink/domain/calendar';
import type { UsageFilter, UsagePeriod } from '@tractorlink/domain/calendar';
import { CalendarIcon } from '../tractor/icons';
import { istToday, readSaved, writeSaved } from './saved-period';
import { formatIsoMonth, formatShortIsoDate } from '../../lib/signed-in/tractor-format';
import { MonthDialog } from './month-dialog';
import { Loading } from '../ui/loading';

// The date picker (react-day-picker) loads when the owner first opens it, not with the tab.
const CalendarDialog = lazy(() => import('./calendar-dialog').then((m) => ({ default: m.CalendarDialog })));

/** The period shown, in words. */
function periodLabel(period: UsagePeriod, lang: string, t: (key: string, o?: Record<string, string>) => string): string {
  if (period.filter === 'month') return formatIsoMonth(period.first.slice(0, 7), lang);
  if (period.filter === 'range')
    return t('calendar.rangeChosenShort', { start: formatShortIsoDate(period.first, lang), end: formatShortIsoDate(period.last, lang) });
  return formatShortIsoDate(period.first, lang);
}

/** Day, date range and month-year filters (spec §2); each opens its picker. */
export function PeriodPicker({ period }: { period: UsagePeriod }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState<UsageFilter | null>(null);
  const today = istToday();
  const close = () => {
    writeSaved(cancelCalendar(readSaved()));
    setOpen(null);
  };
  return (
    <section className="period" aria-label={t('usage.period')}>
      <p className="period-shown">
        <CalendarIcon /> <span data-testid="period">{periodLabel(period, i18n.language, t)}</span>
      </p>
      <div className="segmented" role="group" aria-label={t('usage.filter')}>
        {(['day', 'range', 'month'] as const).map((f) => (
          <button key={f} type="button" aria-pressed={period.filter === f} aria-haspopup="dialog" onClick={() => setOpen(f)}>
            {t(`usage.filter.${f}`)}
          </button>
        ))}
      </div>
      {(open === 'day' || open === 'range') && (
        <Suspense fallback={<Loading />}>
          <CalendarDialog
            mode={open}
            saved={readSaved()}
            today={today}
            onCancel={close}
            onSave={(state) => {
              writeSaved(saveCalendar(readSaved(), state));
              setOpen(null);
            }}
          />
        </Suspense>
      )}
      {open === 'month' && (
        <MonthDialog
          today={today}
          current={readSaved()[CALENDAR_KEYS.month]}
          onCancel={close}
          onSave={(month) => {
            writeSaved(saveMonth(readSaved(), month));
            setOpen(null);
          }}
        />
      )}
    </section>
  );
}
