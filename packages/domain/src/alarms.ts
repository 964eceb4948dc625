import { DAY_MS, IST_OFFSET_MS, istDate, istMidnight, MINUTE_MS } from './time';

/**
 * Reminders and their alarms (spec §3 Reminder and Alarm, §4 Alarms), as pure functions over the
 * lists the app keeps (remindersData) so the rules are tested sentence by sentence. Times are IST.
 * No zod here: the signed-in shell's alarm runner imports this (the schemas are in reminders-api.ts).
 */

export const WEEK_DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];

/** Spec §9: the reminder popup closes by itself after 100000 ms. */
export const REMINDER_POPUP_MS = 100_000;
/**
 * How long after its time a one-off alarm that has not rung may still ring when the app opens: as
 * long as its popup would still be showing had the app been open (spec §9, 100 s). Older ones are
 * turned off (spec §4) instead of ringing with sound hours or days late. The same 100 s as
 * REMINDER_POPUP_MS, written out: knip reports an alias as a duplicate export (a test keeps them equal).
 */
export const MISSED_ALARM_GRACE_MS = 100_000;
/** Reminders an owner may keep (bounded like every list; the screen says so at the limit). */
export const MAX_REMINDERS = 500;
export const REMINDER_TITLE_MAX = 60;
export const REMINDER_DESCRIPTION_MAX = 200;

/** Spec §3 Reminder (stored locally as remindersData). */
export interface Reminder {
  id: string;
  title: string;
  description: string;
  /** 'hh:mm' on a 12-hour clock, 01–12. */
  time: string;
  ampm: 'am' | 'pm';
  /** A one-off reminder's day, 'YYYY-MM-DD' (IST); null when it repeats. */
  repeat: { date: string | null };
  everyday: boolean;
  /** Lowercase day names. */
  weekDays: WeekDay[];
  isActive: boolean;
}

/** Spec §3 Alarm. */
export interface Alarm {
  id: string;
  /** When it rings (epoch ms); for a repeating alarm, its first time. */
  date_time: number;
  /** True while the time is still in the future (or it repeats and is switched on). */
  status: boolean;
  /** Repeat flag: every day, or on its weekDays. */
  in: boolean;
  weekDays: WeekDay[];
  title: string;
  description: string;
  /** The minute it last rang (epoch ms of that minute): a repeating alarm rings once per occurrence. Our addition. */
  rungAt?: number;
}

const minuteOf = (t: number) => Math.floor(t / MINUTE_MS) * MINUTE_MS;

/** 'hh:mm' on a 12-hour clock: 01–12 hours, 00–59 minutes. */
export function isValid12HourTime(time: string): boolean {
  const m = /^(\d{2}):(\d{2})$/.exec(time);
  if (!m) return false;
  const h = Number(m[1]);
  const min = Number(m[2]);
  return h >= 1 && h <= 12 && min <= 59;
}

/** Spec §4: pm adds 12 unless the hour is 12; 12 am becomes 0. */
export function to24Hour(time: string, ampm: 'am' | 'pm'): { hour: number; minute: number } {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const hour = ampm === 'pm' ? (h === 12 ? 12 : h + 12) : h === 12 ? 0 : h;
  return { hour, minute: m };
}

/** IST hour and minute of a moment. */
function istClock(t: number): { hour: number; minute: number; weekDay: WeekDay } {
  const d = new Date(t + IST_OFFSET_MS);
  return { hour: d.getUTCHours(), minute: d.getUTCMinutes(), weekDay: WEEK_DAYS[d.getUTCDay()] ?? 'sunday' };
}

/** Epoch ms of an IST date at a 24-hour time. */
export function istAt(date: string, hour: number, minute: number): number {
  return istMidnight(date) + hour * 3600_000 + minute * MINUTE_MS;
}

const repeats = (r: Pick<Reminder, 'everyday' | 'weekDays'>) => r.everyday || r.weekDays.length > 0;

/**
 * Spec §5 'the time selection must be valid': a one-off reminder whose date and time are before the
 * current minute would never ring (a repeating one always rings at its next occurrence).
 */
export function oneOffPassed(reminder: Pick<Reminder, 'time' | 'ampm' | 'repeat' | 'everyday' | 'weekDays'>, now: number): boolean {
  if (repeats(reminder) || !reminder.repeat.date || !isValid12HourTime(reminder.time)) return false;
  const { hour, minute } = to24Hour(reminder.time, reminder.ampm);
  return istAt(reminder.repeat.date, hour, minute) < minuteOf(now);
}

/**
 * Spec §4: toggling an active reminder converts its 12-hour time to 24-hour and adds an alarm at that
 * date and time. A repeating reminder's alarm starts today at its time.
 */
export function alarmOf(reminder: Reminder, now: number): Alarm {
  const { hour, minute } = to24Hour(reminder.time, reminder.ampm);
  const date = reminder.repeat.date && !repeats(reminder) ? reminder.repeat.date : istDate(now);
  return addAlarmStatus(
    {
      id: reminder.id,
      date_time: istAt(date, hour, minute),
      status: false,
      in: repeats(reminder),
      weekDays: reminder.everyday ? [] : [...reminder.weekDays],
      title: reminder.title,
      description: reminder.description,
    },
    now,
  );
}

/**
 * Spec §4: adding an alarm sets status true if the time is now or later (to the minute), otherwise
 * false. A repeating alarm is on whatever its first time: it rings at the next occurrence.
 */
export function addAlarmStatus(alarm: Alarm, now: number): Alarm {
  return { ...alarm, status: alarm.in || minuteOf(alarm.date_time) >= minuteOf(now) };
}

/** Adds (or replaces, by id) an alarm with its status set by the adding rule. */
export function addAlarm(alarms: readonly Alarm[], alarm: Alarm, now: number): Alarm[] {
  return [...alarms.filter((a) => a.id !== alarm.id), addAlarmStatus(alarm, now)];
}

/**
 * Spec §4: an alarm rings when its status is on and the hour and minute match the clock, or its date
 * is reached (a one-off alarm whose minute passed while the app was closed rings when it opens, if
 * still within MISSED_ALARM_GRACE_MS: the app turns older ones off with turnOffPassed first); a
 * repeating one rings every day at its time, or on its weekdays only when it has some.
 */
export function isDue(alarm: Alarm, now: number): boolean {
  if (!alarm.status) return false;
  const at = istClock(alarm.date_time);
  const clock = istClock(now);
  const minuteMatches = at.hour === clock.hour && at.minute === clock.minute;
  if (!alarm.in) return minuteOf(now) >= minuteOf(alarm.date_time);
  if (!minuteMatches || minuteOf(now) < minuteOf(alarm.date_time)) return false;
  if (alarm.rungAt === minuteOf(now)) return false;
  return alarm.weekDays.length === 0 || alarm.weekDays.includes(clock.weekDay);
}

/** Spec §4: only one alarm rings at a time: none while one rings, else the earliest due. */
export function alarmToRing(alarms: readonly Alarm[], now: number, ringingId: string | null): Alarm | undefined {
  if (ringingId !== null) return undefined;
  return alarms.filter((a) => isDue(a, now)).sort((a, b) => a.date_time - b.date_time)[0];
}

/**
 * Spec §4: dismissing stops the sound and clears its status flags. For a repeating alarm that would
 * end every later occurrence, so it keeps them and remembers the minute it rang instead (our choice).
 */
export function dismissAlarm(alarms: readonly Alarm[], id: string, now: number): Alarm[] {
  return alarms.map((a) => (a.id !== id ? a : a.in ? { ...a, rungAt: minuteOf(now) } : { ...a, status: false, in: false }));
}

/**
 * Spec §4: turning alarms off sets status and repeat flag to false for every alarm still on whose time
 * has passed. A repeating alarm's time never passes (it rings again at its next occurrence), so only
 * one-off alarms are turned off; `graceMs` spares one whose time passed only just now.
 */
export function turnOffPassed(alarms: readonly Alarm[], now: number, graceMs = 0): Alarm[] {
  return alarms.map((a) => (a.status && !a.in && a.date_time + graceMs < now ? { ...a, status: false, in: false } : a));
}

/** Spec §4: toggle sets one alarm's status by id. */
export function toggleAlarm(alarms: readonly Alarm[], id: string, status: boolean): Alarm[] {
  return alarms.map((a) => (a.id === id ? { ...a, status } : a));
}

/** Spec §4: removal deletes by id. */
export function removeAlarm(alarms: readonly Alarm[], id: string): Alarm[] {
  return alarms.filter((a) => a.id !== id);
}

/**
 * The next time a reminder rings at or after `from` (epoch ms), or null when it never will again
 * (inactive, or a one-off whose time has passed): the server pushes it then, when the app is closed.
 */
export function nextOccurrence(reminder: Reminder, from: number): number | null {
  if (!reminder.isActive) return null;
  const { hour, minute } = to24Hour(reminder.time, reminder.ampm);
  if (!repeats(reminder)) {
    if (!reminder.repeat.date) return null;
    const at = istAt(reminder.repeat.date, hour, minute);
    return at >= minuteOf(from) ? at : null;
  }
  for (let day = 0; day <= 7; day++) {
    const at = istAt(istDate(from + day * DAY_MS), hour, minute);
    if (at < minuteOf(from)) continue;
    if (reminder.everyday || reminder.weekDays.includes(istClock(at).weekDay)) return at;
  }
  return null;
}

/** Search (spec §2 'reminders: … search'): title or description containing the words, any case. */
export function searchReminders(reminders: readonly Reminder[], query: string): Reminder[] {
  const words = query.trim().toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...reminders];
  return reminders.filter((r) => {
    const text = `${r.title} ${r.description}`.toLocaleLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/** What the server pushes when a reminder's time comes while the app is closed (the service worker shows it). */
export interface ReminderPushPayload {
  type: 'reminder';
  reminderId: string;
  title: string;
  body: string;
  url: string;
}

/**
 * `body` is the notification's line in the owner's language (the server writes it from its
 * catalogue); without one, the 24-hour time and the description. The title is the owner's own words.
 */
export function reminderPushPayload(reminder: Reminder, body?: string): ReminderPushPayload {
  const { hour, minute } = to24Hour(reminder.time, reminder.ampm);
  const clock = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
  return {
    type: 'reminder',
    reminderId: reminder.id,
    title: reminder.title,
    body: body ?? (reminder.description ? `${clock} · ${reminder.description}` : clock),
    url: '/#/my-reminder',
  };
}

/**
 * The order of the reminders list: the next to ring first (IST), then the ones that will not ring
 * again: switched-off repeating ones by time of day, then one-offs, the latest date first. Ties by
 * title. The same on every phone and after every sync, whatever order they were saved in.
 */
export function sortReminders(reminders: readonly Reminder[], now: number): Reminder[] {
  const keyed = reminders.map((r) => {
    const { hour, minute } = isValid12HourTime(r.time) ? to24Hour(r.time, r.ampm) : { hour: 0, minute: 0 };
    const oneOff = !repeats(r) && r.repeat.date !== null;
    // Ringing: by the next time. Not ringing: repeating ones (rank 1) by time of day, one-offs (rank 2) latest first.
    const next = nextOccurrence(r, now);
    const rank = next !== null ? 0 : oneOff ? 2 : 1;
    const key = next ?? (oneOff && r.repeat.date ? -istAt(r.repeat.date, hour, minute) : hour * 60 + minute);
    return { r, rank, key };
  });
  return keyed.sort((a, b) => a.rank - b.rank || a.key - b.key || a.r.title.localeCompare(b.r.title)).map((k) => k.r);
}
