import { describe, expect, it } from 'vitest';
import { istClock, istSeconds, readWhen, todayIst } from './when';

/** 20 Nov 2026, 10:00 in India. */
const now = Date.UTC(2026, 10, 20, 4, 30) / 1000;
const at = (hhmm: string, day = '2026-11-20') => istSeconds(day, hhmm) ?? NaN;

describe('when a job was done, in India (issue 17)', () => {
  it('reads an IST day and time as Unix seconds, and back', () => {
    expect(at('10:00')).toBe(now);
    expect(istClock(now)).toBe('10:00');
    expect(todayIst(now)).toBe('2026-11-20');
    expect(istSeconds('2026-11-20', '24:10')).toBeNull();
  });

  it('starting now runs from now; started earlier is today at that time', () => {
    expect(readWhen({ kind: 'now', day: '', start: '', end: '' }, now)).toEqual({ startAt: now, endAt: null, problems: {} });
    expect(readWhen({ kind: 'earlier', day: '2026-01-01', start: '07:40', end: '' }, now)).toEqual({ startAt: at('07:40'), endAt: null, problems: {} });
    expect(readWhen({ kind: 'earlier', day: '', start: '11:00', end: '' }, now).problems).toEqual({ start: 'START_IN_FUTURE' });
  });

  it('a job already done has an end after its start, not in the future, within a day', () => {
    expect(readWhen({ kind: 'done', day: '2026-11-19', start: '07:40', end: '11:40' }, now)).toEqual({
      startAt: at('07:40', '2026-11-19'),
      endAt: at('11:40', '2026-11-19'),
      problems: {},
    });
    // Threshing through the night: the end is the next morning.
    expect(readWhen({ kind: 'done', day: '2026-11-19', start: '22:00', end: '02:00' }, now).endAt).toBe(at('02:00'));
    expect(readWhen({ kind: 'done', day: '2026-11-20', start: '09:00', end: '08:00' }, now).problems).toEqual({ end: 'END_BEFORE_START' });
    expect(readWhen({ kind: 'done', day: '2026-11-20', start: '09:00', end: '12:00' }, now).problems).toEqual({ end: 'END_IN_FUTURE' });
    expect(readWhen({ kind: 'done', day: '2026-11-20', start: '', end: '' }, now).problems).toEqual({ start: 'REQUIRED', end: 'REQUIRED' });
  });
});
