import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { serviceDueText } from '../../../lib/signed-in/service-due';
import type { TractorHomepageResponse } from '@tractorlink/domain/vehicles-api';
import { formatIstDateTime } from '@tractorlink/domain/time';
import { dieselUnknown } from '@tractorlink/domain/diesel-status';
import { isNotTransmitting } from '../../../lib/tractor-reach';
import { Notice } from '../../../components/ui/notice';
import { EngineIcon, FuelIcon, PinIcon } from '../../../components/tractor/icons';
import { paths } from '../../../config/paths';
import { Said } from '../../../components/tractor/said';
import { formatDecimal } from '../../../lib/signed-in/tractor-format';
import { useUnits } from '../../../lib/signed-in/units';
import { DieselGauge } from './diesel-gauge';
import { DistanceFromMe } from './distance-from-me';
import { TractorPicture } from './tractor-picture';

interface TractorOverviewProps {
  data: TractorHomepageResponse;
}

/** Status line: what the tractor does, or why we cannot tell. */
function StatusLine({ data }: TractorOverviewProps) {
  const { t, i18n } = useTranslation();
  if (isNotTransmitting(data)) return <p className="status-line status-down">{t('tractor.notTransmitting')}</p>;
  const status = data.vehicleStatus === 'na' ? (data.lastStatus ?? 'na') : data.vehicleStatus;
  return (
    <>
      <p className="status-line">{t(`status.${status}`)}</p>
      {data.offline && data.offlineSince !== null && (
        <p className="status-line status-down">{t('tractor.offlineSince', { time: formatIstDateTime(data.offlineSince, i18n.language) })}</p>
      )}
    </>
  );
}

function ServiceDue({ due }: { due: TractorHomepageResponse['serviceDue'] }) {
  const { t, i18n } = useTranslation();
  return <span className={`service service-${due.status}`}>{serviceDueText(t, i18n.language, due)}</span>;
}

/** The home tab's view of one tractor (spec §1, issue 4): picture, status, place, diesel, hours, service. */
export function TractorOverview({ data }: TractorOverviewProps) {
  const { t, i18n } = useTranslation();
  const units = useUnits();
  const lang = i18n.language;
  const fix = data.latitude !== null && data.longitude !== null ? { lat: data.latitude, lon: data.longitude } : null;
  return (
    <>
      <section className="card tractor-card" aria-labelledby="tractor-name">
        <TractorPicture vehicle={data} lastStatus={data.lastStatus} />
        <div>
          <h2 id="tractor-name">
            {data.Veh_Name}{' '}
            <span className="reg-no" lang="en" dir="ltr">
              {data.regNo}
            </span>
          </h2>
          <StatusLine data={data} />
          {/* Never reported: every figure below is unknown, and this says why rather than showing zeros. */}
          {data.lastUpdated === null && <Notice>{t('tractor.waitingFirstReport')}</Notice>}
          <p className="muted">
            {t('tractor.lastUpdated')}{' '}
            <span dir="ltr" data-testid="last-updated">
              {data.lastUpdated === null ? t('tractor.neverUpdated') : formatIstDateTime(data.lastUpdated, lang)}
            </span>
          </p>
        </div>
      </section>

      <section className="card" aria-labelledby="location-title">
        <h2 id="location-title">
          <PinIcon /> {t('location.title')}
        </h2>
        <p data-testid="address">
          {data.address ?? (fix ? `${formatDecimal(fix.lat, lang, 5)}, ${formatDecimal(fix.lon, lang, 5)}` : t('location.notAvailable'))}
        </p>
        {fix && <DistanceFromMe tractor={fix} />}
        <Link to={paths.locateMe.getHref()} className="btn btn-secondary link-button">
          {t('locate.title')}
        </Link>
      </section>

      <section className="card" aria-labelledby="diesel-title">
        <h2 id="diesel-title">
          <FuelIcon /> {t('diesel.title')}
        </h2>
        <DieselGauge percent={data.dieselLevel} litres={data.dieselLitres} tankCapacity={data.tankCapacity} unknown={dieselUnknown(data)} />
        <Notice>{t('about.disclaimer')}</Notice>
      </section>

      <section className="card" aria-labelledby="engine-title">
        <h2 id="engine-title">
          <EngineIcon /> {t('engine.title')}
        </h2>
        <dl className="facts">
          <dt>{t('engine.hours')}</dt>
          <dd data-testid="engine-hours">
            {/* 0 until the first report: unknown then, not "0.0 h". */}
            {data.lastUpdated === null ? t('diesel.noReading') : <Said figure={units.hourMeter(data.engineHours)} />}
          </dd>
          <dt>{t('service.title')}</dt>
          <dd>{data.lastUpdated === null ? t('diesel.noReading') : <ServiceDue due={data.serviceDue} />}</dd>
        </dl>
        <Link to={`${paths.serviceInformation.getHref()}?vin=${encodeURIComponent(data.vin)}`} className="btn btn-secondary link-button">
          {t('service.information')}
        </Link>
      </section>
    </>
  );
}
