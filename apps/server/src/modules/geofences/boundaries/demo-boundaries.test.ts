import { readFileSync } from 'node:fs';
import { compileMultiPolygon } from '@tractorlink/domain/geofence-geometry';
import { describe, expect, it } from 'vitest';
import { PLACES } from '../../../providers/geocoder/places';
import { DEMO_BOUNDARIES_FILE, DEMO_PROPERTIES } from './import';
import { parseBoundaries } from './parse';

/**
 * The bundled demo shapes are approximate, but must be right where it shows: every town the local
 * geocoder places in Nashik, Ahmednagar or Pune lies inside its own demo district and no other,
 * every Maharashtra town inside the state's outline, Gujarat's outside, and the districts inside it.
 */
const { boundaries, refused } = parseBoundaries(JSON.parse(readFileSync(DEMO_BOUNDARIES_FILE, 'utf8')), { ...DEMO_PROPERTIES, toleranceM: 0 });
const areas = new Map(boundaries.map((b) => [`${b.state}|${b.district}`, compileMultiPolygon(b.area)]));
const area = (key: string) => {
  const found = areas.get(key);
  if (!found) throw new Error(`no demo boundary ${key}`);
  return found;
};
const DISTRICTS = ['Nashik', 'Ahmednagar', 'Pune'];

describe('demo boundaries', () => {
  it("are Maharashtra's outline, three of its districts and Dang (Gujarat), all valid", () => {
    expect(refused).toEqual([]);
    expect([...areas.keys()]).toEqual(['Maharashtra|', 'Maharashtra|Nashik', 'Maharashtra|Ahmednagar', 'Maharashtra|Pune', 'Gujarat|Dang']);
  });

  it.each(DISTRICTS)("every town of %s in the geocoder's list lies in it (≥ 1 km inside) and in no other demo district", (district) => {
    const towns = PLACES.filter((p) => p[1] === district);
    expect(towns.length).toBeGreaterThan(10);
    for (const [name, , , lat, lon] of towns) {
      expect(area(`Maharashtra|${district}`).signedDistance(lat, lon), name).toBeGreaterThan(1000);
      for (const other of [...DISTRICTS.filter((d) => d !== district).map((d) => `Maharashtra|${d}`), 'Gujarat|Dang'])
        expect(area(other).contains(lat, lon), `${name} in ${other}`).toBe(false);
    }
  });

  it("Maharashtra's towns are inside its outline, Gujarat's outside, and the demo districts within it", () => {
    const state = area('Maharashtra|');
    for (const [name, , st, lat, lon] of PLACES.filter((p) => p[2] === 'Maharashtra' || p[2] === 'Gujarat'))
      expect(state.contains(lat, lon), name).toBe(st === 'Maharashtra');
    for (const b of boundaries.filter((x) => x.state === 'Maharashtra' && x.district !== '')) {
      for (const p of b.area[0]?.[0] ?? []) expect(state.signedDistance(p.lat, p.lon), `${b.district} corner`).toBeGreaterThan(-50);
    }
    // The demo tractors work around Pimpalgaon Baswant, well inside Nashik.
    expect(area('Maharashtra|Nashik').signedDistance(20.1667, 73.9833)).toBeGreaterThan(20_000);
  });
});
