import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepFieldInView } from './keep-field-in-view';

/** A login form: the PIN field and Log in, as the phone shows them. */
function form() {
  document.body.innerHTML =
    '<form><input id="pin" type="password"><button type="button">Show</button><button type="submit">Log in</button></form><a id="link" href="#/x">x</a>';
  const pin = document.getElementById('pin') as HTMLInputElement;
  const save = document.querySelector<HTMLButtonElement>('button[type="submit"]') as HTMLButtonElement;
  const order: string[] = [];
  pin.scrollIntoView = vi.fn(() => order.push('field'));
  save.scrollIntoView = vi.fn(() => order.push('save'));
  return { pin, save, order };
}

function setHeight(h: number) {
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: h });
  window.dispatchEvent(new Event('resize'));
}

describe('keepFieldInView: the on-screen keyboard opening', () => {
  let stop: () => void;
  beforeEach(() => {
    setHeight(740);
    stop = keepFieldInView(window);
  });
  afterEach(() => {
    stop();
    document.body.innerHTML = '';
  });

  it('scrolls the focused field back into view, its Save button first so both show when they fit, and moves the tab bar aside', () => {
    const { pin, order } = form();
    pin.focus();
    setHeight(400);
    expect(order).toEqual(['save', 'field']);
    expect(document.documentElement.classList.contains('keyboard-open')).toBe(true);
    // The keyboard goes: the tab bar comes back.
    setHeight(740);
    expect(document.documentElement.classList.contains('keyboard-open')).toBe(false);
  });

  it('does nothing when the page gets shorter with no field focused', () => {
    const { order } = form();
    (document.getElementById('link') as HTMLAnchorElement).focus();
    setHeight(400);
    expect(order).toEqual([]);
    expect(document.documentElement.classList.contains('keyboard-open')).toBe(false);
  });
});
