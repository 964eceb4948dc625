import { describe, expect, it } from 'vitest';
import {
  CALENDAR_KEYS,
  calendarWindow,
  cancelCalendar,
  footerHint,
  isOkEnabled,
  isSelectable,
  monthChoices,
  openCalendar,
  periodSeconds,
  pickDate,
  saveCalendar,
  saveMonth,
  switchMode,
  usagePeriod,
} from './calendar';
import type { SavedCalendar } from './calendar';

const TODAY = '2026-11-21';
const empty: SavedCalendar = {};

describe('calendar dialog (spec §2)', () => {
  it('has two modes: day and range', () => {
    expect(openCalendar('day', empty).mode).toBe('day');
    expect(openCalendar('range', empty).mode).toBe('range');
    expect(switchMode(openCalendar('day', empty), 'range').mode).toBe('range');
  });

  it("range mode before a start is chosen hints 'please select a date range'", () => {
    expect(footerHint(openCalendar('range', empty))).toBe('selectDateRange');
  });

  it("range mode after a start is chosen hints 'please select an end date'", () => {
    expect(footerHint(pickDate(openCalendar('range', empty), '2026-11-10', TODAY))).toBe('selectEndDate');
  });

  it("day mode hints 'please select a date'", () => {
    expect(footerHint(openCalendar('day', empty))).toBe('selectDate');
  });

  it('OK is disabled until the selection is complete (no hint once it is)', () => {
    const s = openCalendar('day', empty);
    expect(isOkEnabled(s)).toBe(false);
    const picked = pickDate(s, '2026-11-20', TODAY);
    expect(isOkEnabled(picked)).toBe(true);
    expect(footerHint(picked)).toBeNull();
  });
});

describe('calendar rules (spec §4)', () => {
  it('range mode: OK is disabled until both start and end are chosen', () => {
    let s = openCalendar('range', empty);
    expect(isOkEnabled(s)).toBe(false);
    s = pickDate(s, '2026-11-01', TODAY);
    expect(isOkEnabled(s)).toBe(false);
    s = pickDate(s, '2026-11-05', TODAY);
    expect(s).toMatchObject({ start: '2026-11-01', end: '2026-11-05' });
    expect(isOkEnabled(s)).toBe(true);
  });

  it('choosing a new start clears the end and disables OK', () => {
    const complete = pickDate(pickDate(openCalendar('range', empty), '2026-11-01', TODAY), '2026-11-05', TODAY);
    const restarted = pickDate(complete, '2026-11-10', TODAY);
    expect(restarted).toMatchObject({ start: '2026-11-10', end: null });
    expect(isOkEnabled(restarted)).toBe(false);
  });

  it('day mode: OK is enabled after a day is picked, or when a saved day exists', () => {
    expect(isOkEnabled(pickDate(openCalendar('day', empty), '2026-11-19', TODAY))).toBe(true);
    expect(isOkEnabled(openCalendar('day', { [CALENDAR_KEYS.day]: '2026-11-18' }))).toBe(true);
  });

  it('a previously saved range or day is preselected', () => {
    const saved: SavedCalendar = { [CALENDAR_KEYS.start]: '2026-10-01', [CALENDAR_KEYS.end]: '2026-10-07', [CALENDAR_KEYS.day]: '2026-11-02' };
    expect(openCalendar('range', saved)).toMatchObject({ start: '2026-10-01', end: '2026-10-07' });
    expect(openCalendar('day', saved)).toMatchObject({ day: '2026-11-02' });
  });

  it('saving a range removes the saved day, and saving a day removes the saved range', () => {
    const withDay: SavedCalendar = { [CALENDAR_KEYS.day]: '2026-11-02' };
    const range = pickDate(pickDate(openCalendar('range', withDay), '2026-11-01', TODAY), '2026-11-05', TODAY);
    const afterRange = saveCalendar(withDay, range);
    expect(afterRange[CALENDAR_KEYS.day]).toBeUndefined();
    expect(afterRange).toMatchObject({ [CALENDAR_KEYS.start]: '2026-11-01', [CALENDAR_KEYS.end]: '2026-11-05' });

    const day = pickDate(openCalendar('day', afterRange), '2026-11-20', TODAY);
    const afterDay = saveCalendar(afterRange, day);
    expect(afterDay[CALENDAR_KEYS.start]).toBeUndefined();
    expect(afterDay[CALENDAR_KEYS.end]).toBeUndefined();
    expect(afterDay[CALENDAR_KEYS.day]).toBe('2026-11-20');
  });

  it("Cancel stores 'close'", () => {
    const saved: SavedCalendar = { [CALENDAR_KEYS.day]: '2026-11-02', [CALENDAR_KEYS.mode]: 'day' };
    expect(cancelCalendar(saved)).toEqual({ ...saved, [CALENDAR_KEYS.close]: 'close' });
  });

  it("Save stores 'ok' plus the mode", () => {
    const s = pickDate(openCalendar('day', empty), '2026-11-20', TODAY);
    expect(saveCalendar(empty, s)).toMatchObject({ [CALENDAR_KEYS.close]: 'ok', [CALENDAR_KEYS.mode]: 'day' });
    const r = pickDate(pickDate(openCalendar('range', empty), '2026-11-01', TODAY), '2026-11-02', TODAY);
    expect(saveCalendar(empty, r)).toMatchObject({ [CALENDAR_KEYS.close]: 'ok', [CALENDAR_KEYS.mode]: 'range' });
    // Nothing is saved while OK is disabled.
    expect(saveCalendar(empty, openCalendar('range', empty))).toEqual(empty);
  });
});

describe('calendar limits (spec §5, §9)', () => {
  it('a range needs start and end, and backwards selection is not allowed', () => {
    const s = pickDate(pickDate(openCalendar('range', empty), '2026-11-10', TODAY), '2026-11-03', TODAY);
    // The earlier tap becomes the new start, never an end before the start.
    expect(s).toMatchObject({ start: '2026-11-03', end: null });
    expect(isOkEnabled(s)).toBe(false);
    // A saved backwards range is not preselected.
    expect(openCalendar('range', { [CALENDAR_KEYS.start]: '2026-11-10', [CALENDAR_KEYS.end]: '2026-11-03' })).toMatchObject({ start: null, end: null });
  });

  it('the selectable window starts 90 days back from today (range and day mode)', () => {
    expect(calendarWindow(TODAY)).toEqual({ first: '2026-08-23', last: TODAY });
    expect(isSelectable('2026-08-23', TODAY)).toBe(true);
    expect(isSelectable('2026-08-22', TODAY)).toBe(false);
    expect(isSelectable('2026-11-22', TODAY)).toBe(false);
    expect(pickDate(openCalendar('day', empty), '2026-08-22', TODAY).day).toBeNull();
    expect(pickDate(openCalendar('range', empty), '2026-08-22', TODAY).start).toBeNull();
  });

  it('month-year choices start two years back from 1 January', () => {
    const months = monthChoices(TODAY);
    expect(months[0]).toBe('2026-11');
    expect(months.at(-1)).toBe('2024-01');
    expect(months).toHaveLength(11 + 24);
    const s = saveMonth(empty, '2025-02');
    expect(s).toMatchObject({ [CALENDAR_KEYS.mode]: 'month', [CALENDAR_KEYS.month]: '2025-02' });
  });

  it('day-range timestamps run 00:00:00 to 23:59:59 IST in seconds', () => {
    const { startDateTime, endDateTime } = periodSeconds({ first: '2026-11-01', last: '2026-11-02' });
    expect(startDateTime).toBe(Date.UTC(2026, 9, 31, 18, 30) / 1000);
    expect(endDateTime - startDateTime).toBe(2 * 86_400 - 1);
  });

  it('the usage period follows the saved mode: today by default, a month ends today at the latest', () => {
    expect(usagePeriod(empty, TODAY)).toEqual({ filter: 'day', first: TODAY, last: TODAY });
    expect(usagePeriod(saveMonth(empty, '2026-11'), TODAY)).toEqual({ filter: 'month', first: '2026-11-01', last: TODAY });
    expect(usagePeriod(saveMonth(empty, '2026-02'), TODAY)).toEqual({ filter: 'month', first: '2026-02-01', last: '2026-02-28' });
    const range = saveCalendar(empty, pickDate(pickDate(openCalendar('range', empty), '2026-11-01', TODAY), '2026-11-05', TODAY));
    expect(usagePeriod(range, TODAY)).toEqual({ filter: 'range', first: '2026-11-01', last: '2026-11-05' });
  });
});
