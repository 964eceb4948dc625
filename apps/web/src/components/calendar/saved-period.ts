import { useSyncExternalStore } from 'react';
import { CALENDAR_KEYS, usagePeriod } from '@tractorlink/domain/calendar';
import type { SavedCalendar, UsagePeriod } from '@tractorlink/domain/calendar';
import { istDate } from '@tractorlink/domain/time';
import { storage } from '../../lib/secure-storage';
import { createStore } from '../../lib/store';

/**
 * The usage period the owner chose, kept under the spec's storage keys (§3) and shared by the usage
 * tab and the diesel and engine pages. Lives here, not in lib/, to stay off the login bundle.
 */
const KEYS = Object.values(CALENDAR_KEYS);
const version = createStore(0);

export function readSaved(): SavedCalendar {
  const saved: SavedCalendar = {};
  for (const key of KEYS) {
    const value = storage.get(key);
    if (value !== undefined) saved[key] = value;
  }
  return saved;
}

/** Writes the next saved state: changed keys are set, dropped keys removed (spec §4 save rules). */
export function writeSaved(next: SavedCalendar): void {
  for (const key of KEYS) {
    const value = next[key];
    if (value === undefined) {
      if (storage.get(key) !== undefined) storage.remove(key);
    } else if (storage.get(key) !== value) storage.set(key, value);
  }
  version.set(version.get() + 1);
}

/** Today's date in India (the calendar's "today" on any phone clock zone). */
export function istToday(now = Date.now()): string {
  return istDate(now);
}

export function useUsagePeriod(): UsagePeriod {
  useSyncExternalStore(version.subscribe, version.get);
  return usagePeriod(readSaved(), istToday());
}
