import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { loadingStore } from '../../lib/loading';

/** A thin bar at the top while any API call runs (spec §8: hides 1.5 s after a failure). */
export function LoadingBar() {
  const { t } = useTranslation();
  const busy = useSyncExternalStore(loadingStore.subscribe, loadingStore.getSnapshot);
  if (!busy) return null;
  // In its own labelled region: all content sits in a landmark, and this bar appears on any screen.
  return (
    <section aria-label={t('common.loading')}>
      <div className="loading-bar" role="progressbar" aria-label={t('common.loading')} />
    </section>
  );
}
