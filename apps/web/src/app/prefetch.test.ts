import { describe, expect, it, vi } from 'vitest';
import { onFirstTouch } from './prefetch';

describe('fetching what the login leads to (issue 19 item 3)', () => {
  it('waits for the first touch, focus or key, then runs once', () => {
    const task = vi.fn();
    onFirstTouch(task);
    expect(task).not.toHaveBeenCalled();
    document.body.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }));
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('cancelled (the owner signed in first), it never runs', () => {
    const task = vi.fn();
    const cancel = onFirstTouch(task);
    cancel();
    document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }));
    expect(task).not.toHaveBeenCalled();
  });
});
