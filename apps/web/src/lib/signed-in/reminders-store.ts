import { useSyncExternalStore } from 'react';
import { addAlarm, type Alarm, alarmOf, dismissAlarm, MISSED_ALARM_GRACE_MS, type Reminder, removeAlarm, turnOffPassed } from '@tractorlink/domain/alarms';
import { paths } from '../../config/paths';
import { apiJson } from '../api-client';
import { enqueue, flush, outboxEntries, submitWrite } from '../outbox/outbox';
import type { WriteRequest } from '../outbox/types';
import { storage } from '../secure-storage';
import { sessionStore } from '../session';
import { createStore } from '../store';

/**
 * The owner's reminders (spec §3: kept locally as remindersData) and their alarms, kept on the phone
 * first (they ring offline) and sent to the server, which rings them by push while the app is closed
 * and gives them back on a new phone. Changes go through the outbox (lib/outbox): kept on the phone
 * until the server has them.
 */
const REMINDERS = 'remindersData';
/** Our addition: the spec's Alarm list, kept beside the reminders. */
const ALARMS = 'alarmsData';
/** The queue of changes not yet sent before the outbox existed; adopted by the outbox on the next sync. */
const OLD_PENDING = 'remindersPending';

interface State {
  reminders: Reminder[];
  alarms: Alarm[];
}

const state = createStore<State | null>(null);

// Signed out, the storage has forgotten them (spec §4); memory does too, or the next owner to sign
// in on this phone would see and hear them until the server's list came.
sessionStore.subscribe(() => {
  if (sessionStore.getSnapshot() === 'signedOut') state.set(null);
});

function current(): State {
  let value = state.get();
  if (!value) {
    value = { reminders: storage.getJson<Reminder[]>(REMINDERS) ?? [], alarms: storage.getJson<Alarm[]>(ALARMS) ?? [] };
    state.set(value);
  }
  return value;
}

function commit(next: State): void {
  storage.setJson(REMINDERS, next.reminders);
  storage.setJson(ALARMS, next.alarms);
  state.set(next);
}

export function useReminderState(): State {
  return useSyncExternalStore(state.subscribe, current);
}

export const remindersNow = () => current();

/** The outbox target of one reminder: lists mark it while its change waits, or was refused. */
export const reminderTarget = (id: string): string => `reminder:${id}`;
const idOf = (target: string) => target.slice('reminder:'.length);

/** What waits in the outbox for each reminder (its last change). */
function pending(): Record<string, 'save' | 'delete'> {
  const out: Record<string, 'save' | 'delete'> = {};
  for (const e of outboxEntries()) {
    if (e.kind === 'reminder.save') out[idOf(e.target)] = 'save';
    else if (e.kind === 'reminder.delete') out[idOf(e.target)] = 'delete';
  }
  return out;
}

/** Changes kept by the old per-reminder queue (before the outbox) become outbox writes, once. */
function adoptOldPending(): void {
  const old = storage.getJson<Record<string, 'save' | 'delete'>>(OLD_PENDING);
  if (!old) return;
  storage.remove(OLD_PENDING);
  for (const [id, what] of Object.entries(old)) {
    const reminder = current().reminders.find((r) => r.id === id);
    if (what === 'delete') enqueue(deleteRequest(id, reminder?.title ?? ''));
    else if (reminder) enqueue(saveRequest(reminder));
  }
}

const saveRequest = (reminder: Reminder): WriteRequest => ({
  kind: 'reminder.save',
  method: 'PUT',
  path: `reminders/${encodeURIComponent(reminder.id)}`,
  body: reminder,
  target: reminderTarget(reminder.id),
  label: reminder.title,
  editPath: `${paths.addReminder.getHref()}?id=${encodeURIComponent(reminder.id)}`,
});

const deleteRequest = (id: string, title: string): WriteRequest => ({
  kind: 'reminder.delete',
  method: 'DELETE',
  path: `reminders/${encodeURIComponent(id)}`,
  target: reminderTarget(id),
  label: title,
  // Changes of it not sent yet are pointless now.
  supersedes: (e) => e.target === reminderTarget(id),
});

/**
 * Saves on the phone at once, then on the server through the outbox (offline: sent when the signal
 * returns). A refusal while the owner waits (REMINDER_LIMIT …) is thrown and the reminder is not kept
 * on the phone either; a refusal later stays in the outbox for the owner to edit or discard.
 */
export async function saveReminder(reminder: Reminder, now = Date.now()): Promise<{ queued: boolean }> {
  const { reminders, alarms } = current();
  const exists = reminders.some((r) => r.id === reminder.id);
  const nextReminders = exists ? reminders.map((r) => (r.id === reminder.id ? reminder : r)) : [...reminders, reminder];
  // Spec §4: an active reminder gets its alarm (12-hour time made 24-hour); an inactive one none.
  const nextAlarms = reminder.isActive ? addAlarm(alarms, alarmOf(reminder, now), now) : removeAlarm(alarms, reminder.id);
  commit({ reminders: nextReminders, alarms: nextAlarms });
  try {
    return { queued: (await submitWrite(saveRequest(reminder))).state === 'queued' };
  } catch (error) {
    // The server refused it (e.g. over the limit): it is not kept on the phone either. A refused edit
    // puts back the reminder and alarm as they were (the server still has that copy).
    const after = current();
    const before = reminders.find((r) => r.id === reminder.id);
    const beforeAlarm = alarms.find((a) => a.id === reminder.id);
    commit({
      reminders: before ? after.reminders.map((r) => (r.id === reminder.id ? before : r)) : after.reminders.filter((r) => r.id !== reminder.id),
      alarms: beforeAlarm ? [...removeAlarm(after.alarms, reminder.id), beforeAlarm] : removeAlarm(after.alarms, reminder.id),
    });
    throw error;
  }
}

export async function deleteReminder(id: string): Promise<{ queued: boolean }> {
  const { reminders, alarms } = current();
  const title = reminders.find((r) => r.id === id)?.title ?? '';
  commit({ reminders: reminders.filter((r) => r.id !== id), alarms: removeAlarm(alarms, id) });
  return { queued: (await submitWrite(deleteRequest(id, title))).state === 'queued' };
}

export function dismiss(id: string, now = Date.now()): void {
  const { reminders, alarms } = current();
  commit({ reminders, alarms: dismissAlarm(alarms, id, now) });
}

/**
 * Spec §4 'turning alarms off', when the app opens or comes back to the screen: a one-off alarm whose
 * time passed while the app was closed would otherwise ring with sound whenever it next opens, even
 * days later. One missed by less than MISSED_ALARM_GRACE_MS (the popup's 100 s) still rings.
 */
export function turnOffMissed(now = Date.now()): void {
  const { reminders, alarms } = current();
  const next = turnOffPassed(alarms, now, MISSED_ALARM_GRACE_MS);
  if (next.some((a, i) => a !== alarms[i])) commit({ reminders, alarms: next });
}

/** What the alarm is made of: when one of these differs, the alarm is made again (a dismissal is forgotten). */
const alarmFields = (r: Reminder) => JSON.stringify([r.time, r.ampm, r.repeat.date, r.everyday, [...r.weekDays].sort(), r.title, r.description, r.isActive]);

/**
 * Sends what is pending, then takes the server's list: reminders made on another phone come in
 * with their alarms, and ones edited there get their alarm made again; local ones the server does
 * not know and that are not pending were deleted there.
 */
export async function syncReminders(now = Date.now()): Promise<void> {
  adoptOldPending();
  await flush();
  const { data } = await apiJson<{ data: Reminder[] }>('reminders');
  const stillPending = pending();
  const local = current();
  const fromServer = new Map(data.map((r) => [r.id, r]));
  // A change still waiting on this phone (or refused, kept for editing) stands over the server's copy.
  const mine = (r: Reminder) => (stillPending[r.id] === 'save' ? (local.reminders.find((l) => l.id === r.id) ?? r) : r);
  const reminders = [
    ...data.filter((r) => stillPending[r.id] !== 'delete').map(mine),
    ...local.reminders.filter((r) => !fromServer.has(r.id) && stillPending[r.id] === 'save'),
  ];
  const unchanged = (r: Reminder) => {
    const before = local.reminders.find((l) => l.id === r.id);
    return before !== undefined && alarmFields(before) === alarmFields(r);
  };
  // The local alarm (and its dismissed state) stays only while its reminder is unchanged.
  let alarms = local.alarms.filter((a) => reminders.some((r) => r.id === a.id && r.isActive && unchanged(r)));
  for (const r of reminders) if (r.isActive && !alarms.some((a) => a.id === r.id)) alarms = addAlarm(alarms, alarmOf(r, now), now);
  commit({ reminders, alarms: turnOffPassed(alarms, now, MISSED_ALARM_GRACE_MS) });
}

/** Tests start from what storage holds (the store keeps its state in memory once read). */
export function resetRemindersForTests(): void {
  state.set(null);
}
