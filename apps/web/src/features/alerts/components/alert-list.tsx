import { Link } from 'react-router';
import type { AlertItem } from '@tractorlink/domain/alerts-api';
import { paths } from '../../../config/paths';
import { useAlertTexts } from '../../../lib/signed-in/alert-texts';
import { alertWords } from '../alert-words';

function AlertRow({ alert }: { alert: AlertItem }) {
  const { t, lang } = useAlertTexts();
  const w = alertWords(t, lang, alert);
  const unread = alert.alertStatus === 'unread';
  return (
    <li>
      <Link
        to={paths.alertDetail.getHref(alert.alertId)}
        className={`alert-item${unread ? ' is-unread' : ''}${alert.critical ? ' is-critical' : ''}`}
        data-alert-type={alert.alertTypeId}
        data-status={alert.alertStatus}
      >
        <span className="alert-dot" aria-hidden="true" />
        <span className="alert-main">
          <span className="alert-name">{w.name}</span>
          <span className="alert-line">{w.tractor}</span>
          {w.reading && <span className="alert-line alert-reading">{w.reading}</span>}
          <span className="alert-line muted" dir="ltr">
            {w.time}
          </span>
        </span>
        <span className="alert-tags">
          <span className={`tag tag-${alert.alertSeverity.toLowerCase()}`}>{w.severity}</span>
          <span className={`tag ${unread ? 'tag-unread' : 'tag-read'}`}>{unread ? t('alerts.unread') : t('alerts.read')}</span>
        </span>
      </Link>
    </li>
  );
}

export function AlertList({ alerts }: { alerts: readonly AlertItem[] }) {
  const { t } = useAlertTexts();
  return (
    <ul className="alert-list" aria-label={t('alerts.listLabel')}>
      {alerts.map((a) => (
        <AlertRow key={a.alertId} alert={a} />
      ))}
    </ul>
  );
}
