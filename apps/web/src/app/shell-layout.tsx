import { useState, useSyncExternalStore } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from '../components/ui/icons';
import { TopBarStartContext } from '../components/ui/page';
import { useHome } from '../features/home/api/get-home';
import { queryClient, startQueryPersistence } from '../lib/query-client';
import { sessionStore } from '../lib/session';
import { OutboxRefusals } from '../components/outbox/outbox-refusals';
import { startOutbox } from '../lib/outbox/outbox';
import { AlertEvents } from './alert-events';
import { AlarmRunner } from './alarm-runner';
import { startNetworkRecovery } from './network-recovery';
import { SideMenu } from './side-menu';
import { TractorsProvider } from './tractors-provider';

startQueryPersistence();
// Writes kept on the phone go now (app start), when the signal returns and when Background Sync asks.
startOutbox();
startNetworkRecovery(queryClient);

/** Screens past the login flow: server data (react-query), the header's menu button and the side menu. */
export function ShellLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Shell />
    </QueryClientProvider>
  );
}

function Shell() {
  const { t } = useTranslation();
  const signedIn = useSyncExternalStore(sessionStore.subscribe, sessionStore.getSnapshot) === 'signedIn';
  const home = useHome(signedIn);
  const [menuOpen, setMenuOpen] = useState(false);
  // Spec §1: the menu is hidden unless the home service says to show it.
  const showMenu = signedIn && home.data?.showMenu === true;
  const menuButton = showMenu ? (
    <button type="button" className="icon-button" aria-haspopup="dialog" aria-expanded={menuOpen} onClick={() => setMenuOpen(true)}>
      <MenuIcon />
      <span className="visually-hidden">{t('menu.open')}</span>
    </button>
  ) : null;
  return (
    <TractorsProvider tractors={signedIn ? home.data?.tractors : undefined}>
      <TopBarStartContext value={menuButton}>
        {signedIn && <AlertEvents />}
        {signedIn && <AlarmRunner />}
        {signedIn && <OutboxRefusals />}
        <Outlet />
        {showMenu && <SideMenu open={menuOpen} onClose={() => setMenuOpen(false)} tollFreeNumber={home.data?.tollFreeNumber ?? ''} />}
      </TopBarStartContext>
    </TractorsProvider>
  );
}
