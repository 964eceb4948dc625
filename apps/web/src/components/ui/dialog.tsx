import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';
import { registerDialog } from '../../lib/dialogs';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  /** Visible heading; also the dialog's accessible name. */
  title: ReactNode;
  /** Controls placed before the title (e.g. a back button). */
  start?: ReactNode;
  className?: string;
  /** A tap on the dimmed page beside it closes it, as a side drawer does on a phone. */
  closeOnBackdrop?: boolean;
  /** 1 when the dialog is a whole screen of its own (a route with no Page): its title is the screen's one h1. */
  headingLevel?: 1 | 2;
  children: ReactNode;
}

/** Whether a tap at (x, y) fell outside the box: on the backdrop, which the browser reports as the dialog itself. */
export function isBackdropTap(dialog: HTMLElement, target: EventTarget | null, x: number, y: number): boolean {
  if (target !== dialog) return false;
  const box = dialog.getBoundingClientRect();
  return x < box.left || x > box.right || y < box.top || y > box.bottom;
}

/** What Tab stops at (a roving tabindex of -1, as in the calendar's days, is left out). */
const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/**
 * Tab past the last control goes round to the first, Shift+Tab before the first to the last: a modal
 * <dialog> lets focus out to the page's document (and a screen reader with it) before it comes back.
 * Returns whether it moved focus.
 */
export function wrapTab(dialog: HTMLElement, back: boolean): boolean {
  const stops = [...dialog.querySelectorAll<HTMLElement>(TABBABLE)].filter((el) => el.getClientRects().length > 0 && !el.closest('[inert]'));
  const first = stops[0];
  const last = stops.at(-1);
  if (!first || !last) return false;
  const active = document.activeElement;
  const to = back ? (active === first || !dialog.contains(active) ? last : null) : active === last || !dialog.contains(active) ? first : null;
  to?.focus();
  return to !== null;
}

/**
 * After a dialog closed, focus goes back to the control that opened it, or to the screen's content
 * when that control is gone (a list item removed by the dialog), never to <body>. Focus that has
 * already moved on (the dialog led to another screen, whose heading took it) stays where it is.
 */
export function returnFocus(opener: HTMLElement | null): void {
  const active = document.activeElement;
  if (active && active !== document.body && active.isConnected) return;
  if (opener?.isConnected) opener.focus();
  else document.getElementById('main')?.focus();
}

/**
 * A modal built on the native <dialog>: focus stays inside (Tab goes round, wrapTab), Escape closes it,
 * and the browser puts it in the top layer. Registered so that ending a session closes every open dialog (spec §4).
 */
export function Dialog({ open, onClose, title, start, className, closeOnBackdrop = false, headingLevel = 2, children }: DialogProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const el = ref.current;
    if (!el || !open) return;
    // Closing unmounts the <dialog> before the browser could give focus back: we do it ourselves.
    const opener = document.activeElement instanceof HTMLElement && !el.contains(document.activeElement) ? document.activeElement : null;
    if (!el.open) {
      // jsdom and very old browsers lack showModal; the open attribute still shows it.
      if (typeof el.showModal === 'function') el.showModal();
      else el.setAttribute('open', '');
    }
    const unregister = registerDialog(() => onCloseRef.current());
    return () => {
      unregister();
      if (el.open) {
        if (typeof el.close === 'function') el.close();
        else el.removeAttribute('open');
      }
      returnFocus(opener);
    };
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className={`dialog${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Tab' && !e.altKey && !e.ctrlKey && !e.metaKey && wrapTab(e.currentTarget, e.shiftKey)) e.preventDefault();
      }}
      onClick={closeOnBackdrop ? (e) => isBackdropTap(e.currentTarget, e.target, e.clientX, e.clientY) && onClose() : undefined}
    >
      <header className="dialog-header">
        {start}
        <Heading id={titleId}>{title}</Heading>
      </header>
      <div className="dialog-body">{children}</div>
    </dialog>
  );
}
