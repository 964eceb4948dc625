import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Notice } from '../../components/ui/notice';
import { Page } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { LOADER_TIMEOUT_MS, useLoaderTimeout } from '../../hooks/use-loader-timeout';
import { errorMessage } from '../../lib/error-message';
import { formatIsoDate } from '../../lib/format';
import { ServiceHistoryList } from '../../components/tractor/service-history-list';
import { isOffline } from '../../lib/query-client';
import { useServiceTexts } from '../../lib/signed-in/services-texts';
import { Said } from '../../components/tractor/said';
import { useUnits } from '../../lib/signed-in/units';
import { useTractors } from '../../lib/signed-in/tractors';
import { useFreeServices, useServiceInfo } from './api/get-service-info';
import type { ServiceInfo } from './api/get-service-info';
import { TractorPicker } from './components/tractor-picker';
import './services.css';
import { Loading } from '../../components/ui/loading';
import { serviceDueText } from '../../lib/signed-in/service-due';

type T = ReturnType<typeof useServiceTexts>['t'];

function DueByHours({ info, t, lang }: { info: ServiceInfo; t: T; lang: string }) {
  const units = useUnits();
  const text = serviceDueText(t, lang, info);
  return (
    <section className="card" aria-labelledby="due-hours">
      <h2 id="due-hours">{t('serviceInfo.byHours')}</h2>
      <dl className="facts">
        <dt>{t('service.nextAt')}</dt>
        <dd>
          <Said figure={units.hourMeter(info.nextServiceAtHours)} />
        </dd>
        <dt>{t('engine.hours')}</dt>
        <dd>
          <Said figure={units.hourMeter(info.engineHours)} />
        </dd>
      </dl>
      <p className={`service service-${info.status}`}>{text}</p>
    </section>
  );
}

function DueByDate({ info, t, lang }: { info: ServiceInfo; t: T; lang: string }) {
  return (
    <section className="card" aria-labelledby="due-date">
      <h2 id="due-date">{t('serviceInfo.byDate')}</h2>
      <dl className="facts">
        <dt>{t('serviceInfo.nextDate')}</dt>
        <dd>{info.nextServiceDate ? formatIsoDate(info.nextServiceDate, lang) : t('serviceInfo.notKnown')}</dd>
      </dl>
      {info.expectedOn && <p>{t('serviceInfo.expectedOn', { date: formatIsoDate(info.expectedOn, lang) })}</p>}
    </section>
  );
}

function History({ info, t, lang }: { info: ServiceInfo; t: T; lang: string }) {
  return (
    <section className="card" aria-labelledby="service-history">
      <h2 id="service-history">{t('service.history')}</h2>
      <ServiceHistoryList history={info.history} t={t} lang={lang} />
    </section>
  );
}

/** Spec §2 service-information: next service due (hours and date), the services done, free services left. */
export function ServiceInformationScreen() {
  const { t, lang, ready } = useServiceTexts();
  const [params, setParams] = useSearchParams();
  const { tractors, selected } = useTractors();
  const asked = params.get('vin');
  const vin = tractors?.some((tr) => tr.vin === asked) ? (asked ?? undefined) : selected?.vin;
  const info = useServiceInfo(vin);
  const free = useFreeServices(vin);
  const timedOut = useLoaderTimeout(info.isPending && vin !== undefined, LOADER_TIMEOUT_MS);
  const data = info.data;

  return (
    <Page title={t('serviceInfo.title')} backTo={paths.home.getHref()}>
      {!ready && <Loading />}
      {tractors && tractors.length > 0 && vin && (
        <TractorPicker tractors={tractors} value={vin} t={t} onChange={(v) => setParams({ vin: v }, { replace: true })} />
      )}
      {tractors && tractors.length === 0 && <p className="empty">{t('home.noTractors')}</p>}
      {!data && info.isPending && vin && !timedOut && <Loading />}
      {!data && info.error && !isOffline(info.error) && <Notice tone="error">{errorMessage(t, info.error)}</Notice>}
      {!data && (timedOut || isOffline(info.error)) && (
        <>
          <Notice tone="error">{t('serviceInfo.slow')}</Notice>
          <Button variant="secondary" onClick={() => void info.refetch()}>
            {t('common.tryAgain')}
          </Button>
        </>
      )}
      {data && data.hasData === false && <Notice>{t('serviceInfo.notAvailable')}</Notice>}
      {data && data.hasData !== false && (
        <>
          <DueByHours info={data} t={t} lang={lang} />
          <DueByDate info={data} t={t} lang={lang} />
        </>
      )}
      {free.data && (
        <section className="card" aria-labelledby="free-services">
          <h2 id="free-services">{t('serviceInfo.free')}</h2>
          <p>{t('serviceInfo.freeLeft', { left: free.data.left, allowance: free.data.allowance })}</p>
          {free.data.left === 0 && <p className="service-overdue">{t('book.noFreeLeft')}</p>}
        </section>
      )}
      {data && <History info={data} t={t} lang={lang} />}
      {vin && (
        <Link className="btn btn-primary" to={`${paths.bookServices.getHref()}?vin=${encodeURIComponent(vin)}`}>
          <span>{t('book.action')}</span>
        </Link>
      )}
    </Page>
  );
}
