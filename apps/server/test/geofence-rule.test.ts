import { compileCircle, compileMultiPolygon, type CompiledArea } from '@tractorlink/domain/geofence-geometry';
import { GEOFENCE_BAND_M, GEOFENCE_CONFIRM_FIXES } from '@tractorlink/domain/geofences';
import { describe, expect, it } from 'vitest';
import { at, FARM, MINUTE, NIGHT, noise, profileWith, running, RulesHarness, SECOND, series } from './support/alert-rules';

const HOUR = 60 * MINUTE;
import type { WatchedGeofence } from '@tractorlink/domain/alert-rules/types';

/** Geofence entry and exit on positions, through the rule set as ingestion runs it. */

const DAY = NIGHT + 8 * 60 * MINUTE; // 10:00 IST
/** A 400 m × 400 m field centred on the farm: its east edge is x = 200. */
const FIELD = compileMultiPolygon([[[at(-200, -200), at(200, -200), at(200, 200), at(-200, 200)]]]);

const watched = (id: string, area: CompiledArea, extra: Partial<WatchedGeofence> = {}): WatchedGeofence => ({
  id,
  name: id,
  rev: 1,
  alertOnEntry: true,
  alertOnExit: true,
  area,
  ...extra,
});

/** Positions every 10 s along x (east) at y, from `from` to `to` m, `step` m apart. */
const drive = (start: number, from: number, to: number, step = 20, y = 0) => {
  const n = Math.floor(Math.abs(to - from) / step) + 1;
  return series(start, n, 10 * SECOND, (i) => running(at(from + Math.sign(to - from) * i * step, y)));
};

function harness(...geofences: WatchedGeofence[]): RulesHarness {
  const h = new RulesHarness();
  h.geofences = geofences;
  return h;
}

describe('geofence entry and exit', () => {
  it('a tractor leaving the field and coming back raises one exit and one entry, where it happened', () => {
    const h = harness(watched('field', FIELD, { name: 'North-Field' }));
    h.feed(series(DAY, 6, 10 * SECOND, () => running(at(0, 0))));
    h.feed(drive(DAY + MINUTE, 0, 400));
    h.feed(drive(DAY + 10 * MINUTE, 400, 0));
    expect(h.types()).toEqual(['A0110', 'A0109']);
    expect(h.raised[0]).toMatchObject({ geofenceId: 'field', geofenceName: 'North-Field', value: null, threshold: null, configBy: 'oem' });
    // Confirmed on the second position clearly outside (≥ 25 m out: x = 240, then 260), and back in (160, then 140).
    expect(h.raised[0]?.lon).toBeCloseTo(at(260, 0).lon, 6);
    expect(h.raised[1]?.lon).toBeCloseTo(at(140, 0).lon, 6);
  });

  it('working along the boundary for an hour, ±10 m either side with GPS noise, raises nothing', () => {
    for (const start of [0, 400]) {
      const h = harness(watched('field', FIELD));
      const rnd = noise(7);
      h.feed(series(DAY, 3, 10 * SECOND, () => running(at(start, 0)))); // clearly inside, or clearly outside
      h.feed(drive(DAY + MINUTE, start, 200, 40));
      // Passes up and down the edge: x = 200 ± 10 m (plus 3 m of noise), y along the edge, a fix every 10 s.
      h.feed(series(DAY + 10 * MINUTE, 360, 10 * SECOND, (i) => running(at(200 + 10 * Math.sin(i / 3) + 3 * rnd(), ((i * 5) % 360) - 180))));
      h.feed(drive(DAY + 80 * MINUTE, 200, start, 40));
      expect(h.types(), `from x = ${start}`).toEqual([]);
    }
  });

  it('one stray fix outside is not an exit; two in a row are', () => {
    const h = harness(watched('field', FIELD));
    h.feed(series(DAY, 5, 10 * SECOND, () => running(at(0, 0))));
    h.feed([
      { time: DAY + MINUTE, ...running(at(600, 0)) },
      { time: DAY + MINUTE + 10 * SECOND, ...running(at(0, 0)) },
    ]);
    expect(h.types()).toEqual([]);
    h.feed([
      { time: DAY + 2 * MINUTE, ...running(at(600, 0)) },
      { time: DAY + 2 * MINUTE + 10 * SECOND, ...running(at(620, 0)) },
    ]);
    expect(h.types()).toEqual(['A0110']);
  });

  it('the first clear position sets the state without an alert; so does the first after an edit', () => {
    const h = harness(watched('field', FIELD));
    h.feed(series(DAY, 5, 10 * SECOND, () => running(at(800, 0)))); // created while the tractor is away
    expect(h.types()).toEqual([]);
    // Edited so that the tractor is now inside: no entry for the edit itself.
    h.geofences = [watched('field', compileCircle(at(800, 0), 500), { rev: 2 })];
    h.feed(series(DAY + MINUTE, 5, 10 * SECOND, () => running(at(800, 0))));
    expect(h.types()).toEqual([]);
    h.feed(drive(DAY + 2 * MINUTE, 800, 1400));
    expect(h.types()).toEqual(['A0110']);
  });

  it('positions without a fix or with too few satellites are not tested', () => {
    const h = harness(watched('field', FIELD));
    h.feed(series(DAY, 3, 10 * SECOND, () => running(at(0, 0))));
    h.feed(series(DAY + MINUTE, 5, 10 * SECOND, () => ({ ...running(at(600, 0)), satellites: 3 })));
    h.feed(series(DAY + 2 * MINUTE, 5, 10 * SECOND, () => ({ ignition: true, rpm: 1500 })));
    expect(h.types()).toEqual([]);
  });

  it("the owner's choices hold: entry off for one geofence; exit alerts turned off for the tractor", () => {
    const h = harness(watched('field', FIELD, { alertOnEntry: false }));
    h.feed(series(DAY, 3, 10 * SECOND, () => running(at(0, 0))));
    h.feed(drive(DAY + MINUTE, 0, 400));
    h.feed(drive(DAY + 10 * MINUTE, 400, 0));
    expect(h.types()).toEqual(['A0110']);
    h.profile = profileWith({ A0110: { enabled: false } });
    h.feed(drive(DAY + 20 * MINUTE, 0, 400));
    expect(h.types()).toEqual(['A0110']);
  });

  it("nested geofences: leaving the field inside the village raises the field's exit only", () => {
    const h = harness(watched('field', FIELD), watched('village', compileCircle(FARM, 3000)));
    h.feed(series(DAY, 3, 10 * SECOND, () => running(at(0, 0))));
    h.feed(drive(DAY + MINUTE, 0, 1000, 50));
    expect(h.raised.map((a) => `${a.typeId} ${a.geofenceId}`)).toEqual(['A0110 field']);
  });

  it('resumes after a restart: inside before, an exit after is alerted', () => {
    const h = harness(watched('field', FIELD));
    h.feed(series(DAY, 3, 10 * SECOND, () => running(at(0, 0))));
    h.restart();
    h.feed(drive(DAY + MINUTE, 0, 400));
    expect(h.types()).toEqual(['A0110']);
  });

  it("resumes after a restart when clearly outside too (stored as nothing but the list's fingerprint)", () => {
    const village = watched('village', compileCircle(at(5000, 0), 1000));
    const h = harness(watched('field', FIELD), village);
    h.feed(series(DAY, 3, 10 * SECOND, () => running(at(0, 0))));
    h.restart();
    h.geofences = [watched('field', FIELD), village]; // the watch reloads an equal list
    // It was driven into the village while the server was down: out of the field, into the village.
    h.feed(series(DAY + HOUR, 3, 10 * SECOND, () => running(at(5000, 0))));
    expect(h.raised.map((a) => `${a.typeId} ${a.geofenceId}`).sort()).toEqual(['A0109 village', 'A0110 field']);
  });

  it('after a restart with its list changed meanwhile, only the geofences it was inside are known', () => {
    const h = harness(watched('field', FIELD), watched('village', compileCircle(at(5000, 0), 1000)));
    h.feed(series(DAY, 3, 10 * SECOND, () => running(at(0, 0))));
    h.restart();
    // A third geofence was added while the server was down: the village's "outside" is not known any more.
    h.geofences = [watched('field', FIELD), watched('village', compileCircle(at(5000, 0), 1000)), watched('well', compileCircle(at(-3000, 0), 100))];
    h.feed(series(DAY + HOUR, 3, 10 * SECOND, () => running(at(5000, 0))));
    expect(h.raised.map((a) => `${a.typeId} ${a.geofenceId}`)).toEqual(['A0110 field']);
  });

  it('a geofence no longer watched is forgotten: watched again, it starts afresh', () => {
    const h = harness(watched('field', FIELD));
    h.feed(series(DAY, 3, 10 * SECOND, () => running(at(0, 0))));
    h.geofences = [watched('other', compileCircle(at(5000, 0), 100))];
    h.feed(drive(DAY + MINUTE, 0, 400));
    // Clearly outside the one it watches now: nothing but the list's fingerprint is stored.
    expect(JSON.parse(h.processor.serialize()).alerts.g).toEqual([expect.any(Number), {}]);
    // Outside now, inside when last watched: no exit for the time it was not watched; coming in is an entry.
    h.geofences = [watched('field', FIELD)];
    h.feed(drive(DAY + 10 * MINUTE, 400, 0));
    expect(h.types()).toEqual(['A0109']);
  });

  it('with 50 geofences of every size, the shortcuts (grid, box, anchors) alert exactly as testing every edge of every geofence would', () => {
    const rnd = noise(11);
    const geofences: WatchedGeofence[] = [
      watched('district', compileMultiPolygon([[[at(-30_000, -30_000), at(30_000, -30_000), at(30_000, 30_000), at(-30_000, 30_000)]]])),
    ];
    for (let k = 1; k < 50; k++) {
      const cx = rnd() * 8000;
      const cy = rnd() * 8000;
      const size = 100 + Math.abs(rnd()) * 2000;
      const area =
        k % 2
          ? compileCircle(at(cx, cy), size)
          : compileMultiPolygon([
              [
                Array.from({ length: 7 }, (_, j) => at(cx + size * Math.cos(j) * (1 + 0.3 * Math.sin(3 * j)), cy + size * Math.sin(j))).sort(
                  (a, b) => Math.atan2(a.lat - at(cx, cy).lat, a.lon - at(cx, cy).lon) - Math.atan2(b.lat - at(cx, cy).lat, b.lon - at(cx, cy).lon),
                ),
              ],
            ]);
      geofences.push(watched(`g${k}`, area));
    }
    // A wandering track: 3,000 positions, 10 s apart, up to 40 m a step, with 5 m of noise.
    let x = 0;
    let y = 0;
    let heading = 0;
    const track = series(DAY, 3000, 10 * SECOND, () => {
      heading += rnd() * 0.5;
      x += 40 * Math.cos(heading);
      y += 40 * Math.sin(heading);
      return running(at(x + 5 * rnd(), y + 5 * rnd()));
    });
    const h = harness(...geofences);
    for (let k = 0; k < track.length; k += 25) h.feed(track.slice(k, k + 25));
    // The reference: every geofence's signed distance at every position, the same band and confirmation.
    const expected: string[] = [];
    const states = geofences.map(() => ({ inside: undefined as boolean | undefined, pending: 0 }));
    for (const r of track) {
      geofences.forEach((g, i) => {
        const s = states[i] as { inside: boolean | undefined; pending: number };
        const sd = g.area.signedDistance(r.lat as number, r.lon as number);
        const clear = sd >= GEOFENCE_BAND_M ? true : sd <= -GEOFENCE_BAND_M ? false : undefined;
        if (clear === undefined || clear === s.inside) s.pending = 0;
        else if (s.inside === undefined) s.inside = clear;
        else if (++s.pending >= GEOFENCE_CONFIRM_FIXES) {
          s.inside = clear;
          s.pending = 0;
          expected.push(`${r.time} ${clear ? 'A0109' : 'A0110'} ${g.id}`);
        }
      });
    }
    expect(expected.length).toBeGreaterThan(10);
    expect(h.raised.map((a) => `${a.time} ${a.typeId} ${a.geofenceId}`).sort()).toEqual(expected.sort());
  });
});
