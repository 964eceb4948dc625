import { NavLink, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HomeIcon } from '../components/ui/icons';
import { paths } from '../config/paths';

/** The bottom tab bar; later issues add the usage, alerts and geofence tabs. */
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
      </nav>
    </>
  );
}
