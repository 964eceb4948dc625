/**
 * The on-screen keyboard (index.html asks Android for `interactive-widget=resizes-content`, so the page
 * itself gets shorter when it opens): the field being typed into is scrolled back into view, clear of
 * the sticky top bar (html's scroll-padding), with its form's Save button too when both fit. While the
 * keyboard is up the root carries `keyboard-open`, and the tab bar steps aside (styles.css) instead of
 * sitting above the keyboard over the form.
 */

const TEXT_INPUTS = new Set(['text', 'tel', 'number', 'password', 'search', 'email', 'url', 'date', 'time', 'datetime-local', 'month']);

/** Whether the element brings up the keyboard. */
export function isTextEntry(el: Element | null): el is HTMLElement {
  if (el instanceof HTMLTextAreaElement) return !el.readOnly;
  if (el instanceof HTMLInputElement) return TEXT_INPUTS.has(el.type) && !el.readOnly;
  return el instanceof HTMLElement && el.isContentEditable;
}

/** The submit button of the field's form (Save, Log in, Verify …), if it has one. */
function submitOf(el: HTMLElement): HTMLElement | null {
  const form = el.closest('form');
  return form?.querySelector<HTMLElement>('button[type="submit"], button:not([type])') ?? null;
}

/** Brings the focused field (and, if they fit together, its Save button) into view. */
export function revealFocusedField(doc: Document = document): void {
  const el = doc.activeElement;
  if (!isTextEntry(el)) return;
  // Save first, then the field: the second scroll moves only if the field left the view, so both stay when both fit.
  submitOf(el)?.scrollIntoView({ block: 'nearest' });
  el.scrollIntoView({ block: 'nearest' });
}

/** Installs the watch; returns its removal. */
export function keepFieldInView(win: Window = window): () => void {
  const viewport = win.visualViewport;
  const height = () => viewport?.height ?? win.innerHeight;
  let tallest = height();
  const root = win.document.documentElement;
  const onResize = () => {
    const now = height();
    // Taller than before (keyboard closed, phone turned): the new full height.
    if (now >= tallest) {
      tallest = now;
      root.classList.remove('keyboard-open');
      return;
    }
    if (!isTextEntry(win.document.activeElement)) return;
    root.classList.add('keyboard-open');
    revealFocusedField(win.document);
  };
  const onFocusOut = () => {
    // Focus moving to another field keeps the keyboard up; leaving the fields lets it go.
    win.setTimeout(() => {
      if (!isTextEntry(win.document.activeElement)) root.classList.remove('keyboard-open');
    }, 0);
  };
  const target: EventTarget = viewport ?? win;
  target.addEventListener('resize', onResize);
  win.document.addEventListener('focusout', onFocusOut);
  return () => {
    target.removeEventListener('resize', onResize);
    win.document.removeEventListener('focusout', onFocusOut);
    root.classList.remove('keyboard-open');
  };
}
