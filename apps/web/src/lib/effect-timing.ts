import { options } from 'preact';

/**
 * The app renders with Preact: React's API in ≈ 11 KB instead of React DOM's ≈ 60 KB (issue 19:
 * the login path's JavaScript on a 400 kbps link). Preact runs effects after the next animation
 * frame; React runs the effects of an update made by a tap or a key before the next event is handled.
 * Code written for React relies on that: the map's tap handler reads the drawing an effect keeps
 * current, and a second tap before that effect ran would lose the first corner. So effects run at the
 * end of the task that rendered, as React does for taps, and never wait for a frame that a hidden
 * tab or a test's controlled clock does not paint.
 */
export function runEffectsLikeReact(): void {
  options.requestAnimationFrame = (callback) => queueMicrotask(callback);
}
