import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { loadingStore } from '../../lib/loading';

/** A thin bar at the top while any API call runs (spec §8: hides 1.5 s after a failure). */
export function LoadingBar() {
  const { t } = useTranslation();
  const busy = useSyncExternalStore(loadingStore.subscribe, loadingStore.getSnapshot);
  if (!busy) return null;
  return <div className="loading-bar" role="progressbar" aria-label={t('common.loading')} />;
}
