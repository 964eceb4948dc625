import { describe, expect, it } from 'vitest';
import { fromLocalMeters } from '../geo';
import type { Reading } from '../telemetry';
import { measureWindow } from './acreage';

const origin = { lat: 20.1667, lon: 73.9833 };
const at = (x: number, y: number) => fromLocalMeters(origin, x, y);

/** 10 passes of 100 m, 2 m apart, at 5 km/h with the PTO on, a fix every 10 s (13.9 m). */
function field(start: number): Reading[] {
  const out: Reading[] = [];
  let time = start;
  for (let p = 0; p < 10; p++) {
    for (let s = 0; s <= 100; s += 100 / 7) {
      out.push({
        time,
        ...at(p * 2, p % 2 === 0 ? s : 100 - s),
        speedKmh: 5,
        ignition: true,
        pto: true,
        engineWorktimeMin: Math.floor((time - start) / 60_000),
      });
      time += 10_000;
    }
    // The headland turn, PTO up.
    out.push({ time, ...at(p * 2 + 1, p % 2 === 0 ? 102 : -2), speedKmh: 3, ignition: true, pto: false });
    time += 10_000;
  }
  return out;
}

describe('acreage of a track in a time window', () => {
  const t0 = Date.UTC(2026, 10, 20, 2, 0);

  it('counts ground worked twice within the window once', () => {
    const once = field(t0);
    const twice = [...once, ...field(once.at(-1)!.time + 60_000)];
    const a = measureWindow(once, 2, t0, once.at(-1)!.time);
    const b = measureWindow(twice, 2, t0, twice.at(-1)!.time);
    // 10 passes × 2 m × 100 m.
    expect(a.coveredM2).toBeGreaterThan(1900);
    expect(a.coveredM2).toBeLessThan(2150);
    // (a cell or two at most, where the second round's gap fill reaches differently)
    expect(Math.abs(b.coveredM2 - a.coveredM2)).toBeLessThan(1);
    // PTO time doubles, the area does not.
    expect(b.ptoS).toBeGreaterThan((a.ptoS ?? Number.NaN) * 1.9);
  });

  it('measures only inside the window', () => {
    const track = field(t0);
    const half = track[Math.floor(track.length / 2)]!.time;
    const first = measureWindow(track, 2, t0, half);
    const all = measureWindow(track, 2, t0, track.at(-1)!.time);
    expect(first.coveredM2).toBeGreaterThan(all.coveredM2 * 0.4);
    expect(first.coveredM2).toBeLessThan(all.coveredM2 * 0.6);
    expect(measureWindow(track, 2, t0 - 3600_000, t0 - 1).coveredM2).toBe(0);
  });

  it('engine time comes from the worktime counter; a phone without speed gets the speed its fixes imply', () => {
    const track = field(t0);
    const figures = measureWindow(track, 2, t0, track.at(-1)!.time);
    expect(figures.engineS).toBeGreaterThan(0);
    const phone = track.map(({ time, lat, lon, ignition, pto }) => ({ time, lat, lon, ignition, pto }));
    const fromPhone = measureWindow(phone, 2, t0, track.at(-1)!.time);
    expect(fromPhone.coveredM2).toBeGreaterThan(figures.coveredM2 * 0.8);
  });

  it('a device without a PTO input: passes at working speed with the engine on are the work, PTO time not measured', () => {
    const track = field(t0);
    const withPto = measureWindow(track, 2, t0, track.at(-1)!.time);
    const noPto = track.map(({ pto: _pto, ...r }) => r);
    const figures = measureWindow(noPto, 2, t0, track.at(-1)!.time);
    expect(figures.ptoS).toBeNull();
    expect(figures.coveredM2).toBeGreaterThan(withPto.coveredM2 * 0.97);
    expect(figures.coveredM2).toBeLessThan(withPto.coveredM2 * 1.1);
    // A device that reports the PTO, only ever off, keeps the PTO rule: nothing worked.
    const off = track.map((r) => ({ ...r, pto: false }));
    const offFigures = measureWindow(off, 2, t0, track.at(-1)!.time);
    expect(offFigures.coveredM2).toBe(0);
    expect(offFigures.ptoS).toBe(0);
  });
});
