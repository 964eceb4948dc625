import type { TFunction } from 'i18next';
import type { ServiceRecord } from '@tractorlink/domain/vehicles-api';
import { formatIsoDate } from '../../lib/format';
import { formatHourMeter } from '../../lib/signed-in/tractor-format';

/**
 * The services a tractor had, newest first (engine usage and service information both show them).
 * `t` is the caller's: its namespace has service.none, service.historyItem and service.byWorkshop.
 */
export function ServiceHistoryList({ history, t, lang, label }: { history: readonly ServiceRecord[]; t: TFunction; lang: string; label?: string }) {
  if (history.length === 0) return <p className="muted">{t('service.none')}</p>;
  return (
    <ul className="service-history" aria-label={label}>
      {history.map((h) => (
        <li key={`${h.doneOn}-${h.engineHours}`}>
          <span>{t('service.historyItem', { date: formatIsoDate(h.doneOn, lang), hours: formatHourMeter(h.engineHours, lang) })}</span>
          {h.note && <span className="muted"> · {h.note}</span>}
          {h.recordedBy === 'operator' && <span className="muted"> · {t('service.byWorkshop')}</span>}
        </li>
      ))}
    </ul>
  );
}
