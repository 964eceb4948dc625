import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initI18n } from './lib/i18n';
import { installIntlFallback } from './lib/intl-fallback';
import { runEffectsLikeReact } from './lib/effect-timing';
import { storage } from './lib/secure-storage';
import { bootSession } from './lib/session';
import './styles.css';

/**
 * Start-up: decrypt the stored values into memory, pick the language, then render. The session is
 * decided in the background (POST refreshtoken) while a splash shows; the route guard waits for it.
 */
async function start(): Promise<void> {
  // Before anything formats a date: Chromium's own ICU data has no Punjabi.
  installIntlFallback();
  runEffectsLikeReact();
  await storage.load();
  await initI18n();
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  await bootSession();
}

void start();
