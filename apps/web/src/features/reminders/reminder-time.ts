import { IST_OFFSET_MS, istDate } from '@tractorlink/domain/time';
import { to24Hour, WEEK_DAYS, type Reminder, type WeekDay } from '@tractorlink/domain/alarms';

/** The native time input's 'HH:MM' (24-hour) as the spec's 12-hour time and am/pm, and back. */
export function from24(value: string): { time: string; ampm: 'am' | 'pm' } {
  const [h = 0, m = 0] = value.split(':').map(Number);
  const ampm = h >= 12 ? 'pm' : 'am';
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return { time: `${String(hour12).padStart(2, '0')}:${String(m).padStart(2, '0')}`, ampm };
}

export function to24(time: string, ampm: 'am' | 'pm'): string {
  const { hour, minute } = to24Hour(time, ampm);
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

export type When = 'date' | 'everyday' | 'weekdays';
export const whenOf = (r: Pick<Reminder, 'everyday' | 'weekDays'>): When => (r.everyday ? 'everyday' : r.weekDays.length > 0 ? 'weekdays' : 'date');

/**
 * A new reminder's starting values: in an hour, on that hour's day (after 23:00 that is tomorrow: today
 * would be a time already passed). Reminder times are IST, whatever the phone's time zone.
 */
export function blankReminder(now = Date.now()): Reminder {
  const inAnHour = now + 3600_000;
  const ist = new Date(inAnHour + IST_OFFSET_MS);
  const { time, ampm } = from24(`${ist.getUTCHours()}:${ist.getUTCMinutes()}`);
  return {
    id: crypto.randomUUID(),
    title: '',
    description: '',
    time,
    ampm,
    repeat: { date: istDate(inAnHour) },
    everyday: false,
    weekDays: [],
    isActive: true,
  };
}

export const sortDays = (days: WeekDay[]) => WEEK_DAYS.filter((d) => days.includes(d));
