import { useEffect, useState } from 'react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../components/ui/avatar';
import { Dialog } from '../components/ui/dialog';
import { CloseIcon, EditIcon, GlobeIcon, InfoIcon, PhoneIcon, SettingsIcon, TractorIcon } from '../components/ui/icons';
import { AlarmIcon, BellIcon, PeopleIcon, ReceiptIcon, WrenchIcon } from '../components/tractor/icons';
import { paths } from '../config/paths';
import { useProfile } from '../features/profile/api/get-profile';
import { useProfileImageUrl } from '../features/profile/api/get-profile-image';
import { formatMobile } from '../lib/format';
import { storage } from '../lib/secure-storage';

interface SideMenuProps {
  open: boolean;
  onClose: () => void;
  tollFreeNumber: string;
}

type MenuEntry = ComponentType<{ onClose: () => void }>;
let askMeEntry: MenuEntry | null = null;

/**
 * Ask me's entry (spec §2 askme): its code and words come when the menu is first opened, not with the
 * home tab. Opened for the first time with no signal, that code is not on the phone yet: the menu
 * shows without the entry (a lazy component's failed load took the whole app to 'This screen could
 * not open') and fetches it again at the next opening.
 */
function AskMeMenuEntry({ onClose }: { onClose: () => void }) {
  const [Entry, setEntry] = useState<MenuEntry | null>(() => askMeEntry);
  useEffect(() => {
    if (Entry) return;
    let live = true;
    import('../features/askme/menu-entry').then(
      (m) => {
        askMeEntry = m.AskMeMenuEntry;
        if (live) setEntry(() => m.AskMeMenuEntry);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [Entry]);
  return Entry ? <Entry onClose={onClose} /> : null;
}

/**
 * Spec §1 side menu, in its order: call the provider, my tractor, (issue 15) book doorstep services,
 * (issue 17) hire jobs, subscription history, alert configuration, my reminders, (Ask me), language, settings, about. The
 * service requests and service information open from the booking screen, keeping the menu short.
 */
export function SideMenu({ open, onClose, tollFreeNumber }: SideMenuProps) {
  const { t } = useTranslation();
  const { data: user } = useProfile(open);
  const picture = useProfileImageUrl(open ? user?.imageURL : null);
  // Spec §2: the language and profile screens return to the home tab.
  const rememberReturn = () => {
    storage.set('path', paths.home.getHref());
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      className="drawer"
      closeOnBackdrop
      title={t('menu.title')}
      start={
        <button type="button" className="icon-button" onClick={onClose}>
          <CloseIcon />
          <span className="visually-hidden">{t('menu.close')}</span>
        </button>
      }
    >
      {user && (
        <section className="menu-profile" aria-label={t('menu.profile')}>
          <Avatar name={user.name} src={picture} />
          <div>
            <p className="menu-name">{user.name}</p>
            <p dir="ltr" className="nowrap">
              {formatMobile(user.mobileNo, user.mobileNoCC)}
            </p>
          </div>
          <Link to={paths.createNewProfile.getHref()} className="icon-button" onClick={rememberReturn}>
            <EditIcon />
            <span className="visually-hidden">{t('menu.editProfile')}</span>
          </Link>
        </section>
      )}
      <nav aria-label={t('menu.title')}>
        <ul className="menu-list">
          {tollFreeNumber && (
            <li>
              <a href={`tel:${tollFreeNumber.replace(/\s+/g, '')}`}>
                <PhoneIcon />
                <span>
                  {t('menu.call')} <span dir="ltr">{tollFreeNumber}</span>
                </span>
              </a>
            </li>
          )}
          <li>
            <Link to={paths.tractorList.getHref()} onClick={onClose}>
              <TractorIcon />
              <span>{t('myTractor.title')}</span>
            </Link>
          </li>
          <li>
            <Link to={paths.bookServices.getHref()} onClick={onClose}>
              <WrenchIcon />
              <span>{t('menu.bookServices')}</span>
            </Link>
          </li>
          <li>
            <Link to={paths.hire.getHref()} onClick={onClose}>
              <PeopleIcon />
              <span>{t('menu.hire')}</span>
            </Link>
          </li>
          <li>
            <Link to={paths.subscriptionHistory.getHref()} onClick={onClose}>
              <ReceiptIcon />
              <span>{t('menu.subscriptionHistory')}</span>
            </Link>
          </li>
          <li>
            <Link to={paths.alertConfiguration.getHref()} onClick={onClose}>
              <BellIcon />
              <span>{t('menu.alertConfiguration')}</span>
            </Link>
          </li>
          <li>
            <Link to={paths.myReminder.getHref()} onClick={onClose}>
              <AlarmIcon />
              <span>{t('menu.reminders')}</span>
            </Link>
          </li>
          <AskMeMenuEntry onClose={onClose} />
          <li>
            <Link to={paths.language.getHref()} onClick={rememberReturn}>
              <GlobeIcon />
              <span>{t('menu.language')}</span>
            </Link>
          </li>
          <li>
            <Link to={paths.settings.getHref()} onClick={onClose}>
              <SettingsIcon />
              <span>{t('settings.title')}</span>
            </Link>
          </li>
          <li>
            <Link to={paths.about.getHref()} onClick={onClose}>
              <InfoIcon />
              <span>{t('about.title')}</span>
            </Link>
          </li>
        </ul>
      </nav>
    </Dialog>
  );
}
