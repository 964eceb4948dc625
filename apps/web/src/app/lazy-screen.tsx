import { Suspense, lazy, useEffect } from 'react';
import type { ComponentType } from 'react';
import { ScreenBoundary } from './screen-boundary';
import type { ScreenCode } from './screen-boundary';
import { beginLoading } from '../lib/loading';
import { ScreenLoadError } from './screen-load-error';

/**
 * A screen as a lazy module: its code is fetched when its route is first shown. When that fails
 * (offline, and the service worker never kept it: issue 19 item 2) the screen says so in place
 * (screen-boundary.tsx); a new try is a new lazy component, because React keeps a failed one failed
 * for good. Tries start only from the boundary (a tap, the network's return), never from a render:
 * React renders again after a failure, and a try there would loop while offline.
 */
export function screen<M, P extends object = object>(load: () => Promise<M>, pick: (m: M) => ComponentType<P>): ComponentType<P> {
  let failed = false;
  const attempt = () =>
    lazy(() =>
      load().then(
        (m) => ({ default: pick(m) }),
        (cause: unknown) => {
          failed = true;
          throw new ScreenLoadError(cause);
        },
      ),
    );
  let Loaded = attempt();
  const code: ScreenCode = {
    renew: () => {
      if (!failed) return;
      failed = false;
      Loaded = attempt();
    },
  };
  return function Screen(props: P) {
    return (
      <ScreenBoundary code={code}>
        {() => {
          const Code = Loaded;
          return (
            <Suspense fallback={<CodeLoading />}>
              <Code {...props} />
            </Suspense>
          );
        }}
      </ScreenBoundary>
    );
  };
}

/**
 * While a screen's code comes: the loading bar at the top, the shell (top bar, tabs) as it was. Each
 * screen waits inside its own boundary, so the rest of the page is never taken down and put back.
 */
function CodeLoading() {
  useEffect(() => {
    const done = beginLoading();
    return () => done(false);
  }, []);
  return null;
}

/** A screen that brings its own words (a catalogue namespace per language), fetched beside its code. */
export const withTexts =
  (texts: () => Promise<void>) =>
  <M,>(load: () => Promise<M>) =>
  () =>
    Promise.all([load(), texts().catch(() => undefined)]).then(([m]) => m);
