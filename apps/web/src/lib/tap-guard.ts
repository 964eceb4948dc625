/**
 * A double tap on a submit button (Log in, Create account): the first tap sends the form, the
 * screen changes, and the second tap lands on whatever the new screen shows under the finger — a
 * ghost tap (it opened Locate me after a login). So when a screen appears after a submit, the page
 * takes no pointer input for a moment (html[data-tap-guard], styles.css). Keys and a screen reader's
 * double tap (a click on the focused element) are not pointer input and pass.
 */

export const TAP_GUARD_MS = 350;
/**
 * Only a screen that appears this soon after the submit can catch a double tap's second tap (it comes
 * within about half a second of the first); a screen that took longer (a login over 2G) appeared after
 * it, and one reached later by a tap of its own must not be guarded (an unguarded submit that did not
 * navigate, a validation error, leaves nothing behind).
 */
export const SUBMIT_LEADS_MS = 1_000;
export const TAP_GUARD_ATTRIBUTE = 'data-tap-guard';

export interface TapGuard {
  /** A screen mounted (Page): after a submit, the page ignores taps for TAP_GUARD_MS from now. */
  screenShown(): void;
  /**
   * The route changed: a guard still on belonged to the screen being left, so it ends; and a submit is
   * carried only by the first route change after it (a screen without a Page must not pass it on).
   */
  routeChanged(): void;
  dispose(): void;
}

export function createTapGuard(doc: Document, now: () => number = () => performance.now()): TapGuard {
  const root = doc.documentElement;
  let submittedAt: number | null = null;
  let routedSinceSubmit = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Capture: a form's own handler may stop the event (React's onSubmit calls preventDefault only).
  const onSubmit = () => {
    submittedAt = now();
    routedSinceSubmit = false;
  };
  const end = () => {
    clearTimeout(timer);
    timer = undefined;
    root.removeAttribute(TAP_GUARD_ATTRIBUTE);
  };
  doc.addEventListener('submit', onSubmit, true);
  return {
    screenShown() {
      const submitted = submittedAt;
      if (submitted === null) return;
      // One screen per submit: later screens come from taps of their own.
      submittedAt = null;
      if (now() - submitted > SUBMIT_LEADS_MS) return;
      root.setAttribute(TAP_GUARD_ATTRIBUTE, '');
      clearTimeout(timer);
      timer = setTimeout(end, TAP_GUARD_MS);
    },
    routeChanged() {
      end();
      if (submittedAt === null) return;
      if (routedSinceSubmit) submittedAt = null;
      else routedSinceSubmit = true;
    },
    dispose() {
      doc.removeEventListener('submit', onSubmit, true);
      end();
    },
  };
}

let installed: TapGuard | null = null;

/** The app's guard, on the document while the app runs (RootLayout). Returns its removal. */
export function installTapGuard(doc: Document): () => void {
  const guard = createTapGuard(doc);
  installed = guard;
  return () => {
    guard.dispose();
    if (installed === guard) installed = null;
  };
}

/** Called by every screen as it mounts (Page). */
export function screenShown(): void {
  installed?.screenShown();
}

/** Called on every route change (RootLayout). */
export function routeChanged(): void {
  installed?.routeChanged();
}
