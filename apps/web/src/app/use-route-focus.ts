import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { focusScreen, markOf } from './route-focus';
import type { ControlMark } from './route-focus';

/**
 * After every route change but the first load, focus goes to the new screen (route-focus.ts); the
 * control used to leave a screen is remembered per history entry, so Back returns to it.
 */
export function useRouteFocus(): void {
  const location = useLocation();
  const type = useNavigationType();
  const previousKey = useRef<string | null>(null);
  const lastControl = useRef<ControlMark | null>(null);
  const left = useRef(new Map<string, ControlMark>());

  // By the time the route changed, the control that led away may be gone: remember it as it is used.
  useEffect(() => {
    const onFocus = (e: FocusEvent) => {
      const mark = markOf(e.target instanceof Element ? e.target : null);
      if (mark) lastControl.current = mark;
    };
    document.addEventListener('focusin', onFocus);
    return () => document.removeEventListener('focusin', onFocus);
  }, []);

  useEffect(() => {
    const from = previousKey.current;
    previousKey.current = location.key;
    // The first screen: a screen reader starts at the top of a freshly loaded page by itself.
    if (from === null || from === location.key) return;
    if (lastControl.current) left.current.set(from, lastControl.current);
    lastControl.current = null;
    return focusScreen(document, type === 'POP' ? (left.current.get(location.key) ?? null) : null);
  }, [location.key, type]);
}
