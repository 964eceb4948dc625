import { useSyncExternalStore } from 'react';
import type { ServiceType } from '@tractorlink/domain/service-booking';
import type { FarmAddress } from '@tractorlink/domain/service-booking-api';
import { onSessionEnd } from '../../lib/session';
import { createStore } from '../../lib/store';
import type { Pin } from './api/get-booking-options';

/**
 * The booking being filled in, kept outside the screens so that back from the summary keeps the
 * form, and in sessionStorage so a reload keeps it too (with the summary's request id, so a retry
 * after a reload still books once). Ending the session forgets it.
 */
export interface BookingDraft {
  vin: string | null;
  type: ServiceType | null;
  /** null until prefilled from the options (the vehicle entry). */
  address: FarmAddress | null;
  /** null: where the options put it (the tractor's last position). */
  pin: Pin | null;
  date: string | null;
  slot: string | null;
  note: string;
  photo: { id: string; name: string } | null;
  /** Made once per summary; a changed booking gets a new one (the old one may have booked). */
  requestId: string | null;
}

const KEY = 'tractorlink.bookingDraft';
const EMPTY_DRAFT: BookingDraft = { vin: null, type: null, address: null, pin: null, date: null, slot: null, note: '', photo: null, requestId: null };

function read(): BookingDraft {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? { ...EMPTY_DRAFT, ...(JSON.parse(raw) as Partial<BookingDraft>) } : EMPTY_DRAFT;
  } catch {
    return EMPTY_DRAFT;
  }
}

const draft = createStore<BookingDraft>(read());

function write(next: BookingDraft): void {
  draft.set(next);
  try {
    if (next === EMPTY_DRAFT) sessionStorage.removeItem(KEY);
    else sessionStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Without sessionStorage the draft lasts as long as the page: enough for back and forth.
  }
}

export const getDraft = draft.get;

export function useDraft(): BookingDraft {
  return useSyncExternalStore(draft.subscribe, draft.get);
}

/** Changes the form; any change but the id itself drops the request id. */
export function changeDraft(patch: Partial<Omit<BookingDraft, 'requestId'>>): void {
  write({ ...draft.get(), ...patch, requestId: null });
}

/** The summary's request id: the kept one, or a new one kept at once (a double tap reuses it). */
export function draftRequestId(): string {
  const current = draft.get();
  if (current.requestId) return current.requestId;
  const requestId = crypto.randomUUID();
  write({ ...current, requestId });
  return requestId;
}

/** Booked or abandoned: the next booking starts empty. */
export function clearDraft(): void {
  write(EMPTY_DRAFT);
}

onSessionEnd(clearDraft);
