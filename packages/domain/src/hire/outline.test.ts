import { describe, expect, it } from 'vitest';
import { fromLocalMeters } from '../geo';
import { multiPolygonAreaM2 } from '../geofence-geometry';
import { workedOutline } from './outline';

const origin = { lat: 20.1667, lon: 73.9833 };
const at = (x: number, y: number) => fromLocalMeters(origin, x, y);
const toArea = (coordinates: [number, number][][][]) => coordinates.map((polygon) => polygon.map((ring) => ring.map(([lon, lat]) => ({ lat, lon }))));

/** Passes `spacing` apart, `length` long, stepping every 10 m, starting at x0. */
function passes(count: number, length: number, spacing: number, x0 = 0) {
  const swaths = [];
  for (let p = 0; p < count; p++)
    for (let s = 0; s < length; s += 10) swaths.push({ from: at(x0 + p * spacing, s), to: at(x0 + p * spacing, Math.min(length, s + 10)) });
  return swaths;
}

describe('worked-area outline', () => {
  it('is one simple ring around a field of parallel passes, close to its area, and small', () => {
    const outline = workedOutline(passes(20, 100, 2), 2);
    expect(outline).toHaveLength(1);
    expect(outline?.[0]).toHaveLength(1);
    const area = multiPolygonAreaM2(toArea(outline ?? []));
    // 40 m × 100 m worked; the outline's grid and padding add a metre or two around.
    expect(area).toBeGreaterThan(3900);
    expect(area).toBeLessThan(4700);
    expect(outline?.[0]?.[0]?.length).toBeLessThan(20);
    const ring = outline?.[0]?.[0] ?? [];
    expect(ring[0]).toEqual(ring.at(-1));
  });

  it('two fields far apart are two polygons; an unworked patch inside is a hole', () => {
    const two = workedOutline([...passes(10, 60, 2), ...passes(10, 60, 2, 200)], 2);
    expect(two).toHaveLength(2);
    // A field with a 10 m square left out in its middle.
    const holed = passes(20, 100, 2).filter((s) => {
      const x = (s.from.lon - origin.lon) * 111_320 * Math.cos((origin.lat * Math.PI) / 180);
      const y = (s.from.lat - origin.lat) * 110_574;
      return !(x > 15 && x < 27 && y >= 40 && y < 60);
    });
    const outline = workedOutline(holed, 2);
    expect(outline).toHaveLength(1);
    expect(outline?.[0]).toHaveLength(2);
  });

  it('is nothing without work', () => {
    expect(workedOutline([], 2)).toBeNull();
  });
});
