import { NavLink, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HomeIcon } from '../components/ui/icons';
import { BellIcon, GeofenceIcon, UsageIcon } from '../components/tractor/icons';
import { paths } from '../config/paths';
import { useUnreadCount } from '../features/alerts/api/get-unread-count';
import { useTractors } from '../lib/signed-in/tractors';
import { UnreadAnnouncer } from './unread-announcer';

/** The number on the badge: a phone's tab has room for two digits. */
export const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

/**
 * The alerts tab with its badge: unread alerts of the selected tractor, of the counted types (spec
 * §9). Read aloud as "Alerts, unread: 3"; the number on the bell is for the eyes.
 */
function AlertsTab() {
  const { t } = useTranslation();
  const { selected } = useTractors();
  const { data: count } = useUnreadCount(selected?.vin);
  return (
    <NavLink to={paths.alerts.getHref()} className="tab-alerts">
      <span className="tab-icon">
        <BellIcon />
        {count ? (
          <span className="tab-badge" data-testid="unread-badge" aria-hidden="true">
            {badgeText(count)}
          </span>
        ) : null}
      </span>
      <span className="tab-label">{t('tabs.alerts')}</span>
      {count ? <span className="visually-hidden">, {t('tabs.unread', { count })}</span> : null}
    </NavLink>
  );
}

/** The bottom tab bar: home, usage, alerts and geofences (spec §2 tab and geofence modules). */
export function TabsLayout() {
  const { t } = useTranslation();
  return (
    <>
      <Outlet />
      <nav className="tab-bar" aria-label={t('tabs.label')}>
        <NavLink to={paths.home.getHref()}>
          <HomeIcon />
          <span className="tab-label">{t('tabs.home')}</span>
        </NavLink>
        <NavLink to={paths.usage.getHref()}>
          <UsageIcon />
          <span className="tab-label">{t('tabs.usage')}</span>
        </NavLink>
        <AlertsTab />
        <NavLink to={paths.geofenceList.getHref()}>
          <GeofenceIcon />
          <span className="tab-label">{t('tabs.geofences')}</span>
        </NavLink>
      </nav>
      <UnreadAnnouncer />
    </>
  );
}
