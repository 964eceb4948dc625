import { useTranslation } from 'react-i18next';
import type { UsagePeriod } from '@tractorlink/domain/calendar';
import { formatIstDateTime } from '@tractorlink/domain/time';
import { dieselUnknown } from '@tractorlink/domain/diesel-status';
import { Notice } from '../../components/ui/notice';
import { Said } from '../../components/tractor/said';
import { formatDecimal } from '../../lib/signed-in/tractor-format';
import { sayIn, useUnits } from '../../lib/signed-in/units';
import { useDieselDetails } from './api/get-diesel-details';
import { useHistory } from './api/get-history';
import { FuelChart } from './components/fuel-chart';
import { QueryState, TractorPage } from './components/tractor-page';

const UNKNOWN_TEXT = { noSensor: 'diesel.noSensor', waiting: 'tractor.waitingFirstReport', noReading: 'diesel.noReading' } as const;

function DieselNow({ vin }: { vin: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const units = useUnits();
  const { data, error, isPending, refetch } = useDieselDetails(vin);
  if (!data) return <QueryState error={error} pending={isPending} retry={refetch} />;
  // Kept in constants: the sentences below use them inside callbacks, where TypeScript forgets a check.
  const level = data.dieselLevel;
  const refuel = data.lastRefuel;
  return (
    <section className="card" aria-labelledby="diesel-now">
      <h2 id="diesel-now">{t('dieselUsage.now')}</h2>
      <dl className="facts">
        <dt>{t('diesel.title')}</dt>
        <dd data-testid="diesel-litres">
          {data.dieselLitres === null || level === null ? (
            t(UNKNOWN_TEXT[dieselUnknown(data)])
          ) : (
            <Said figure={sayIn((litres) => t('diesel.litresPercent', { litres, percent: formatDecimal(level, lang, 0) }), units.litres(data.dieselLitres))} />
          )}
        </dd>
        {data.dieselStatus && (
          <>
            <dt>{t('dieselUsage.state')}</dt>
            <dd className={`diesel-${data.dieselStatus}`}>{t(`diesel.status.${data.dieselStatus}`)}</dd>
          </>
        )}
        <dt>{t('dieselUsage.lastRefuel')}</dt>
        <dd>
          {refuel ? (
            <Said figure={sayIn((litres) => t('dieselUsage.refuelAt', { litres, time: formatIstDateTime(refuel.time, lang) }), units.litres(refuel.litres))} />
          ) : (
            t('dieselUsage.noRefuel')
          )}
        </dd>
        <dt>{t('dieselUsage.consumedToday')}</dt>
        {/* Unknown without a tank sensor or fuel counter: "0 L" would say it burnt nothing. */}
        <dd data-testid="consumed-today">{data.consumedToday === null ? t('usage.notMeasured') : <Said figure={units.litres(data.consumedToday)} />}</dd>
      </dl>
      {/* Spec §9: the diesel level shown is approximate, with a disclaimer. */}
      {data.approximate && <Notice>{t('about.disclaimer')}</Notice>}
    </section>
  );
}

function FuelHistory({ vin, period }: { vin: string; period: UsagePeriod }) {
  const { t } = useTranslation();
  const { data, error, isPending, refetch } = useHistory(vin, period);
  // The same query as the tank above (shared from the cache): says why a chart without levels is empty.
  const noSensor = useDieselDetails(vin).data?.hasFuelSensor === false;
  return (
    <section className="card" aria-labelledby="fuel-history">
      <h2 id="fuel-history">{t('dieselUsage.chartTitle')}</h2>
      {data ? <FuelChart history={data} noSensor={noSensor} /> : <QueryState error={error} pending={isPending} retry={refetch} />}
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
