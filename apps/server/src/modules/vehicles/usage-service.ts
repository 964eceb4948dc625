import type { Kysely } from 'kysely';
import { isFuelDrop } from '@tractorlink/domain/diesel-status';
import { lttb, thinTrack } from '@tractorlink/domain/downsample';
import { isPlausibleFix } from '@tractorlink/domain/geo';
import type { Point2, TrackPoint } from '@tractorlink/domain/downsample';
import { DAY_MS, HOUR_MS, IST_OFFSET_MS, istDate, istDayRangeSeconds, istDayStart, istHourStart, istMidnight } from '@tractorlink/domain/time';
import { addTotals, emptyTotals, isForenoon, knownUsageReport } from '@tractorlink/domain/usage';
import type { UsageTotals } from '@tractorlink/domain/usage';
import { HISTORY_MAX_DAYS, HISTORY_MAX_POINTS, TRACK_MAX_POINTS } from '@tractorlink/domain/vehicles-rules';
import type { AggregationQuery, AggregationResponse, HistoryResponse, TrackResponse, UsageReportValues } from '@tractorlink/domain/vehicles-api';
import { isWorking } from '@tractorlink/domain/work';
import type { Clock } from '../../clock';
import type { Database } from '../../db/types';
import { AppError } from '../../errors/app-error';
import { liveState, round, toSeconds } from './live-state';
import { fixesBetween, fuelNetChangeFrom, hourRows, refuelsBetween, usageByIstHour } from './repo';
import type { TractorWithState } from './repo';
import { ownedOrNotFound } from './service';
import { usageSources } from './sources';

/** Default history window. */
const HISTORY_DEFAULT_MS = 7 * DAY_MS;
/** Most fixes read for one day's replay: one a second all day. */
const TRACK_MAX_ROWS = 86_400;

/** The period of an aggregation in epoch seconds, inclusive (00:00:00–23:59:59 IST for whole days). */
export function aggregationPeriod(q: AggregationQuery, now: number): { start: number; end: number } {
  if (q.startDateTime !== undefined && q.endDateTime !== undefined) return { start: Number(q.startDateTime), end: Number(q.endDateTime) };
  const today = istDate(now);
  if (q.aggregationOption === 'month') {
    const [year, month] = today.split('-').map(Number) as [number, number];
    const first = istMidnight(`${today.slice(0, 7)}-01`);
    const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
    return { start: first / 1000, end: istMidnight(next) / 1000 - 1 };
  }
  const { startDateTime, endDateTime } = istDayRangeSeconds(today);
  return { start: startDateTime, end: endDateTime };
}

/** Usage reports, hourly down-sampled diesel and daily engine charts, and route replay. */
export class UsageService {
  constructor(private readonly deps: { db: Kysely<Database>; clock: Clock; offlineAfterMs: number }) {}

  private live(t: TractorWithState) {
    return liveState(t, this.deps.clock.now(), this.deps.offlineAfterMs);
  }

  private fuelNow(t: TractorWithState): number | undefined {
    return this.live(t).fuelL;
  }

  /**
   * The smoothed level at the end of the hours before `hourMs`: today's level less every change
   * since. Only rollups are read, and refuels and burning since then are both accounted for.
   */
  private async levelBefore(t: TractorWithState, hourMs: number): Promise<number | undefined> {
    const now = this.fuelNow(t);
    if (now === undefined) return undefined;
    return now - (await fuelNetChangeFrom(this.deps.db, t.tractor.id, hourMs));
  }

  /**
   * Spec §2 usage summaries: all day, forenoon (00:00–11:59 IST) and afternoon (12:00–23:59 IST)
   * over a day, a range or a month, summed from the hourly rollups (at most 24 grouped rows).
   * Hours are the granularity: an hour counts when it starts inside the period.
   */
  async aggregations(userId: string, vin: string, q: AggregationQuery): Promise<AggregationResponse> {
    const t = await ownedOrNotFound(this.deps.db, userId, vin);
    const { start, end } = aggregationPeriod(q, this.deps.clock.now());
    const fromMs = istHourStart(start * 1000);
    const toMs = (end + 1) * 1000;
    const byHour = await usageByIstHour(this.deps.db, t.tractor.id, fromMs, toMs);
    const all = emptyTotals();
    const forenoon = emptyTotals();
    const afternoon = emptyTotals();
    for (const { hour, totals } of byHour) {
      addTotals(all, totals);
      // A representative instant of that IST hour, so the domain rule decides the half.
      addTotals(isForenoon(hour * HOUR_MS - IST_OFFSET_MS) ? forenoon : afternoon, totals);
    }
    const level = await this.levelBefore(t, istHourStart(toMs - 1) + HOUR_MS);
    const remaining = level === undefined ? null : round(Math.max(0, level), 1);
    const sources = await usageSources(this.deps.db, t, this.live(t));
    const report = (totals: UsageTotals): UsageReportValues => ({ ...knownUsageReport(totals, sources), dieselRemainingL: remaining });
    return {
      vin: t.tractor.vin,
      aggregationOption: q.aggregationOption,
      startDateTime: start,
      endDateTime: end,
      hasData: byHour.some((h) => h.rows > 0),
      allDay: report(all),
      forenoon: report(forenoon),
      afternoon: report(afternoon),
    };
  }

  /** Chart series over at most 92 days from the hourly rollups: ≤ 2,208 rows, thinned to 500 points. */
  async history(userId: string, vin: string, q: { from?: string; to?: string }): Promise<HistoryResponse> {
    const { db, clock } = this.deps;
    const t = await ownedOrNotFound(db, userId, vin);
    const now = clock.now();
    // Whole IST days by default (spec §9: 00:00:00 to 23:59:59), as the charts count by day: the
    // seven days to today's end, or the seven ending at a lone `to`.
    const to = q.to !== undefined ? Number(q.to) : istDayRangeSeconds(istDate(now)).endDateTime;
    const from = q.from !== undefined ? Number(q.from) : to + 1 - HISTORY_DEFAULT_MS / 1000;
    // The query schema checks a pair; a lone `from` is checked against its default `to` here.
    if (to < from) throw new AppError('VALIDATION_FAILED', { details: [{ path: 'to', code: 'RANGE_BACKWARDS' }] });
    if (to - from > HISTORY_MAX_DAYS * 86_400) throw new AppError('VALIDATION_FAILED', { details: [{ path: 'from', code: 'RANGE_TOO_LONG' }] });
    const fromMs = istHourStart(from * 1000);
    const toMs = (to + 1) * 1000;
    const hours = await hourRows(db, t.tractor.id, fromMs, toMs);
    const tank = t.tractor.tank_capacity_l;

    // Walk back from the level at the end of the window, undoing each hour's change.
    const fuelLevel: Point2[] = [];
    let level = await this.levelBefore(t, istHourStart(toMs - 1) + HOUR_MS);
    if (level !== undefined) {
      for (let i = hours.length - 1; i >= 0; i--) {
        const h = hours[i] as (typeof hours)[number];
        fuelLevel.push([toSeconds(Math.min(h.hourStart + HOUR_MS, now)), round(Math.max(0, level), 1)]);
        level -= h.fuelNetChangeL;
      }
      fuelLevel.reverse();
    }
    // Refuels are events (a few a week), listed each at its own time, never thinned.
    const refuels: Point2[] = (await refuelsBetween(db, t.tractor.id, fromMs, toMs)).map((r) => [toSeconds(r.start), round(r.litres, 1)]);
    const drops: Point2[] = hours.filter((h) => isFuelDrop(h, tank)).map((h) => [toSeconds(h.hourStart), round(-h.fuelNetChangeL, 1)]);

    const days = new Map<number, { engineS: number; rpmWeighted: number; rpmS: number }>();
    for (const h of hours) {
      const day = istDayStart(h.hourStart);
      const d = days.get(day) ?? { engineS: 0, rpmWeighted: 0, rpmS: 0 };
      d.engineS += h.engineS;
      d.rpmWeighted += h.rpmWeighted;
      d.rpmS += h.rpmS;
      days.set(day, d);
    }
    const perDay = [...days].sort(([a], [b]) => a - b);
    return {
      vin: t.tractor.vin,
      from,
      to,
      fuelLevel: lttb(fuelLevel, HISTORY_MAX_POINTS),
      refuels,
      drops: lttb(drops, HISTORY_MAX_POINTS),
      engineHoursPerDay: lttb(
        perDay.map(([day, d]) => [toSeconds(day), round(d.engineS / 3600, 2)]),
        HISTORY_MAX_POINTS,
      ),
      // A day without an RPM reading is left out rather than plotted as 0 RPM.
      averageRpmPerDay: lttb(
        perDay.filter(([, d]) => d.rpmS > 0).map(([day, d]) => [toSeconds(day), Math.round(d.rpmWeighted / d.rpmS)]),
        HISTORY_MAX_POINTS,
      ),
    };
  }

  /** One IST day's fixes for route replay, coloured by work, thinned to 2,000 points keeping turns. */
  async track(userId: string, vin: string, date: string | undefined): Promise<TrackResponse> {
    const { db, clock } = this.deps;
    const t = await ownedOrNotFound(db, userId, vin);
    const day = date ?? istDate(clock.now());
    const dayStart = istMidnight(day);
    const fixes = await fixesBetween(db, t.tractor.id, dayStart, dayStart + DAY_MS, TRACK_MAX_ROWS);
    // Thinning needs a number in the speed slot; fixes sent without a speed get theirs back as null.
    const noSpeed = new Set<TrackPoint>();
    // A 0,0 sent for "no fix" is no place on the route.
    const points: TrackPoint[] = fixes
      .filter((f) => isPlausibleFix(f))
      .map((f) => {
        const reading = {
          ignition: f.ignition === null ? undefined : f.ignition === 1,
          pto: f.pto === null ? undefined : f.pto === 1,
          speedKmh: f.speedKmh ?? undefined,
          rpm: f.rpm ?? undefined,
        };
        const point: TrackPoint = [toSeconds(f.time), f.lat, f.lon, round(f.speedKmh ?? 0, 1), isWorking(reading) ? 1 : 0];
        if (f.speedKmh === null) noSpeed.add(point);
        return point;
      });
    const thinned = thinTrack(points, TRACK_MAX_POINTS).map((p): TrackResponse['points'][number] => [p[0], p[1], p[2], noSpeed.has(p) ? null : p[3], p[4]]);
    return { vin: t.tractor.vin, date: day, points: thinned, totalPoints: points.length };
  }
}
