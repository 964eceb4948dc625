/**
 * Service due (spec §1 "service-due status", §3 alert types "service due" and "service due
 * pre-reminders 1 to 5"). A service falls due every `serviceIntervalH` engine hours after the last
 * one; five pre-reminders come before it, numbered 1 (earliest) to 5 (closest).
 */

export type ServiceDueStatus = 'ok' | 'due_soon' | 'overdue';

/** Hours before the due point at which pre-reminders 1–5 fire, for the usual 250–500 h intervals. */
export const PRE_REMINDER_HOURS = [50, 40, 30, 20, 10] as const;
/** Below this interval the fixed hours would all fire at once: they scale with the interval instead. */
const SCALE_BELOW_INTERVAL_H = 100;

export interface PreReminder {
  /** 1 to 5 (alert variants P1–P5). */
  number: number;
  hoursBefore: number;
  /** Engine hours at which it fires. */
  atHours: number;
  reached: boolean;
}

export interface ServiceDue {
  status: ServiceDueStatus;
  /** Engine hours at which the next service is due. */
  dueAtHours: number;
  /** Negative when overdue. */
  hoursLeft: number;
  preReminders: PreReminder[];
  /** The latest pre-reminder reached before the due point; null when none is or the service is overdue. */
  currentPreReminder: number | null;
}

const round1 = (v: number) => Math.round(v * 10) / 10;

/** Hours before the due point of pre-reminders 1–5 for an interval. */
export function preReminderHours(serviceIntervalH: number): number[] {
  if (serviceIntervalH >= SCALE_BELOW_INTERVAL_H) return [...PRE_REMINDER_HOURS];
  return PRE_REMINDER_HOURS.map((h) => round1((h / SCALE_BELOW_INTERVAL_H) * serviceIntervalH));
}

/**
 * ok until the first pre-reminder, due_soon from then until the due point, overdue at or past it.
 * The due point is the last service plus one interval; engine hours run on past it until a
 * service is recorded.
 */
export function serviceDue(input: { engineHours: number; lastServiceAtHours: number; serviceIntervalH: number }): ServiceDue {
  const dueAtHours = round1(input.lastServiceAtHours + input.serviceIntervalH);
  const hoursLeft = round1(dueAtHours - input.engineHours);
  const before = preReminderHours(input.serviceIntervalH);
  const preReminders = before.map((hoursBefore, i) => ({
    number: i + 1,
    hoursBefore,
    atHours: round1(dueAtHours - hoursBefore),
    reached: hoursLeft <= hoursBefore,
  }));
  const status: ServiceDueStatus = hoursLeft <= 0 ? 'overdue' : hoursLeft <= (before[0] ?? 0) ? 'due_soon' : 'ok';
  const reached = preReminders.filter((p) => p.reached);
  const currentPreReminder = status === 'due_soon' ? (reached.at(-1)?.number ?? null) : null;
  return { status, dueAtHours, hoursLeft, preReminders, currentPreReminder };
}
