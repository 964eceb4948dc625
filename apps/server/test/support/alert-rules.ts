import { alertType, type AlertTypeId, defaultAlertSetting, type ResolvedAlertSetting } from '@tractorlink/domain/alerts-catalog';
import { fromLocalMeters, type LatLon } from '@tractorlink/domain/geo';
import type { Reading } from '@tractorlink/domain/telemetry';
import { TractorProcessor, type TractorProfile } from '../../src/modules/telemetry/processor';
import { decodeRulesState } from '@tractorlink/domain/alert-rules/codec';
import { limitsOf } from '@tractorlink/domain/alert-rules/limits';
import { AlertRuleSet } from '@tractorlink/domain/alert-rules/rule-set';
import { type AlertProfile, type AlertRulesState, emptyRulesState, type RaisedAlert, type WatchedGeofence } from '@tractorlink/domain/alert-rules/types';

/** Fixtures for the rule tests: a tractor with default settings, and readings built per second. */

export const FARM: LatLon = { lat: 20.1667, lon: 73.9833 };
export const TRACTOR: TractorProfile = { id: 't1', implementWidthM: 2, tankCapacityL: 60 };
/** 21 Nov 2026, 02:00 IST. */
export const NIGHT = Date.UTC(2026, 10, 20, 20, 30);
export const SECOND = 1000;
export const MINUTE = 60 * SECOND;

export function profileWith(
  overrides: Partial<Record<AlertTypeId, Partial<ResolvedAlertSetting>>> = {},
  service = { intervalH: 250, lastServiceAtH: 0 },
): AlertProfile {
  const setting = (id: AlertTypeId): ResolvedAlertSetting => ({ ...defaultAlertSetting(alertType(id)), ...overrides[id] });
  return { setting, limits: limitsOf(setting), service, tankCapacityL: TRACTOR.tankCapacityL };
}

/** A processor with the rules on, as live ingestion runs it. */
export class RulesHarness {
  processor: TractorProcessor;
  readonly raised: RaisedAlert[] = [];
  /** The active geofences the tractor watches (tests replace the list as the watch cache would). */
  geofences: readonly WatchedGeofence[] = [];

  constructor(
    public profile: AlertProfile = profileWith(),
    state: AlertRulesState = emptyRulesState(),
  ) {
    this.processor = new TractorProcessor(
      TRACTOR,
      undefined,
      undefined,
      undefined,
      new AlertRuleSet(
        () => this.profile,
        state,
        () => this.geofences,
      ),
    );
  }

  feed(readings: readonly Reading[]): RaisedAlert[] {
    const { alerts } = this.processor.process(readings);
    this.raised.push(...alerts);
    return alerts;
  }

  /** Simulates a restart: the saved processor state through JSON, into a new processor. */
  restart(): void {
    const saved = JSON.parse(this.processor.serialize()) as TractorProcessor['state'];
    const last = this.processor.last;
    this.processor = new TractorProcessor(
      TRACTOR,
      last,
      saved,
      undefined,
      new AlertRuleSet(
        () => this.profile,
        decodeRulesState(saved.alerts),
        () => this.geofences,
      ),
    );
  }

  types(): string[] {
    return this.raised.map((a) => a.typeId);
  }
}

/** `count` readings every `stepMs` from `start`, each from `make(i, time)`. */
export function series(start: number, count: number, stepMs: number, make: (i: number, time: number) => Omit<Reading, 'time'>): Reading[] {
  return Array.from({ length: count }, (_, i) => ({ time: start + i * stepMs, ...make(i, start + i * stepMs) }));
}

/** A position `x` m east and `y` m north of the farm. */
export const at = (x: number, y: number) => fromLocalMeters(FARM, x, y);

/** Deterministic noise in [-1, 1] (a linear congruential generator), so tests never flake. */
export function noise(seed = 42): () => number {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return (s / 2 ** 31) * 2 - 1;
  };
}

/** Engine running normally at the farm: what every engine-health near miss starts from. */
export const running = (extra: Omit<Reading, 'time'> = {}): Omit<Reading, 'time'> => ({
  ignition: true,
  keyPresent: true,
  rpm: 1600,
  coolantC: 85,
  externalVoltage: 13.9,
  oilPressureLow: false,
  airFilterClogged: false,
  speedKmh: 6,
  pto: false,
  ...at(0, 0),
  ...extra,
});

/** Parked at the farm with the ignition off. */
export const parked = (extra: Omit<Reading, 'time'> = {}): Omit<Reading, 'time'> => ({
  ignition: false,
  keyPresent: false,
  rpm: 0,
  externalVoltage: 12.5,
  speedKmh: 0,
  pto: false,
  satellites: 9,
  ...at(0, 0),
  ...extra,
});
