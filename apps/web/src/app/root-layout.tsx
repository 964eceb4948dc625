import { Suspense, lazy, useEffect, useLayoutEffect, useSyncExternalStore } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingBar } from '../components/ui/loading-bar';
import { sessionStore } from '../lib/session';
import { installTapGuard, routeChanged } from '../lib/tap-guard';
import { ConnectionAnnouncer } from './connection-announcer';
import { OfflineBanner } from './offline-banner';
import { onFirstTouch, prefetchSignedInStart } from './prefetch';
import { keepFieldInView } from './keep-field-in-view';
import { guardRedirect } from './route-guard';
import { Splash } from './splash';
import { useRouteFocus } from './use-route-focus';

// Only in the built app: the dev server has no service worker, and the login screen need not wait for it.
const UpdatePrompt = import.meta.env.PROD ? lazy(() => import('./update-prompt').then((m) => ({ default: m.UpdatePrompt }))) : null;

/** Every route passes here: the session decides first (spec §4), then the guard (spec §2). */
export function RootLayout() {
  const status = useSyncExternalStore(sessionStore.subscribe, sessionStore.getSnapshot);
  const location = useLocation();
  // A screen reader lands on each new screen's heading, and Back on the control that led away.
  useRouteFocus();
  // Signed out: what the login leads to is fetched while the owner types (prefetch.ts).
  useEffect(() => (status === 'signedOut' ? onFirstTouch(prefetchSignedInStart) : undefined), [status]);
  // The on-screen keyboard never hides the field being typed into (keep-field-in-view.ts).
  useEffect(() => keepFieldInView(), []);
  // A double tap on a submit button: the second tap does not land on the screen the first brought.
  useEffect(() => installTapGuard(document), []);
  // A layout effect: it runs before the new screen's Page effect, which may start the guard for it.
  useLayoutEffect(() => routeChanged(), [location.pathname]);
  if (status === 'unknown') return <Splash />;
  const redirect = guardRedirect(location.pathname, status === 'signedIn');
  if (redirect) return <Navigate to={redirect} replace />;
  return (
    <>
      <LoadingBar />
      <OfflineBanner />
      <ConnectionAnnouncer />
      <Outlet />
      {UpdatePrompt && (
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      )}
    </>
  );
}
