import { describe, expect, it } from 'vitest';
import { DieselTracker } from './diesel';
import { FieldCoverage } from './field-coverage';
import { fromLocalMeters } from './geo';
import type { Reading } from './telemetry';
import { istMidnight } from './time';
import {
  addTotals,
  emptyTotals,
  engineRunning,
  isForenoon,
  knownUsageReport,
  measureInterval,
  splitByHour,
  USAGE_FIELDS,
  usageReport,
  type UsageTotals,
} from './usage';

const origin = { lat: 18.5204, lon: 73.8567 };
const spec = { implementWidthM: 2 };
const day = istMidnight('2026-11-20');

/** Feeds readings through measureInterval and splitByHour as the server does; returns hourly totals. */
function rollUp(readings: Reading[], coverage = new FieldCoverage(origin)) {
  const hours = new Map<number, UsageTotals>();
  for (let i = 1; i < readings.length; i++) {
    const prev = readings[i - 1] as Reading;
    const cur = readings[i] as Reading;
    for (const { hourStart, totals } of splitByHour(prev.time, cur.time, measureInterval(prev, cur, spec, coverage))) {
      hours.set(hourStart, addTotals(hours.get(hourStart) ?? emptyTotals(), totals));
    }
  }
  return hours;
}
const sum = (hours: Map<number, UsageTotals>, pick: (hourStart: number) => boolean = () => true) =>
  [...hours].filter(([h]) => pick(h)).reduce((acc, [, t]) => addTotals(acc, t), emptyTotals());

/** A seeded generator so the noisy cases are the same on every run. */
function seeded(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

describe('usage derivations on synthetic tracks', () => {
  it('an hour parked with GPS noise adds 0 km', () => {
    const random = seeded(7);
    const readings: Reading[] = [];
    for (let s = 0; s <= 3600; s += 10) {
      const p = fromLocalMeters(origin, (random() - 0.5) * 16, (random() - 0.5) * 16);
      readings.push({ time: day + 9 * 3600_000 + s * 1000, ...p, speedKmh: random() < 0.2 ? 1.5 : 0, ignition: false });
    }
    const t = sum(rollUp(readings));
    expect(t.roadM).toBe(0);
    expect(usageReport(t).onRoadKm).toBe(0);
    expect(usageReport(t).fieldWorkAcres).toBe(0);
    expect(t.engineS).toBe(0);
  });

  it('an impossible jump adds nothing', () => {
    const a: Reading = { time: day, ...origin, speedKmh: 20, ignition: true };
    const far = fromLocalMeters(origin, 5000, 0);
    const t = measureInterval(a, { time: day + 10_000, ...far, speedKmh: 20, ignition: true }, spec);
    expect(t.roadM ?? 0).toBe(0);
    expect(t.engineS).toBe(10);
  });

  it('road travel at 25 km/h with the PTO off counts as on-road km; ignition time is engine time', () => {
    const readings: Reading[] = [];
    for (let s = 0; s <= 600; s += 10)
      readings.push({ time: day + 8 * 3600_000 + s * 1000, ...fromLocalMeters(origin, 0, (25 / 3.6) * s), speedKmh: 25, ignition: true, rpm: 1500 });
    const report = usageReport(sum(rollUp(readings)));
    expect(report.onRoadKm).toBeCloseTo(4.2, 1);
    expect(report.engineMinutes).toBe(10);
    expect(report.averageRpm).toBe(1500);
    expect(report.fieldWorkAcres).toBe(0);
  });

  it('field work with the PTO on counts acres and PTO hours, not road km', () => {
    const readings: Reading[] = [];
    let t = day + 10 * 3600_000;
    for (let pass = 0; pass < 10; pass++) {
      const x = pass * 2 + 1;
      for (let y = 0; y <= 200; y += 2.5) {
        readings.push({ time: t, ...fromLocalMeters(origin, x, pass % 2 ? 200 - y : y), speedKmh: 5, ignition: true, pto: true });
        t += 1800; // 2.5 m at 5 km/h
      }
    }
    const report = usageReport(sum(rollUp(readings)));
    expect(report.fieldWorkAcres).toBeGreaterThan(0.95);
    expect(report.fieldWorkAcres).toBeLessThan(1.0);
    expect(report.onRoadKm).toBe(0);
    expect(report.ptoHours).toBeGreaterThan(0.35);
  });

  it('the worktime counter, when present, gives engine time', () => {
    const a: Reading = { time: day, ignition: true, engineWorktimeMin: 1000 };
    const b: Reading = { time: day + 10 * 60_000, ignition: true, engineWorktimeMin: 1009 };
    expect(measureInterval(a, b, spec).engineS).toBe(9 * 60);
  });

  it('a day crossing 12:00 IST splits between forenoon and afternoon', () => {
    // Engine on from 11:30 to 12:45 IST, readings every 7 minutes (so one interval straddles noon).
    const readings: Reading[] = [];
    for (let m = 0; m <= 75; m += 7) readings.push({ time: day + (11 * 60 + 30 + m) * 60_000, ignition: true });
    readings.push({ time: day + (12 * 60 + 45) * 60_000, ignition: true });
    const hours = rollUp(readings);
    expect(sum(hours, isForenoon).engineS).toBeCloseTo(30 * 60, 6);
    expect(sum(hours, (h) => !isForenoon(h)).engineS).toBeCloseTo(45 * 60, 6);
  });

  it('a refuel in the middle of a period does not count as negative consumption', () => {
    const tracker = new DieselTracker({ tankCapacityL: 60 });
    const totals = emptyTotals();
    const random = seeded(3);
    let level = 40;
    for (let m = 0; m <= 240; m++) {
      if (m === 120)
        level += 30; // 30 L poured in at the pump
      else level -= 0.05; // 3 L/h
      const step = tracker.push(day + m * 60_000, level + (random() - 0.5) * 2);
      addTotals(totals, { fuelNetChangeL: step.netChangeL, fuelRefuelL: step.refuelL });
    }
    expect(totals.fuelRefuelL).toBeGreaterThan(27);
    expect(totals.fuelRefuelL).toBeLessThan(33);
    // 240 minutes at 3 L/h = 12 L.
    expect(usageReport(totals).dieselConsumedL).toBeGreaterThan(10);
    expect(usageReport(totals).dieselConsumedL).toBeLessThan(14);
  });

  it('a sensor bouncing ±8 % in the field neither refuels nor drifts', () => {
    const tracker = new DieselTracker({ tankCapacityL: 60 });
    const random = seeded(11);
    let refuels = 0;
    let net = 0;
    for (let s = 0; s <= 3600; s += 10) {
      const step = tracker.push(day + s * 1000, 36 + (random() - 0.5) * 2 * 0.08 * 60);
      refuels += step.refuelL;
      // Drift is judged once the window holds ten minutes (the first level is one raw sample).
      if (s > 600) net += step.netChangeL;
    }
    expect(refuels).toBe(0);
    expect(Math.abs(net)).toBeLessThan(2);
  });

  it('takes consumption from the engine fuel-used counter when the device has one, ignoring a reset', () => {
    const t0 = day + 9 * 3600_000;
    const interval = (fromL: number, toL: number, minutes: number) =>
      measureInterval(
        { time: t0, ignition: true, fuelUsedLitres: fromL },
        { time: t0 + minutes * 60_000, ignition: true, fuelUsedLitres: toL },
        { implementWidthM: 2 },
      );
    expect(interval(1234.5, 1236, 10).fuelCounterL).toBeCloseTo(1.5, 9);
    // A counter reset, or 30 L in ten minutes, is no measure.
    expect(interval(1234.5, 3, 10).fuelCounterL).toBeUndefined();
    expect(interval(100, 130, 10).fuelCounterL).toBeUndefined();
    // The counter beats the float sensor's estimate.
    expect(usageReport({ ...emptyTotals(), fuelRefuelL: 0, fuelNetChangeL: -9, fuelCounterL: 7.5 }).dieselConsumedL).toBe(7.5);
    expect(usageReport({ ...emptyTotals(), fuelRefuelL: 0, fuelNetChangeL: -9 }).dieselConsumedL).toBe(9);
  });
});

describe('engine running between two readings', () => {
  const at = (ms: number, r: Omit<Reading, 'time'>): Reading => ({ time: day + ms, ...r });
  it('follows the ignition input when there is one', () => {
    expect(engineRunning(at(0, { ignition: true }), at(60_000, { ignition: false }))).toBe(true);
    expect(engineRunning(at(0, { ignition: false }), at(60_000, { ignition: true }))).toBe(false);
  });
  it('reads the RPM of a device without an ignition input', () => {
    expect(engineRunning(at(0, { rpm: 820 }), at(60_000, { rpm: 815 }))).toBe(true);
    expect(engineRunning(at(0, { rpm: 0 }), at(60_000, { rpm: 0 }))).toBe(false);
  });
  it('an input that reads off while the RPM is live is a loose wire; an RPM held after the engine stopped is not', () => {
    expect(engineRunning(at(0, { ignition: false, rpm: 1830 }), at(10_000, { ignition: true, rpm: 1872 }))).toBe(true);
    expect(engineRunning(at(0, { ignition: false, rpm: 790 }), at(600_000, { ignition: false, rpm: 790 }))).toBe(false);
    expect(engineRunning(at(0, { ignition: false, rpm: 790 }), at(600_000, { ignition: false, rpm: 0 }))).toBe(false);
  });
  it('counts engine, PTO and field work through a flapping ignition wire', () => {
    const readings = Array.from({ length: 60 }, (_, i) =>
      at(i * 10_000, { ...fromLocalMeters(origin, 0, i * 14), speedKmh: 5, ignition: i % 4 !== 1, pto: true, rpm: 1800 + (i % 7) * 10 }),
    );
    const totals = sum(rollUp(readings));
    expect(totals.engineS).toBe(590);
    expect(totals.ptoS).toBe(590);
    expect(totals.areaM2).toBeGreaterThan(59 * 14 * 2 * 0.97);
  });
});

describe('addTotals', () => {
  it('adds every usage field (it names them one by one)', () => {
    for (const [i, field] of USAGE_FIELDS.entries()) {
      const into = { ...emptyTotals(), [field]: 1 };
      addTotals(into, { [field]: i + 2 });
      expect(into[field]).toBe(i + 3);
      expect(Object.values(into).reduce((a, b) => a + b, 0)).toBe(i + 3);
    }
    // A field of the totals that USAGE_FIELDS leaves out would be neither rolled up nor added.
    expect(Object.keys(emptyTotals()).sort()).toEqual([...USAGE_FIELDS].sort());
  });
});

describe('usage figures whose source the tractor lacks', () => {
  const totals = { ...emptyTotals(), engineS: 3600, roadM: 2000 };
  it('are null, while the sources it has give true zeros', () => {
    expect(knownUsageReport(totals, { gps: true, pto: false, rpm: false, fuel: false })).toMatchObject({
      fieldWorkAcres: null,
      ptoHours: null,
      averageRpm: null,
      dieselConsumedL: null,
      onRoadKm: 2,
      engineHours: 1,
    });
    expect(knownUsageReport(totals, { gps: true, pto: true, rpm: true, fuel: true })).toMatchObject({
      fieldWorkAcres: 0,
      ptoHours: 0,
      averageRpm: 0,
      dieselConsumedL: 0,
    });
    expect(knownUsageReport(totals, { gps: false, pto: true, rpm: true, fuel: true })).toMatchObject({ fieldWorkAcres: null, onRoadKm: null });
  });
});
