import { lazy } from 'react';
import type { ComponentType } from 'react';

/** A screen as a lazy module: its code is fetched when its route is first shown. */
export function screen<M, P extends object = object>(load: () => Promise<M>, pick: (m: M) => ComponentType<P>) {
  return lazy(() => load().then((m) => ({ default: pick(m) })));
}

/** A screen that brings its own words (a catalogue namespace per language), fetched beside its code. */
export const withTexts =
  (texts: () => Promise<void>) =>
  <M>(load: () => Promise<M>) =>
  () =>
    Promise.all([load(), texts().catch(() => undefined)]).then(([m]) => m);
