import { currentLanguage } from '../lib/i18n';

/**
 * Once a signed-out owner starts on the login form, the code of what comes next is fetched side by side:
 * the OTP screen (every first login on a phone), the signed-in shell with its words, the tab bar and
 * home. Left to the router, each chunk is asked for only once the one before it has rendered — a round
 * trip apiece, ≈ 0.4–0.8 s each on a slow link. They are part of the service worker's shell anyway
 * (vite.config.ts), so this adds no bytes, it only stops them arriving one after another. It waits for
 * the owner's first touch or key, so a visit that only looks at the screen (or a speed audit) loads
 * nothing more than the login screen.
 */
export function prefetchSignedInStart(): void {
  const quietly = (loading: Promise<unknown>) => void loading.catch(() => undefined);
  quietly(import('../features/auth/verify-otp-screen'));
  quietly(import('./shell-routes'));
  quietly(import('./shell-layout'));
  quietly(import('./tabs-layout'));
  quietly(import('../features/home/home-screen'));
  quietly(import('../lib/signed-in/tractor-texts').then((m) => m.loadTractorTexts(currentLanguage())));
}

/** Runs `task` once, at the first touch, click, focus or key on the page; returns a cancel. */
export function onFirstTouch(task: () => void): () => void {
  const events = ['pointerdown', 'focusin', 'keydown'] as const;
  const stop = () => events.forEach((e) => document.removeEventListener(e, run, true));
  function run() {
    stop();
    task();
  }
  events.forEach((e) => document.addEventListener(e, run, true));
  return stop;
}
