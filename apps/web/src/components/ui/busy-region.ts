import { useLayoutEffect } from 'react';
import type { RefObject } from 'react';

/**
 * The part of the page whose content a loader stands for: the nearest section (a card, a list's
 * region), the screen's main, or a dialog. While it is busy a screen reader waits for the whole of it
 * rather than reading half a screen.
 */
const REGION = 'section, main, dialog';

/** Loaders in each region now: two waits in one region keep it busy until both are over. */
const loaders = new WeakMap<Element, number>();

/** Marks the region around `el` aria-busy until the returned function is called. */
export function markBusy(el: Element): () => void {
  const region = el.closest(REGION);
  if (!region) return () => undefined;
  loaders.set(region, (loaders.get(region) ?? 0) + 1);
  region.setAttribute('aria-busy', 'true');
  return () => {
    const left = (loaders.get(region) ?? 1) - 1;
    loaders.set(region, left);
    if (left === 0) region.removeAttribute('aria-busy');
  };
}

/** The region around the element `ref` holds is busy while the component is shown (set before the first paint). */
export function useBusyRegion(ref: RefObject<Element | null>): void {
  useLayoutEffect(() => (ref.current ? markBusy(ref.current) : undefined), [ref]);
}
