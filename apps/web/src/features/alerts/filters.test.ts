import { describe, expect, it } from 'vitest';
import { istDayRangeSeconds } from '@tractorlink/domain/time';
import { DEFAULT_FILTER, emptyMessage, filterDates, filterKey, listParams, twoMonthsBackStart } from './filters';
import type { AlertFilter } from './filters';

const f = (over: Partial<AlertFilter>): AlertFilter => ({ ...DEFAULT_FILTER, ...over });
const TODAY = '2026-11-22';

describe('the empty message of each filter (spec §8: no alerts today, critical, unread, for the filter)', () => {
  it.each<[string, Partial<AlertFilter>, ReturnType<typeof emptyMessage>]>([
    ['critical tab, two months (the default)', {}, 'critical'],
    ['critical tab, today', { frequency: 'today' }, 'critical'],
    ['other alerts, today', { tab: 'others', frequency: 'today' }, 'today'],
    ['other alerts, two months', { tab: 'others' }, 'filter'],
    ['unread only, critical', { unreadOnly: true }, 'unread'],
    ['unread only, other alerts today', { tab: 'others', frequency: 'today', unreadOnly: true }, 'unread'],
    ['a severity', { severity: 'HIGH' }, 'filter'],
    ['a severity with unread only', { severity: 'LOW', unreadOnly: true }, 'filter'],
    ['this week', { frequency: 'week' }, 'filter'],
    ['dates from the calendar', { frequency: null, dates: { first: '2026-11-01', last: '2026-11-05' } }, 'filter'],
    ['all tractors does not narrow', { allTractors: true, tab: 'others', frequency: 'today' }, 'today'],
  ])('%s', (_name, over, want) => {
    expect(emptyMessage(f(over))).toBe(want);
  });
});

describe('the period of a filter', () => {
  it('two months starts on the first day of the month two months back (spec §9), across a year end', () => {
    expect(twoMonthsBackStart('2026-11-22')).toBe('2026-09-01');
    expect(twoMonthsBackStart('2026-02-28')).toBe('2025-12-01');
    expect(twoMonthsBackStart('2026-01-01')).toBe('2025-11-01');
  });

  it('today, this week (7 days with today), two months, or the calendar dates', () => {
    expect(filterDates(f({ frequency: 'today' }), TODAY)).toEqual({ first: TODAY, last: TODAY });
    expect(filterDates(f({ frequency: 'week' }), TODAY)).toEqual({ first: '2026-11-16', last: TODAY });
    expect(filterDates(f({}), TODAY)).toEqual({ first: '2026-09-01', last: TODAY });
    expect(filterDates(f({ frequency: null, dates: { first: '2026-10-01', last: '2026-10-03' } }), TODAY)).toEqual({ first: '2026-10-01', last: '2026-10-03' });
  });

  it('asks the API from 00:00:00 of the first day to 23:59:59 of the last, IST', () => {
    const p = listParams(f({}), 'VIN1', TODAY);
    expect(p).toEqual({
      startDateTime: String(istDayRangeSeconds('2026-09-01').startDateTime),
      endDateTime: String(istDayRangeSeconds(TODAY).endDateTime),
      critical: 'true',
      vin: 'VIN1',
    });
    expect(Number(p.endDateTime) - Number(p.startDateTime)).toBeLessThanOrEqual(93 * 86_400);
  });

  it('sends the narrowing filters, and no vin for all tractors', () => {
    expect(listParams(f({ tab: 'others', severity: 'MEDIUM', unreadOnly: true, allTractors: true }), 'VIN1', TODAY)).toMatchObject({
      critical: 'false',
      severity: 'MEDIUM',
      status: 'unread',
    });
    expect(listParams(f({ allTractors: true }), 'VIN1', TODAY)).not.toHaveProperty('vin');
  });

  it('keys the cache by meaning, not by day, so the list kept offline is found the next day', () => {
    expect(filterKey(f({}))).toBe(filterKey(f({})));
    expect(filterKey(f({ frequency: 'today' }))).not.toBe(filterKey(f({})));
    expect(filterKey(f({ unreadOnly: true }))).not.toBe(filterKey(f({})));
  });
});
