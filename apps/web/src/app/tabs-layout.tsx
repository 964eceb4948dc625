import { NavLink, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HomeIcon } from '../components/ui/icons';
import { UsageIcon } from '../components/tractor/icons';
import { paths } from '../config/paths';

/** The bottom tab bar: home and usage; later issues add the alerts and geofence tabs. */
export function TabsLayout() {
  const { t } = useTranslation();
  return (
    <>
      <Outlet />
      <nav className="tab-bar" aria-label={t('tabs.label')}>
        <NavLink to={paths.home.getHref()}>
          <HomeIcon />
          <span>{t('tabs.home')}</span>
        </NavLink>
        <NavLink to={paths.usage.getHref()}>
          <UsageIcon />
          <span>{t('tabs.usage')}</span>
        </NavLink>
      </nav>
    </>
  );
}
