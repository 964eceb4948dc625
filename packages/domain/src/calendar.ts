import { istDayRangeSeconds } from './time';

/**
 * The usage calendar of spec §2 (dialog) and §4 (rules), with the limits of §5 and §9. Dates are
 * IST calendar dates 'YYYY-MM-DD' (they sort as strings); months are 'YYYY-MM'. The saved choice
 * lives under the spec's storage keys (§3), modelled here as a plain record so the rules stay pure.
 */

export type CalendarMode = 'day' | 'range';
/** The usage tab's filters: the calendar's two modes plus a month-year choice. */
export type UsageFilter = CalendarMode | 'month';

/** Spec §3 storage keys of the date selection, plus `usageMonth` for the month-year filter (ours). */
export const CALENDAR_KEYS = {
  day: 'usageDayStrtDate',
  start: 'usageCustomStrtDate',
  end: 'usageCustomEndDate',
  month: 'usageMonth',
  close: 'setclose',
  mode: 'setselectedmode',
} as const;
export type CalendarKey = (typeof CALENDAR_KEYS)[keyof typeof CALENDAR_KEYS];
export type SavedCalendar = Partial<Record<CalendarKey, string>>;

/** Spec §5/§9: the selectable window starts this many days before today. */
export const CALENDAR_WINDOW_DAYS = 90;
/** Spec §5: month-year choices start on 1 January this many years back. */
export const MONTH_CHOICE_YEARS_BACK = 2;

export interface CalendarState {
  mode: CalendarMode;
  day: string | null;
  start: string | null;
  end: string | null;
}

export type CalendarHint = 'selectDateRange' | 'selectEndDate' | 'selectDate';

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_MONTH = /^(\d{4})-(\d{2})$/;

function toUtcMs(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

export function isIsoDate(value: string | null | undefined): value is string {
  if (!value || !ISO_DATE.test(value)) return false;
  return new Date(toUtcMs(value)).toISOString().slice(0, 10) === value;
}

export function isIsoMonth(value: string | null | undefined): value is string {
  const m = value ? ISO_MONTH.exec(value) : null;
  return m !== null && Number(m[2]) >= 1 && Number(m[2]) <= 12;
}

export function addDays(date: string, days: number): string {
  return new Date(toUtcMs(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Spec §5: the selectable window in range or day mode starts 90 days back from today and ends today. */
export function calendarWindow(today: string): { first: string; last: string } {
  return { first: addDays(today, -CALENDAR_WINDOW_DAYS), last: today };
}

export function isSelectable(date: string, today: string): boolean {
  const { first, last } = calendarWindow(today);
  return isIsoDate(date) && date >= first && date <= last;
}

/** Spec §4: a previously saved range or day is preselected when the dialog opens. */
export function openCalendar(mode: CalendarMode, saved: SavedCalendar): CalendarState {
  const day = isIsoDate(saved[CALENDAR_KEYS.day]) ? (saved[CALENDAR_KEYS.day] as string) : null;
  const start = isIsoDate(saved[CALENDAR_KEYS.start]) ? (saved[CALENDAR_KEYS.start] as string) : null;
  const end = isIsoDate(saved[CALENDAR_KEYS.end]) ? (saved[CALENDAR_KEYS.end] as string) : null;
  // A half-saved or backwards range is no range.
  const range = start && end && end >= start ? { start, end } : { start: null, end: null };
  return { mode, day, ...range };
}

/**
 * A tap on a date. Day mode: that day. Range mode: the first tap chooses the start; the next one the
 * end, unless it lies before the start (spec §5: no backwards selection), when it becomes the new
 * start. A tap after a complete range starts a new one: a new start clears the end (spec §4).
 * Dates outside the window are ignored.
 */
export function pickDate(state: CalendarState, date: string, today: string): CalendarState {
  if (!isSelectable(date, today)) return state;
  if (state.mode === 'day') return { ...state, day: date };
  if (state.start === null || state.end !== null || date < state.start) return { ...state, start: date, end: null };
  return { ...state, end: date };
}

/** Switching mode keeps what each mode had chosen. */
export function switchMode(state: CalendarState, mode: CalendarMode): CalendarState {
  return { ...state, mode };
}

/** Spec §4: range mode needs both start and end; day mode a picked or saved day. */
export function isOkEnabled(state: CalendarState): boolean {
  return state.mode === 'range' ? state.start !== null && state.end !== null : state.day !== null;
}

/** Spec §2 footer hints; null once the selection is complete. */
export function footerHint(state: CalendarState): CalendarHint | null {
  if (isOkEnabled(state)) return null;
  if (state.mode === 'day') return 'selectDate';
  return state.start === null ? 'selectDateRange' : 'selectEndDate';
}

/**
 * Spec §4 Save: stores 'ok' plus the mode; saving a range removes the saved day and saving a day
 * removes the saved range. An incomplete selection saves nothing.
 */
export function saveCalendar(saved: SavedCalendar, state: CalendarState): SavedCalendar {
  if (!isOkEnabled(state)) return saved;
  const next: SavedCalendar = { ...saved, [CALENDAR_KEYS.close]: 'ok', [CALENDAR_KEYS.mode]: state.mode };
  if (state.mode === 'range') {
    next[CALENDAR_KEYS.start] = state.start as string;
    next[CALENDAR_KEYS.end] = state.end as string;
    delete next[CALENDAR_KEYS.day];
  } else {
    next[CALENDAR_KEYS.day] = state.day as string;
    delete next[CALENDAR_KEYS.start];
    delete next[CALENDAR_KEYS.end];
  }
  return next;
}

/** Spec §4 Cancel: stores 'close' and changes nothing else. */
export function cancelCalendar(saved: SavedCalendar): SavedCalendar {
  return { ...saved, [CALENDAR_KEYS.close]: 'close' };
}

/** Choosing a month-year filter (no dialog): the mode becomes 'month'. */
export function saveMonth(saved: SavedCalendar, month: string): SavedCalendar {
  if (!isIsoMonth(month)) return saved;
  return { ...saved, [CALENDAR_KEYS.month]: month, [CALENDAR_KEYS.mode]: 'month', [CALENDAR_KEYS.close]: 'ok' };
}

/** Spec §5: month-year choices from 1 January two years back up to this month, newest first. */
export function monthChoices(today: string): string[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const out: string[] = [];
  for (let y = year, m = month; y >= year - MONTH_CHOICE_YEARS_BACK; ) {
    out.push(`${y}-${String(m).padStart(2, '0')}`);
    m -= 1;
    if (m === 0) {
      m = 12;
      y -= 1;
    }
  }
  return out;
}

function lastDayOfMonth(month: string): string {
  const [y, m] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** The period a usage filter shows, as IST dates (a month this month ends today). */
export interface UsagePeriod {
  filter: UsageFilter;
  first: string;
  last: string;
}

/**
 * What the usage screens show, from the saved choice: the saved mode's own dates, or today when
 * nothing (or nothing valid) is saved.
 */
export function usagePeriod(saved: SavedCalendar, today: string): UsagePeriod {
  const mode = saved[CALENDAR_KEYS.mode];
  const state = openCalendar('range', saved);
  if (mode === 'range' && state.start && state.end) return { filter: 'range', first: state.start, last: state.end };
  const month = saved[CALENDAR_KEYS.month];
  if (mode === 'month' && isIsoMonth(month)) {
    const last = lastDayOfMonth(month);
    return { filter: 'month', first: `${month}-01`, last: last > today ? today : last };
  }
  const day = saved[CALENDAR_KEYS.day];
  if (mode === 'day' && isIsoDate(day)) return { filter: 'day', first: day, last: day };
  return { filter: 'day', first: today, last: today };
}

/** Spec §9: the period in epoch seconds, from 00:00:00 of the first day to 23:59:59 of the last. */
export function periodSeconds(period: { first: string; last: string }): { startDateTime: number; endDateTime: number } {
  return { startDateTime: istDayRangeSeconds(period.first).startDateTime, endDateTime: istDayRangeSeconds(period.last).endDateTime };
}
