/**
 * Where focus goes after a route change, so a screen reader starts on the new screen instead of on a
 * link that vanished (focus on <body>, read from the top) or one that stayed (the tab bar). A new
 * screen: its heading (Page's h1). Back: the control that led away, when the screen shows it again.
 */

/** How to find a control again after its screen was unmounted and mounted anew (React ids change). */
export interface ControlMark {
  tag: string;
  href: string | null;
  text: string;
}

const WAIT_MS = 10_000;
/** Back: how long the list that held the control may take to come back (cached data: at once). */
const RETURN_WAIT_MS = 2_000;

export function markOf(el: Element | null): ControlMark | null {
  if (!el || el === el.ownerDocument.body || !el.matches('a[href], button, [role="button"], [role="link"]')) return null;
  return { tag: el.tagName, href: el.getAttribute('href'), text: (el.textContent ?? '').trim() };
}

function findMarked(root: ParentNode, mark: ControlMark): HTMLElement | null {
  const candidates = root.querySelectorAll<HTMLElement>(mark.tag.toLowerCase());
  for (const el of candidates) {
    if (el.closest('nav.tab-bar')) continue;
    if (el.getAttribute('href') === mark.href && (el.textContent ?? '').trim() === mark.text) return el;
  }
  return null;
}

function screenHeading(doc: Document): HTMLElement | null {
  return doc.querySelector<HTMLElement>('h1') ?? doc.querySelector<HTMLElement>('main');
}

function focusHeading(heading: HTMLElement): void {
  // Focusable by script only: a heading is not a stop on the Tab key's way.
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus();
}

/**
 * Focuses the new screen's heading as soon as it is in the page (a lazy screen's code may still be
 * on its way), then, going back, the control that was used to leave, if it comes back soon. Returns
 * a function that stops waiting (the next navigation).
 */
export function focusScreen(doc: Document, returnTo: ControlMark | null): () => void {
  let heading: HTMLElement | null = null;
  const started = Date.now();
  const step = (): boolean => {
    if (!heading) {
      heading = screenHeading(doc);
      if (!heading) return false;
      focusHeading(heading);
    }
    if (!returnTo || Date.now() - started > RETURN_WAIT_MS) return true;
    // The owner moved on by themselves meanwhile: leave their focus alone.
    if (doc.activeElement !== heading) return true;
    const control = findMarked(doc, returnTo);
    if (!control) return false;
    control.focus();
    return true;
  };
  if (step()) return () => undefined;
  const observer = new MutationObserver(() => {
    if (step()) stop();
  });
  const timer = setTimeout(() => stop(), WAIT_MS);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(doc.body, { childList: true, subtree: true });
  return stop;
}
