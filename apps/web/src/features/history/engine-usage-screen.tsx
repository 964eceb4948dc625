import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serviceDueText } from '../../lib/signed-in/service-due';
import type { UsagePeriod } from '@tractorlink/domain/calendar';
import { Button } from '../../components/ui/button';
import { Notice } from '../../components/ui/notice';
import { PlusIcon } from '../../components/tractor/icons';
import { ServiceHistoryList } from '../../components/tractor/service-history-list';
import { Said } from '../../components/tractor/said';
import { useUnits } from '../../lib/signed-in/units';
import { useHistory } from './api/get-history';
import { useServiceReminders } from './api/get-service-reminders';
import { EngineChart } from './components/engine-chart';
import { ServiceForm } from './components/service-form';
import { QueryState, TractorPage } from './components/tractor-page';

function Service({ vin }: { vin: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { data, error, isPending, refetch } = useServiceReminders(vin);
  const [recording, setRecording] = useState(false);
  const [saved, setSaved] = useState(false);
  const units = useUnits();
  if (!data) return <QueryState error={error} pending={isPending} retry={refetch} />;
  const hours = (v: number) => <Said figure={units.hourMeter(v)} />;
  return (
    <section className="card" aria-labelledby="service-title">
      <h2 id="service-title">{t('service.title')}</h2>
      <p className={`service service-${data.status}`} data-testid="service-status">
        {serviceDueText(t, lang, data)}
      </p>
      <dl className="facts">
        <dt>{t('engine.hours')}</dt>
        <dd data-testid="engine-hours">{hours(data.engineHours)}</dd>
        <dt>{t('service.nextAt')}</dt>
        <dd>{hours(data.nextServiceAtHours)}</dd>
        <dt>{t('service.interval')}</dt>
        <dd>{hours(data.serviceIntervalH)}</dd>
      </dl>
      {saved && <Notice tone="success">{t('service.saved')}</Notice>}
      {recording ? (
        <ServiceForm
          vin={vin}
          engineHours={data.engineHours}
          onDone={() => setRecording(false)}
          onSaved={() => {
            setRecording(false);
            setSaved(true);
          }}
        />
      ) : (
        <Button
          variant="secondary"
          icon={<PlusIcon />}
          onClick={() => {
            setRecording(true);
            setSaved(false);
          }}
        >
          {t('service.record')}
        </Button>
      )}
      <h3>{t('service.history')}</h3>
      <ServiceHistoryList history={data.history} t={t} lang={lang} label={t('service.history')} />
    </section>
  );
}

function EngineHistory({ vin, period }: { vin: string; period: UsagePeriod }) {
  const { t } = useTranslation();
  const { data, error, isPending, refetch } = useHistory(vin, period);
  return (
    <section className="card" aria-labelledby="engine-history">
      <h2 id="engine-history">{t('engineUsage.chartTitle')}</h2>
      {data ? <EngineChart history={data} /> : <QueryState error={error} pending={isPending} retry={refetch} />}
    </section>
  );
}

/** #/engine-usage: engine hours per day and average RPM over the chosen period, and service due. */
export function EngineUsageScreen() {
  const { t } = useTranslation();
  return (
    <TractorPage title={t('engineUsage.title')}>
      {(vin, period) => (
        <>
          <EngineHistory vin={vin} period={period} />
          <Service vin={vin} />
        </>
      )}
    </TractorPage>
  );
}
