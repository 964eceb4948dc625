import { useTranslation } from 'react-i18next';

/** Shown while the session is decided at start (spec §4) or a screen's code arrives. */
export function Splash() {
  const { t } = useTranslation();
  return (
    <div className="splash" role="status">
      <img src="icons/icon.svg" alt="" width="96" height="96" />
      <p>{t('common.loading')}</p>
    </div>
  );
}
