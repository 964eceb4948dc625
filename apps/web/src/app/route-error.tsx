import { Component } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/ui/button';
import { Page } from '../components/ui/page';

/**
 * A screen's code could not be loaded (offline before it was cached) or it crashed. Try again reloads
 * it; a screen that fails again (offline, or a fault of its own) is left by the home link or the
 * phone's back button, which the boundary below follows: no longer a dead end.
 */
function RouteError() {
  const { t } = useTranslation();
  return (
    <Page title={t('error.screenTitle')}>
      <p role="alert">{t('error.screen')}</p>
      <div className="button-row">
        <Button onClick={() => window.location.reload()}>{t('common.tryAgain')}</Button>
        <a className="btn btn-secondary" href="#/tabs/home">
          <span>{t('error.goHome')}</span>
        </a>
      </div>
    </Page>
  );
}

export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  override componentDidMount(): void {
    window.addEventListener('hashchange', this.leave);
  }

  override componentWillUnmount(): void {
    window.removeEventListener('hashchange', this.leave);
  }

  /** Another route (the home link, the back button): the screens render again from there. */
  private readonly leave = () => {
    if (this.state.failed) this.setState({ failed: false });
  };

  override render(): ReactNode {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
