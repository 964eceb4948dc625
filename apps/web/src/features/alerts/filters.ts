import { addDays } from '@tractorlink/domain/calendar';
import type { AlertSeverity } from '@tractorlink/domain/alerts-catalog';
import { istDayRangeSeconds } from '@tractorlink/domain/time';
import { createStore } from '../../lib/store';

/**
 * The alerts screen's filters (spec §2 "alerts, critical and others, filtered by date, frequency
 * and high or low, and unread"), as plain data so the rules are tested without a screen.
 *
 * - tab: critical or others (the catalogue's critical flag);
 * - frequency: today, this week (the last 7 days, today included) or two months (spec §9's window,
 *   from the first day of the month two months back to today 23:59:59: the default). Choosing dates
 *   on the calendar replaces the frequency with that range (at most the calendar's 90 days);
 * - severity: all, high, medium or low (the catalogue has three levels; the spec's "high or low"
 *   would leave medium alerts under neither);
 * - unread only;
 * - all tractors, or only the selected one (spec selectedTractor; the default).
 */
export type AlertTab = 'critical' | 'others';
export type Frequency = 'today' | 'week' | 'twoMonths';
export type SeverityFilter = 'all' | AlertSeverity;

export interface AlertFilter {
  tab: AlertTab;
  /** null while a date range chosen on the calendar applies. */
  frequency: Frequency | null;
  /** IST dates 'YYYY-MM-DD', inclusive. */
  dates: { first: string; last: string } | null;
  severity: SeverityFilter;
  unreadOnly: boolean;
  allTractors: boolean;
}

export const DEFAULT_FILTER: AlertFilter = {
  tab: 'critical',
  frequency: 'twoMonths',
  dates: null,
  severity: 'all',
  unreadOnly: false,
  allTractors: false,
};

export const FREQUENCIES: readonly Frequency[] = ['today', 'week', 'twoMonths'];
export const SEVERITY_FILTERS: readonly SeverityFilter[] = ['all', 'HIGH', 'MEDIUM', 'LOW'];

/** First day of the month two months before `today` (spec §9: '2026-11-22' → '2026-09-01'). */
export function twoMonthsBackStart(today: string): string {
  const index = Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7)) - 1 - 2;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/** The IST dates a filter covers. */
export function filterDates(filter: AlertFilter, today: string): { first: string; last: string } {
  if (filter.dates) return filter.dates;
  if (filter.frequency === 'today') return { first: today, last: today };
  if (filter.frequency === 'week') return { first: addDays(today, -6), last: today };
  return { first: twoMonthsBackStart(today), last: today };
}

/** The GET alerts query of a filter (page and pageSize are added per page). */
export function listParams(filter: AlertFilter, vin: string | undefined, today: string): Record<string, string> {
  const { first, last } = filterDates(filter, today);
  const params: Record<string, string> = {
    startDateTime: String(istDayRangeSeconds(first).startDateTime),
    endDateTime: String(istDayRangeSeconds(last).endDateTime),
    critical: String(filter.tab === 'critical'),
  };
  if (!filter.allTractors && vin) params.vin = vin;
  if (filter.severity !== 'all') params.severity = filter.severity;
  if (filter.unreadOnly) params.status = 'unread';
  return params;
}

/**
 * The cache key of a filter: what it means, not its timestamps, so the list kept for offline use
 * is found again on another day (and refetched as soon as there is a network).
 */
export function filterKey(filter: AlertFilter): string {
  const when = filter.dates ? `${filter.dates.first}_${filter.dates.last}` : (filter.frequency ?? 'twoMonths');
  return [filter.tab, when, filter.severity, filter.unreadOnly ? 'unread' : 'any'].join(':');
}

export type EmptyMessage = 'today' | 'critical' | 'unread' | 'filter';

/**
 * Which spec §8 message an empty list shows ("no alerts today, critical, unread, for the filter"):
 * a narrowed search (a severity, this week, chosen dates) says "for the filter"; otherwise unread
 * only says "no unread alerts", the critical tab "no critical alerts", today "no alerts today", and
 * the other tab over two months "for the filter" (the tab is the filter).
 */
export function emptyMessage(filter: AlertFilter): EmptyMessage {
  const narrowed = filter.severity !== 'all' || filter.dates !== null || filter.frequency === 'week';
  if (narrowed) return 'filter';
  if (filter.unreadOnly) return 'unread';
  if (filter.tab === 'critical') return 'critical';
  if (filter.frequency === 'today') return 'today';
  return 'filter';
}

/** The filter in use, kept while the owner opens an alert and comes back (not across restarts). */
export const alertFilterStore = createStore<AlertFilter>(DEFAULT_FILTER);
