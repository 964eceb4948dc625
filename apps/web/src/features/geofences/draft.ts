import { useSyncExternalStore } from 'react';
import type { LatLon } from '@tractorlink/domain/geo';
import { createStore } from '../../lib/store';
import { EMPTY_FORM } from './form-values';
import type { GeofenceFormValues } from './form-values';

/**
 * The form being filled in, kept outside the screen so that searching a place (add-location) and
 * coming back loses nothing. `key` is 'new' for create-geofence, else the geofence id being edited;
 * `focus` is a place found by search, for the drawing map to centre on once.
 */
export interface Draft {
  key: string | null;
  values: GeofenceFormValues;
  focus: LatLon | null;
}

export const NEW_KEY = 'new';
const draft = createStore<Draft>({ key: null, values: EMPTY_FORM, focus: null });

export const getDraft = draft.get;

export function useDraft(): Draft {
  return useSyncExternalStore(draft.subscribe, draft.get);
}

/** Starts a form for `key` unless it is already the one kept. */
export function openDraft(key: string, values: GeofenceFormValues): void {
  if (draft.get().key !== key) draft.set({ key, values, focus: null });
}

export function changeDraft(values: GeofenceFormValues): void {
  draft.set({ ...draft.get(), values });
}

export function setDraftFocus(focus: LatLon | null): void {
  draft.set({ ...draft.get(), focus });
}

/** Forgets the form (saved, or left for the list). */
export function closeDraft(): void {
  draft.set({ key: null, values: EMPTY_FORM, focus: null });
}
