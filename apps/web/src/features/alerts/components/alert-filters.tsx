import { Suspense, lazy, useId, useState } from 'react';
import { CALENDAR_KEYS } from '@tractorlink/domain/calendar';
import type { SavedCalendar } from '@tractorlink/domain/calendar';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { CalendarIcon } from '../../../components/tractor/icons';
import { istToday } from '../../../components/calendar/saved-period';
import { useAlertTexts } from '../../../lib/signed-in/alert-texts';
import { formatShortIsoDate } from '../../../lib/signed-in/tractor-format';
import { DEFAULT_FILTER, FREQUENCIES, SEVERITY_FILTERS, filterDates } from '../filters';
import type { AlertFilter, AlertTab, SeverityFilter } from '../filters';
import { Loading } from '../../../components/ui/loading';

// The date picker (react-day-picker) loads when the owner first opens it, not with the tab.
const CalendarDialog = lazy(() => import('../../../components/calendar/calendar-dialog').then((m) => ({ default: m.CalendarDialog })));

interface AlertFiltersProps {
  filter: AlertFilter;
  onChange: (over: Partial<AlertFilter>) => void;
}

const TABS: readonly AlertTab[] = ['critical', 'others'];

/** Critical or others, the period (frequency or dates on the calendar), severity and unread only. */
export function AlertFilters({ filter, onChange }: AlertFiltersProps) {
  const { t, lang } = useAlertTexts();
  const [calendar, setCalendar] = useState(false);
  const severityId = useId();
  const today = istToday();
  const { first, last } = filterDates(filter, today);
  const period =
    first === last
      ? formatShortIsoDate(first, lang)
      : t('calendar.rangeChosenShort', { start: formatShortIsoDate(first, lang), end: formatShortIsoDate(last, lang) });
  const narrowed = filter.frequency !== DEFAULT_FILTER.frequency || filter.dates !== null || filter.severity !== 'all' || filter.unreadOnly;
  const [open, setOpen] = useState(narrowed);
  const saved: SavedCalendar = filter.dates ? { [CALENDAR_KEYS.start]: filter.dates.first, [CALENDAR_KEYS.end]: filter.dates.last } : {};
  return (
    <section className="alert-filters" aria-label={t('alerts.filters')}>
      <div className="segmented" role="group" aria-label={t('alerts.kind')}>
        {TABS.map((tab) => (
          <button key={tab} type="button" aria-pressed={filter.tab === tab} onClick={() => onChange({ tab })}>
            {t(`alerts.tab.${tab}`)}
          </button>
        ))}
      </div>
      {/* The rest folds away, so the first alert shows on a small phone's first screen; it opens
          by itself once the owner has narrowed the list, so a narrowed list says why. */}
      <details className="more-filters" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>
          <span className="summary-title">{t('alerts.filters')}</span>
          <span className="summary-value">
            {[period, filter.severity === 'all' ? null : t(`alert.severity.${filter.severity}`), filter.unreadOnly ? t('alerts.unreadOnly') : null]
              .filter(Boolean)
              .join(' · ')}
          </span>
        </summary>
        <div className="segmented" role="group" aria-label={t('alerts.frequency')}>
          {FREQUENCIES.map((f) => (
            <button key={f} type="button" aria-pressed={filter.frequency === f} onClick={() => onChange({ frequency: f, dates: null })}>
              {t(`alerts.frequency.${f}`)}
            </button>
          ))}
        </div>
        <div className="period-row">
          <p className="period-shown">
            <CalendarIcon /> <span data-testid="alert-period">{period}</span>
          </p>
          <button
            type="button"
            className="btn btn-secondary btn-small"
            aria-haspopup="dialog"
            aria-pressed={filter.dates !== null}
            onClick={() => setCalendar(true)}
          >
            {t('alerts.chooseDates')}
          </button>
        </div>
        <div className="filter-row">
          <div className="field severity-field">
            <label htmlFor={severityId}>{t('alerts.severity')}</label>
            <select id={severityId} className="select" value={filter.severity} onChange={(e) => onChange({ severity: e.target.value as SeverityFilter })}>
              {SEVERITY_FILTERS.map((s) => (
                <option key={s} value={s}>
                  {s === 'all' ? t('alerts.severityAll') : t(`alert.severity.${s}`)}
                </option>
              ))}
            </select>
          </div>
          <CheckboxField label={t('alerts.unreadOnly')} checked={filter.unreadOnly} onChange={(e) => onChange({ unreadOnly: e.target.checked })} />
        </div>
      </details>
      {calendar && (
        <Suspense fallback={<Loading />}>
          <CalendarDialog
            mode="range"
            saved={saved}
            today={today}
            onCancel={() => setCalendar(false)}
            onSave={(state) => {
              if (state.start && state.end) onChange({ dates: { first: state.start, last: state.end }, frequency: null });
              setCalendar(false);
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
