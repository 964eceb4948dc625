import { Component } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/ui/button';
import { Page } from '../components/ui/page';

/** A screen's code could not be loaded (offline before it was cached) or it crashed. */
function RouteError() {
  const { t } = useTranslation();
  return (
    <Page title={t('error.screenTitle')}>
      <p role="alert">{t('error.screen')}</p>
      <Button onClick={() => window.location.reload()}>{t('common.tryAgain')}</Button>
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

  override render(): ReactNode {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
