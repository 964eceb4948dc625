import type { EncodedRulesState } from '@tractorlink/domain/alert-rules/codec';
import type { AlertRuleSet } from '@tractorlink/domain/alert-rules/rule-set';
import type { RaisedAlert, RuleInput } from '@tractorlink/domain/alert-rules/types';
import { type DieselState, type DieselStep, DieselTracker } from '@tractorlink/domain/diesel';
import { FieldCoverage } from '@tractorlink/domain/field-coverage';
import { type ImpliedSpeedState, impliedSpeedKmh } from '@tractorlink/domain/implied-speed';
import type { Reading } from '@tractorlink/domain/telemetry';
import { istDayStart, istHourStart } from '@tractorlink/domain/time';
import { addTotals, counterRunAfter, emptyTotals, MAX_INTERVAL_S, measureInterval, splitByHour, type UsageTotals } from '@tractorlink/domain/usage';
import { vehicleStatus, type VehicleStatus } from '@tractorlink/domain/vehicle-state';

/** What the ingestion side knows of a tractor. */
export interface TractorProfile {
  id: string;
  implementWidthM: number;
  tankCapacityL: number;
}

/** Persisted beside the last reading (tractor_state.processor), so a restart resumes. */
export interface ProcessorState {
  diesel: DieselState;
  /** Last status other than unknown, for the tractor picture when the newest says nothing. */
  lastStatus?: VehicleStatus;
  /** Smoothed diesel level, L. */
  fuelL?: number;
  /** Newest position, kept when later readings come without a fix. */
  lastFix?: { lat: number; lon: number; time: number };
  /** Recent fixes of a tracker that sends no speed, from which its speed is derived. */
  impliedSpeed?: ImpliedSpeedState;
  /** The alert rules' state, in their stored form (absent where the rules do not run, e.g. a day's rebuild). */
  alerts?: EncodedRulesState;
  /** Engine seconds since the worktime counter last moved (a coarse counter steps by that much at once). */
  worktimeRunS?: number;
}

export interface ProcessResult {
  /** Usage to add per IST hour. */
  hours: Map<number, UsageTotals>;
  /** IST days that received records older than ones already processed: rebuilt later. */
  lateDays: Set<number>;
  /** The oldest of those records' times. */
  lateFrom?: number;
  /** Alerts the rules raised on these readings (none without rules). */
  alerts: RaisedAlert[];
  /** Refuels confirmed on these readings. */
  refuels: RefuelEvent[];
}

/** One refuel: when the level began to rise and how many litres went in. */
export interface RefuelEvent {
  start: number;
  litres: number;
}

function addInto(hours: Map<number, UsageTotals>, hourStart: number, totals: Partial<UsageTotals>) {
  hours.set(hourStart, addTotals(hours.get(hourStart) ?? emptyTotals(), totals));
}

/** Slower than this with the PTO off, a tractor is standing (at a pump), not working a field slowly. */
const STANDING_MAX_KMH = 1.5;

/** Standing still or with the engine off: when a rise of the tank can be a refuel. */
const isStanding = (r: Reading) => r.ignition === false || ((r.speedKmh ?? 0) < STANDING_MAX_KMH && r.pto !== true);

/** Litres in the tank from what the device reports. */
export function fuelLitres(r: Reading, tankCapacityL: number): number | undefined {
  if (r.fuelLitres !== undefined) return r.fuelLitres;
  if (r.fuelPercent !== undefined) return (r.fuelPercent / 100) * tankCapacityL;
  return undefined;
}

/**
 * Incremental usage for one tractor: each new reading closes an interval with the previous one.
 * Field coverage is per IST day (the same ground worked twice in a day counts once; worked again
 * another day, it is new work).
 */
export class TractorProcessor {
  private diesel: DieselTracker;
  private coverage: FieldCoverage | undefined;
  private coverageDay = -1;
  private readonly ruleInput: RuleInput = { reading: { time: 0 }, fix: undefined, engineS: 0 };
  private readonly ruleFuel: NonNullable<RuleInput['fuel']> = { smoothedL: 0, refueling: false };

  constructor(
    readonly profile: TractorProfile,
    public last: Reading | undefined,
    public state: ProcessorState = { diesel: {} },
    /** Rebuilds a day's coverage from stored telemetry (after a restart, mid-day). */
    private readonly coverageFor: (dayStart: number) => FieldCoverage | undefined = () => undefined,
    /** The alert rules, run on live ingestion only: a rebuild of past days raises nothing. */
    private readonly rules?: AlertRuleSet,
  ) {
    this.diesel = new DieselTracker({ tankCapacityL: profile.tankCapacityL }, state.diesel);
  }

  /** The alert rules' state in its stored form (as of the newest reading processed). */
  rulesState(): EncodedRulesState | undefined {
    return this.rules ? this.rules.encode() : this.state.alerts;
  }

  /** The state as it is stored with each commit. */
  serialize(): string {
    if (this.rules) this.state.alerts = this.rules.encode();
    return JSON.stringify(this.state);
  }

  /** Processes readings sorted by time; ones not newer than the last processed are only marked late. */
  process(readings: readonly Reading[]): ProcessResult {
    const hours = new Map<number, UsageTotals>();
    const lateDays = new Set<number>();
    let lateFrom: number | undefined;
    const alerts: RaisedAlert[] = [];
    const refuels: RefuelEvent[] = [];
    for (const received of readings) {
      const prev = this.last;
      if (prev && received.time <= prev.time) {
        lateDays.add(istDayStart(received.time));
        lateFrom = Math.min(lateFrom ?? received.time, received.time);
        continue;
      }
      const r = this.withSpeed(received);
      let engineS = 0;
      if (prev) {
        const totals = measureInterval(prev, r, this.profile, this.coverageOn(prev), this.state.worktimeRunS);
        engineS = totals.engineS ?? 0;
        this.state.worktimeRunS = counterRunAfter(prev, r, this.state.worktimeRunS);
        // After a long silence only the first MAX_INTERVAL_S are counted, and they belong right after
        // the last reading, not spread over the whole gap. A worktime counter that ran on through the
        // silence says how long the engine ran, not when: that time follows the last reading at one
        // second a second, so no hour (or day) gets more engine time than it has.
        const end = Math.min(r.time, prev.time + Math.max(MAX_INTERVAL_S, totals.engineS ?? 0) * 1000);
        for (const part of splitByHour(prev.time, end, totals)) addInto(hours, part.hourStart, part.totals);
      }
      const litres = fuelLitres(r, this.profile.tankCapacityL);
      let step: DieselStep | undefined;
      // admit: a tank input never wired, or one that dropped out to 0, is not a level.
      if (litres !== undefined && this.diesel.admit(r.time, litres)) {
        step = this.diesel.push(r.time, litres, isStanding(r));
        this.state.fuelL = step.smoothedL;
        addInto(hours, istHourStart(r.time), { fuelNetChangeL: step.netChangeL });
        // A refuel is one event, counted whole in the hour it began once it is confirmed.
        if (step.refuelDone) {
          addInto(hours, istHourStart(step.refuelDone.start), { fuelRefuelL: step.refuelDone.litres });
          refuels.push(step.refuelDone);
        }
      }
      if (r.lat !== undefined && r.lon !== undefined) this.state.lastFix = { lat: r.lat, lon: r.lon, time: r.time };
      const status = vehicleStatus(r);
      if (status !== 'unknown') this.state.lastStatus = status;
      this.last = r;
      if (this.rules) {
        // Refilled per reading rather than allocated: this runs for every record.
        const input = this.ruleInput;
        input.reading = r;
        input.fix = this.state.lastFix;
        input.engineS = engineS;
        if (step) {
          this.ruleFuel.smoothedL = step.smoothedL;
          this.ruleFuel.settledL = step.settledL;
          this.ruleFuel.meanL = step.meanL;
          this.ruleFuel.drivenInLevel = step.drivenInLevel;
          this.ruleFuel.refuelDone = step.refuelDone;
          this.ruleFuel.refueling = this.diesel.refueling;
          input.fuel = this.ruleFuel;
        } else input.fuel = undefined;
        this.rules.observe(input, alerts);
      }
    }
    this.state.diesel = this.diesel.state;
    return { hours, lateDays, lateFrom, alerts, refuels };
  }

  /**
   * A reading without a speed (a phone tracker) gets the one its fixes imply, so GPS wander while
   * parked is not counted as road travel; the same drift and jump filters then apply.
   */
  private withSpeed(r: Reading): Reading {
    if (r.speedKmh !== undefined) return r;
    this.state.impliedSpeed ??= { fixes: [] };
    const speedKmh = impliedSpeedKmh(this.state.impliedSpeed, r);
    return speedKmh === undefined ? r : { ...r, speedKmh };
  }

  /** The coverage of the interval's IST day, started fresh (or rebuilt) when the day changes. */
  private coverageOn(prev: Reading): FieldCoverage | undefined {
    if (prev.lat === undefined || prev.lon === undefined) return this.coverage;
    const day = istDayStart(prev.time);
    if (day !== this.coverageDay) {
      this.coverageDay = day;
      this.coverage = this.coverageFor(day) ?? new FieldCoverage({ lat: prev.lat, lon: prev.lon });
    }
    return this.coverage;
  }
}
