import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NotificationsCard } from '../../components/alerts/notifications-card';
import { Button } from '../../components/ui/button';
import { CancelOrDanger } from '../../components/ui/cancel-save';
import { Dialog } from '../../components/ui/dialog';
import { Notice } from '../../components/ui/notice';
import { ChevronIcon, GlobeIcon, InfoIcon, LockIcon, LogoutIcon } from '../../components/ui/icons';
import { Page } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { isOnline } from '../../lib/connectivity';
import { flush, useOutboxEntries } from '../../lib/outbox/outbox';
import { useWaitingCount } from '../../lib/outbox/summary';
import { storage } from '../../lib/secure-storage';
import { useLogout } from './api/logout';

export function SettingsScreen() {
  const { t } = useTranslation();
  const logout = useLogout();
  const [asking, setAsking] = useState(false);
  // Writes kept on this phone (waiting to be sent, or refused and kept to correct) leave with the session.
  const unsent = useWaitingCount();
  const refused = useOutboxEntries().filter((e) => e.refusal).length;
  const askFirst = () => {
    setAsking(true);
    if (unsent > 0 && isOnline()) void flush();
  };
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
      <Button variant="danger" icon={<LogoutIcon />} busy={logout.isPending} onClick={askFirst}>
        {t('settings.logout')}
      </Button>
      {/* Logging back in needs the PIN and, on a phone not yet bound, an OTP: a stray tap must not cost that in a field without signal. */}
      <Dialog open={asking} onClose={() => setAsking(false)} title={t('settings.logoutTitle')}>
        {unsent > 0 && <Notice tone="error">{t('settings.logoutUnsent', { count: unsent })}</Notice>}
        {refused > 0 && <Notice tone="error">{t('settings.logoutRefused', { count: refused })}</Notice>}
        {unsent + refused === 0 && <p>{t('settings.logoutNote')}</p>}
        <CancelOrDanger
          onCancel={() => setAsking(false)}
          cancel={t('settings.stay')}
          action={t('settings.logoutConfirm')}
          onAction={() => {
            setAsking(false);
            logout.mutate();
          }}
        />
      </Dialog>
    </Page>
  );
}
