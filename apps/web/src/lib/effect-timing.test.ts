import { afterEach, describe, expect, it } from 'vitest';
import { h, options, render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { runEffectsLikeReact } from './effect-timing';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('effects on Preact run as React runs those of a tap', () => {
  const saved = options.requestAnimationFrame;
  afterEach(() => {
    options.requestAnimationFrame = saved;
  });

  it("runs an update's effects before the next task (the next tap) is handled", async () => {
    runEffectsLikeReact();
    const root = document.createElement('div');
    const seen: number[] = [];
    let bump = () => {};
    function Counter() {
      const [n, setN] = useState(0);
      bump = () => setN((v) => v + 1);
      useEffect(() => {
        seen.push(n);
      }, [n]);
      return h('p', null, String(n));
    }
    render(h(Counter, null), root);
    await nextTask();
    bump();
    await nextTask();
    // Without runEffectsLikeReact, Preact waits for an animation frame: the 1 would still be missing.
    expect(seen).toEqual([0, 1]);
    expect(root.textContent).toBe('1');
    render(null, root);
  });
});
