import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NotificationsCard } from '../../components/alerts/notifications-card';
import { Button } from '../../components/ui/button';
import { ChevronIcon, GlobeIcon, InfoIcon, LockIcon, LogoutIcon } from '../../components/ui/icons';
import { Page } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { storage } from '../../lib/secure-storage';
import { useLogout } from './api/logout';

export function SettingsScreen() {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <Page title={t('settings.title')} backTo={paths.home.getHref()}>
      <ul className="menu-list card">
        <li>
          <Link to={paths.changePin.getHref()}>
            <LockIcon />
            <span>{t('changePin.title')}</span>
            <ChevronIcon className="end" />
          </Link>
        </li>
        <li>
          {/* The language screen goes back to the path last recorded (spec §2): here, this screen. */}
          <Link to={paths.language.getHref()} onClick={() => storage.set('path', paths.settings.getHref())}>
            <GlobeIcon />
            <span>{t('menu.language')}</span>
            <ChevronIcon className="end" />
          </Link>
        </li>
        <li>
          <Link to={paths.about.getHref()}>
            <InfoIcon />
            <span>{t('about.title')}</span>
            <ChevronIcon className="end" />
          </Link>
        </li>
      </ul>
      <NotificationsCard />
      <Button variant="danger" icon={<LogoutIcon />} busy={logout.isPending} onClick={() => logout.mutate()}>
        {t('settings.logout')}
      </Button>
    </Page>
  );
}
