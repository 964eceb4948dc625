import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { VehicleEntry } from '@tractorlink/domain/vehicles-api';
import { Button } from '../../components/ui/button';
import { EditIcon } from '../../components/ui/icons';
import { Notice } from '../../components/ui/notice';
import { NotOfflineYet } from '../../components/ui/not-offline-yet';
import { Page } from '../../components/ui/page';
import { NoTractors } from '../../components/tractor/no-tractors';
import { PlusIcon } from '../../components/tractor/icons';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/error-message';
import { formatDate } from '../../lib/format';
import { formatDecimal } from '../../lib/signed-in/tractor-format';
import { useTractorHome } from '../../lib/signed-in/tractor-home';
import { isOffline } from '../../lib/query-client';
import { OutboxNote } from '../../components/outbox/outbox-note';
import { useVehicles } from './api/get-vehicles';
import { tractorTarget } from './api/rename-tractor';
import { RenameForm } from './components/rename-form';
import { needsRenewal, packStateOf, renewalHref } from '../../lib/signed-in/subscription';
import { Loading } from '../../components/ui/loading';

/** An ending pack counts IST days (0 on the last): today, tomorrow, or in N days (i18next plural forms). */
const endsKey = (daysLeft: number) => ['myTractor.endsToday', 'myTractor.endsTomorrow'][daysLeft] ?? 'myTractor.endsInDays';

/** Spec §4 subscription states: valid, expiring in N days, expired or free; renew when it nears its end. */
function Subscription({ entry }: { entry: VehicleEntry }) {
  const { t, i18n } = useTranslation();
  const date = formatDate(entry.expiresOn * 1000, i18n.language);
  const pack = packStateOf(entry);
  if (!pack) return null;
  const { state, daysLeft } = pack;
  const text =
    state === 'expired'
      ? t('renewal.packExpired')
      : state === 'expiring'
        ? t(endsKey(daysLeft), { count: daysLeft, date })
        : state === 'free'
          ? t('myTractor.free', { date })
          : t('myTractor.expiresOn', { date });
  return (
    <>
      <span className={state === 'expired' ? 'pack-state pack-expired' : undefined}>{text}</span>
      {state === 'expired' && (
        <>
          {' '}
          <span>({t('myTractor.expired', { date })})</span>
        </>
      )}
      {(needsRenewal(state) || state === 'free') && (
        <Link className="btn btn-primary" to={renewalHref(entry.vin)}>
          <span>{entry.subscriptionPack === 'free' ? t('renewal.activate') : t('renewal.renew')}</span>
        </Link>
      )}
    </>
  );
}

/** The tracking device's own state, from the tractor's home data: signal and batteries. */
function DeviceFacts({ vin }: { vin: string }) {
  const { t, i18n } = useTranslation();
  const { data } = useTractorHome(vin);
  if (!data) return null;
  const volts = (v: number | null) => (v === null ? t('myTractor.notReported') : `${formatDecimal(v, i18n.language)} V`);
  return (
    <>
      <dt>{t('myTractor.signal')}</dt>
      <dd>{data.gsmSignal === null ? t('myTractor.notReported') : t('myTractor.signalBars', { bars: data.gsmSignal })}</dd>
      <dt>{t('myTractor.deviceBattery')}</dt>
      <dd>{volts(data.deviceBatteryV)}</dd>
      <dt>{t('myTractor.tractorBattery')}</dt>
      <dd>{volts(data.devicePower)}</dd>
    </>
  );
}

function TractorCard({ entry }: { entry: VehicleEntry }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [renamed, setRenamed] = useState(false);
  const headingId = `tractor-${entry.vin}`;
  return (
    <li className="card tractor-entry" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {entry.Veh_Name}{' '}
        <span className="reg-no" lang="en" dir="ltr">
          {entry.regNo}
        </span>
      </h2>
      <dl className="facts">
        <dt>{t('myTractor.model')}</dt>
        <dd>{entry.model}</dd>
        <dt>{t('field.vin')}</dt>
        <dd lang="en" dir="ltr" className="nowrap">
          {entry.vin}
        </dd>
        <dt>{t('field.engineNo')}</dt>
        <dd lang="en" dir="ltr" className="nowrap">
          {entry.engineNo}
        </dd>
        <dt>{t('myTractor.subscription')}</dt>
        <dd>
          <Subscription entry={entry} />
        </dd>
        <DeviceFacts vin={entry.vin} />
      </dl>
      <OutboxNote target={tractorTarget(entry.vin)} />
      {editing ? (
        <RenameForm
          tractor={entry}
          onDone={(result) => {
            setEditing(false);
            // Kept on the phone: the note above says so instead.
            setRenamed(result?.queued === false);
          }}
        />
      ) : (
        <Button
          variant="secondary"
          icon={<EditIcon />}
          onClick={() => {
            setEditing(true);
            setRenamed(false);
          }}
          aria-label={t('myTractor.renameNamed', { name: entry.Veh_Name })}
        >
          {t('myTractor.rename')}
        </Button>
      )}
      {renamed && <Notice tone="success">{t('myTractor.renamed')}</Notice>}
    </li>
  );
}

/** #/tractor-list, 'My tractor' in the side menu: the owner's tractors, each with its name to edit. */
export function TractorListScreen() {
  const { t } = useTranslation();
  const { data, error, isPending, refetch } = useVehicles();
  return (
    <Page title={t('myTractor.title')} backTo={paths.home.getHref()}>
      {data && data.length === 0 && <NoTractors />}
      {data && data.length > 0 && (
        <>
          <ul className="card-list">
            {data.map((entry) => (
              <TractorCard key={entry.vin} entry={entry} />
            ))}
          </ul>
          <Link to={paths.addTractor.getHref()} className="btn btn-secondary">
            <PlusIcon /> <span>{t('tractor.add')}</span>
          </Link>
        </>
      )}
      {!data && error && !isOffline(error) && <Notice tone="error">{errorMessage(t, error)}</Notice>}
      {!data && isOffline(error) && <NotOfflineYet onRetry={() => void refetch()} />}
      {!data && isPending && <Loading />}
    </Page>
  );
}
