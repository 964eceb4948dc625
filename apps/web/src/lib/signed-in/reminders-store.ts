import { useSyncExternalStore } from 'react';
import { addAlarm, type Alarm, alarmOf, dismissAlarm, type Reminder, removeAlarm } from '@tractorlink/domain/alarms';
import { apiJson } from '../api-client';
import { storage } from '../secure-storage';
import { createStore } from '../store';

/**
 * The owner's reminders (spec §3: kept locally as remindersData) and their alarms, kept on the phone
 * first (they ring offline) and sent to the server, which rings them by push while the app is closed
 * and gives them back on a new phone. Changes not yet sent are remembered (remindersPending) and sent
 * when the app next syncs.
 */
const REMINDERS = 'remindersData';
/** Our addition: the spec's Alarm list, kept beside the reminders. */
const ALARMS = 'alarmsData';
const PENDING = 'remindersPending';

interface State {
  reminders: Reminder[];
  alarms: Alarm[];
}

const state = createStore<State | null>(null);

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

type Pending = Record<string, 'save' | 'delete'>;
const pending = (): Pending => storage.getJson<Pending>(PENDING) ?? {};
function markPending(id: string, what: 'save' | 'delete' | null): void {
  const next = { ...pending() };
  if (what === null) delete next[id];
  else next[id] = what;
  storage.setJson(PENDING, next);
}

async function send(id: string, what: 'save' | 'delete'): Promise<void> {
  const reminder = current().reminders.find((r) => r.id === id);
  if (what === 'save' && reminder) await apiJson(`reminders/${encodeURIComponent(id)}`, { method: 'PUT', body: reminder });
  else if (what === 'delete') {
    await apiJson(`reminders/${encodeURIComponent(id)}`, { method: 'DELETE' }).catch((error: unknown) => {
      // Already gone on the server is what we wanted.
      if ((error as { code?: string }).code !== 'NOT_FOUND') throw error;
    });
  }
  markPending(id, null);
}

/** Saves on the phone at once, then on the server; a refusal (REMINDER_LIMIT …) is thrown after undoing nothing local. */
export async function saveReminder(reminder: Reminder, now = Date.now()): Promise<void> {
  const { reminders, alarms } = current();
  const exists = reminders.some((r) => r.id === reminder.id);
  const nextReminders = exists ? reminders.map((r) => (r.id === reminder.id ? reminder : r)) : [...reminders, reminder];
  // Spec §4: an active reminder gets its alarm (12-hour time made 24-hour); an inactive one none.
  const nextAlarms = reminder.isActive ? addAlarm(alarms, alarmOf(reminder, now), now) : removeAlarm(alarms, reminder.id);
  commit({ reminders: nextReminders, alarms: nextAlarms });
  markPending(reminder.id, 'save');
  await sendOrKeep(reminder.id, 'save');
}

export async function deleteReminder(id: string): Promise<void> {
  const { reminders, alarms } = current();
  commit({ reminders: reminders.filter((r) => r.id !== id), alarms: removeAlarm(alarms, id) });
  markPending(id, 'delete');
  await sendOrKeep(id, 'delete');
}

/** Sends a change; offline or a server hiccup keeps it pending, a refusal is passed on (and dropped). */
async function sendOrKeep(id: string, what: 'save' | 'delete'): Promise<void> {
  try {
    await send(id, what);
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status !== undefined && status >= 400 && status < 500) {
      markPending(id, null);
      if (what === 'save') {
        // The server refused it (e.g. over the limit): it is not kept on the phone either.
        const { reminders, alarms } = current();
        commit({ reminders: reminders.filter((r) => r.id !== id), alarms: removeAlarm(alarms, id) });
      }
      throw error;
    }
  }
}

export function dismiss(id: string, now = Date.now()): void {
  const { reminders, alarms } = current();
  commit({ reminders, alarms: dismissAlarm(alarms, id, now) });
}

/**
 * Sends what is pending, then takes the server's list: reminders made on another phone come in
 * with their alarms; local ones the server does not know and that are not pending were deleted there.
 */
export async function syncReminders(now = Date.now()): Promise<void> {
  for (const [id, what] of Object.entries(pending())) await send(id, what).catch(() => undefined);
  const { data } = await apiJson<{ data: Reminder[] }>('reminders');
  const stillPending = pending();
  const local = current();
  const fromServer = new Map(data.map((r) => [r.id, r]));
  const reminders = [
    ...data.filter((r) => stillPending[r.id] !== 'delete'),
    ...local.reminders.filter((r) => !fromServer.has(r.id) && stillPending[r.id] === 'save'),
  ];
  let alarms = local.alarms.filter((a) => reminders.some((r) => r.id === a.id && r.isActive));
  for (const r of reminders) if (r.isActive && !alarms.some((a) => a.id === r.id)) alarms = addAlarm(alarms, alarmOf(r, now), now);
  commit({ reminders, alarms });
}
