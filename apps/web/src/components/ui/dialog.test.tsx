import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
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

/** A button that opens a dialog whose "Done" closes it, as the screens use them; `keepOpener` false removes the button. */
function Opener({ keepOpener = true }: { keepOpener?: boolean }) {
  const [open, setOpen] = useState(false);
  const [gone, setGone] = useState(false);
  return (
    <main id="main" tabIndex={-1}>
      {!gone && (
        <button type="button" onClick={() => setOpen(true)}>
          Edit
        </button>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} title="Edit name">
        <button
          type="button"
          onClick={() => {
            setOpen(false);
            if (!keepOpener) setGone(true);
          }}
        >
          Done
        </button>
      </Dialog>
    </main>
  );
}

/** Opens the dialog with Edit and closes it with Done, each focused first as a tap does; returns Edit. */
function openAndClose(): HTMLElement {
  const edit = screen.getByRole('button', { name: 'Edit' });
  edit.focus();
  fireEvent.click(edit);
  const done = screen.getByRole('button', { name: 'Done' });
  done.focus();
  fireEvent.click(done);
  return edit;
}

describe('Dialog: focus after it closes', () => {
  it('goes back to the control that opened it, not to <body>', () => {
    render(<Opener />);
    const edit = openAndClose();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(edit);
  });

  it("goes to the screen's content when the opener went with the dialog", () => {
    render(<Opener keepOpener={false} />);
    openAndClose();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });
});

describe('Dialog: Tab goes round inside it', () => {
  function menu() {
    // jsdom lays nothing out: every control counts as shown.
    vi.spyOn(Element.prototype, 'getClientRects').mockReturnValue([DOMRect.fromRect({ width: 48, height: 48 })] as unknown as DOMRectList);
    render(
      <Dialog open onClose={() => undefined} title="Menu" start={<button type="button">Close menu</button>}>
        <a href="#/settings">Settings</a>
        <button type="button" disabled>
          Not now
        </button>
        <a href="#/about">About</a>
      </Dialog>,
    );
    return {
      close: screen.getByRole('button', { name: 'Close menu' }),
      about: screen.getByRole('link', { name: 'About' }),
      dialog: screen.getByRole('dialog'),
    };
  }

  it('Tab on the last control goes to the first, not out to the page', () => {
    const { close, about, dialog } = menu();
    about.focus();
    const moved = !fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(moved).toBe(true);
    expect(document.activeElement).toBe(close);
  });

  it('Shift+Tab on the first goes to the last; Tab in between is left to the browser', () => {
    const { close, about, dialog } = menu();
    close.focus();
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(about);
    const settings = screen.getByRole('link', { name: 'Settings' });
    settings.focus();
    expect(fireEvent.keyDown(dialog, { key: 'Tab' })).toBe(true);
    expect(document.activeElement).toBe(settings);
  });
});
