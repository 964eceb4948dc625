import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Dialog } from './dialog';

afterEach(cleanup);

/** The drawer's box on a 360 × 740 phone: 300 px wide from the left edge. */
function drawer(closeOnBackdrop: boolean) {
  const onClose = vi.fn();
  render(
    <Dialog open onClose={onClose} title="Menu" closeOnBackdrop={closeOnBackdrop}>
      <a href="#/settings">Settings</a>
    </Dialog>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Menu' });
  dialog.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 0, width: 300, height: 740 });
  return { dialog, onClose };
}

describe('Dialog: a tap beside it', () => {
  it('closes a drawer when the tap lands on the dimmed page beside it (the browser names the dialog as its target)', () => {
    const { dialog, onClose } = drawer(true);
    fireEvent.click(dialog, { clientX: 340, clientY: 400 });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('keeps it open for a tap inside it: on its own empty area or on an entry', () => {
    const { dialog, onClose } = drawer(true);
    fireEvent.click(dialog, { clientX: 150, clientY: 700 });
    fireEvent.click(screen.getByRole('link', { name: 'Settings' }), { clientX: 40, clientY: 100 });
    expect(onClose).not.toHaveBeenCalled();
  });

  it('keeps other dialogs (the calendar, forms) open: a stray tap beside them loses no choice', () => {
    const { dialog, onClose } = drawer(false);
    fireEvent.click(dialog, { clientX: 340, clientY: 400 });
    expect(onClose).not.toHaveBeenCalled();
  });
});
