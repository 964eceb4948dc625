import { useEffect } from 'react';
import { currentLanguage, i18next } from '../lib/i18n';
import { linkManifest } from './manifest-link';
import { AppRouter } from './router';

export function App() {
  // The owner's language's manifest, once the first screen is up, and again when the language changes.
  useEffect(() => {
    const link = () => linkManifest(currentLanguage());
    link();
    i18next.on('languageChanged', link);
    return () => i18next.off('languageChanged', link);
  }, []);
  return <AppRouter />;
}
