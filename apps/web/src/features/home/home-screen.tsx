import { useTranslation } from 'react-i18next';
import { Notice } from '../../components/ui/notice';
import { Page } from '../../components/ui/page';
import { TractorIcon } from '../../components/ui/icons';
import { getCachedUser } from '../../lib/session';
import { useHome } from './api/get-home';

/** The home tab: a greeting and, until the telemetry issue lands, the owner's tractors or none. */
export function HomeScreen() {
  const { t } = useTranslation();
  const { data, isPending } = useHome();
  const firstName = data?.firstName ?? getCachedUser()?.firstName ?? '';
  return (
    <Page title={t('tabs.home')}>
      <h2 className="greeting">{firstName ? t('home.greeting', { name: firstName }) : t('home.greetingPlain')}</h2>
      {data && data.tractors.length === 0 && (
        <div className="empty">
          <TractorIcon width={48} height={48} />
          <Notice>{t('home.noTractors')}</Notice>
        </div>
      )}
      {data && data.tractors.length > 0 && (
        <ul className="card-list">
          {data.tractors.map((tr) => (
            <li key={tr.vin} className="card">
              <TractorIcon />
              <span>
                <strong>{tr.Veh_Name}</strong> <span dir="ltr">{tr.regNo}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
      {!data && isPending && <p role="status">{t('common.loading')}</p>}
    </Page>
  );
}
