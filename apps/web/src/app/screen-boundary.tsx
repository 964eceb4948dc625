import { Component, useLayoutEffect } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NotOfflineYet } from '../components/ui/not-offline-yet';
import { Page } from '../components/ui/page';
import { paths } from '../config/paths';
import { isOnline } from '../lib/connectivity';
import { onNetworkBack } from './network-back';
import { ScreenLoadError } from './screen-load-error';

/** One lazy screen's code, as lazy-screen.tsx keeps it. */
export interface ScreenCode {
  /** Makes a new try if the last one failed. */
  renew: () => void;
}

/** While the message shows, a try this often anyway: the network can come back without telling. */
const RETRY_EVERY_MS = 15_000;

function NotLoaded({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  // The network is back: fetch the screen without waiting for a tap. Listened to from the moment the
  // message is on screen (a layout effect, not a passive one that a busy phone runs later): a return
  // in between would be missed until the next timed try.
  useLayoutEffect(() => {
    const stop = onNetworkBack(onRetry);
    const timer = setInterval(onRetry, RETRY_EVERY_MS);
    return () => {
      stop();
      clearInterval(timer);
    };
  }, [onRetry]);
  return (
    <Page title={t('offline.notYet')} backTo={paths.root.getHref()}>
      <NotOfflineYet heading={null} onRetry={onRetry} />
    </Page>
  );
}

interface Props {
  code: ScreenCode;
  /** Called on every render, so that after a retry the new try is rendered. */
  children: () => ReactNode;
}

/**
 * Around each lazy screen: a screen whose code did not load says so where it would have been (the tab
 * bar and the rest of the shell stay), with Try again, and tries again by itself when the network is
 * back. Any other error goes up to the app's boundary (route-error.tsx).
 */
export class ScreenBoundary extends Component<Props, { error: unknown }> {
  override state: { error: unknown } = { error: null };
  private retriedOnce = false;

  static getDerivedStateFromError(error: unknown): { error: unknown } {
    return { error };
  }

  override componentDidCatch(error: unknown): void {
    // The browser says it is online: the failure may be an earlier visit's, from before the network
    // came back (React still holds it). One more try at once, not more: a dead link must not loop.
    if (error instanceof ScreenLoadError && !this.retriedOnce && isOnline()) {
      this.retriedOnce = true;
      this.retry();
    }
  }

  private readonly retry = () => {
    this.props.code.renew();
    this.setState({ error: null });
  };

  override render(): ReactNode {
    const { error } = this.state;
    if (error instanceof ScreenLoadError) return <NotLoaded onRetry={this.retry} />;
    if (error) throw error;
    return this.props.children();
  }
}
