import { useTranslation } from 'react-i18next';
import type { UsagePeriod } from '@tractorlink/domain/calendar';
import { formatIstDateTime } from '@tractorlink/domain/time';
import { Notice } from '../../components/ui/notice';
import { formatDecimal } from '../../lib/signed-in/tractor-format';
import { useDieselDetails } from './api/get-diesel-details';
import { useHistory } from './api/get-history';
import { FuelChart } from './components/fuel-chart';
import { QueryState, TractorPage } from './components/tractor-page';

function DieselNow({ vin }: { vin: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { data, error, isPending, refetch } = useDieselDetails(vin);
  if (!data) return <QueryState error={error} pending={isPending} retry={refetch} />;
  const litres = (v: number) => t('unit.litres', { value: formatDecimal(v, lang) });
  return (
    <section className="card" aria-labelledby="diesel-now">
      <h2 id="diesel-now">{t('dieselUsage.now')}</h2>
      <dl className="facts">
        <dt>{t('diesel.title')}</dt>
        <dd data-testid="diesel-litres">
          {data.dieselLitres === null || data.dieselLevel === null
            ? t('diesel.noReading')
            : t('diesel.litresPercent', { litres: litres(data.dieselLitres), percent: formatDecimal(data.dieselLevel, lang, 0) })}
        </dd>
        {data.dieselStatus && (
          <>
            <dt>{t('dieselUsage.state')}</dt>
            <dd className={`diesel-${data.dieselStatus}`}>{t(`diesel.status.${data.dieselStatus}`)}</dd>
          </>
        )}
        <dt>{t('dieselUsage.lastRefuel')}</dt>
        <dd>
          {data.lastRefuel
            ? t('dieselUsage.refuelAt', { litres: litres(data.lastRefuel.litres), time: formatIstDateTime(data.lastRefuel.time, lang) })
            : t('dieselUsage.noRefuel')}
        </dd>
        <dt>{t('dieselUsage.consumedToday')}</dt>
        <dd>{litres(data.consumedToday)}</dd>
      </dl>
      {/* Spec §9: the diesel level shown is approximate, with a disclaimer. */}
      {data.approximate && <Notice>{t('about.disclaimer')}</Notice>}
    </section>
  );
}

function FuelHistory({ vin, period }: { vin: string; period: UsagePeriod }) {
  const { t } = useTranslation();
  const { data, error, isPending, refetch } = useHistory(vin, period);
  return (
    <section className="card" aria-labelledby="fuel-history">
      <h2 id="fuel-history">{t('dieselUsage.chartTitle')}</h2>
      {data ? <FuelChart history={data} /> : <QueryState error={error} pending={isPending} retry={refetch} />}
    </section>
  );
}

/** #/diesel-usage: the tank now, and its level over the chosen period with refuels and drops. */
export function DieselUsageScreen() {
  const { t } = useTranslation();
  return (
    <TractorPage title={t('dieselUsage.title')}>
      {(vin, period) => (
        <>
          <DieselNow vin={vin} />
          <FuelHistory vin={vin} period={period} />
        </>
      )}
    </TractorPage>
  );
}
