import { describe, expect, it } from 'vitest';
import { distanceMeters, fromLocalMeters, type LatLon } from './geo';
import {
  boundingBox,
  circleAreaM2,
  circleBox,
  compileCircle,
  compileMultiPolygon,
  multiPolygonAreaM2,
  normalizeRing,
  pointInCircle,
  pointInMultiPolygon,
  pointInPolygon,
  pointInRing,
  polygonAreaM2,
  ringAreaM2,
  ringSelfIntersects,
  simplifyRing,
  squareCorners,
} from './geofence-geometry';

// A farm near Pimpalgaon Baswant (Nashik), and shapes around it in metres east (x) and north (y).
const FARM = { lat: 20.1667, lon: 73.9833 };
const at = (x: number, y: number) => fromLocalMeters(FARM, x, y);
const square = (x0: number, y0: number, side: number) => [at(x0, y0), at(x0 + side, y0), at(x0 + side, y0 + side), at(x0, y0 + side)];

/** A 1 km × 1 km field with a 200 m pond in the middle (a hole), and an island 2 km east. */
const FIELD = square(0, 0, 1000);
const POND = square(400, 400, 200);
const ISLAND = square(3000, 0, 300);
const DISTRICT = [[FIELD, POND], [ISLAND]];

describe('point in polygon (ray casting)', () => {
  it('finds points inside and outside a field, whatever the winding', () => {
    expect(pointInRing(at(100, 100), FIELD)).toBe(true);
    expect(pointInRing(at(100, 100), [...FIELD].reverse())).toBe(true);
    expect(pointInRing(at(-5, 100), FIELD)).toBe(false);
    expect(pointInRing(at(1005, 500), FIELD)).toBe(false);
    // A closed ring (first point repeated last, as GeoJSON writes it) reads the same.
    expect(pointInRing(at(100, 100), [...FIELD, FIELD[0] as LatLon])).toBe(true);
  });

  it('a hole is outside; a second polygon (an island) is inside', () => {
    expect(pointInPolygon(at(500, 500), [FIELD, POND])).toBe(false);
    expect(pointInPolygon(at(300, 500), [FIELD, POND])).toBe(true);
    expect(pointInMultiPolygon(at(3150, 150), DISTRICT)).toBe(true);
    expect(pointInMultiPolygon(at(2000, 150), DISTRICT)).toBe(false);
    expect(pointInMultiPolygon(at(500, 500), DISTRICT)).toBe(false);
  });

  it('holds across India: Leh, Kanyakumari and Kohima', () => {
    for (const c of [
      { lat: 34.1526, lon: 77.577 },
      { lat: 8.0883, lon: 77.5385 },
      { lat: 25.6751, lon: 94.1086 },
    ]) {
      const around = [-1000, 1000].flatMap((dx) => [-1000, 1000].map((dy) => fromLocalMeters(c, dx, dy)));
      const ring = [around[0], around[1], around[3], around[2]] as LatLon[];
      expect(pointInRing(c, ring)).toBe(true);
      expect(pointInRing(fromLocalMeters(c, 1010, 0), ring)).toBe(false);
    }
  });

  it('degenerate rings hold nothing: zero area, a single repeated point, fewer than three points', () => {
    const line = [at(0, 0), at(100, 0), at(200, 0)];
    expect(pointInRing(at(50, 0), line)).toBe(false);
    expect(pointInRing(at(50, 1), line)).toBe(false);
    expect(pointInRing(at(0, 0), [at(0, 0), at(0, 0), at(0, 0)])).toBe(false);
    expect(pointInRing(at(0, 0), [at(0, 0)])).toBe(false);
    expect(pointInRing(at(0, 0), [])).toBe(false);
    expect(pointInPolygon(at(0, 0), [])).toBe(false);
  });

  it('repeated points in a row change nothing', () => {
    const repeated = [FIELD[0], FIELD[0], FIELD[1], FIELD[2], FIELD[2], FIELD[2], FIELD[3]] as LatLon[];
    expect(pointInRing(at(100, 100), repeated)).toBe(true);
    expect(normalizeRing([...repeated, FIELD[0] as LatLon])).toEqual(FIELD);
  });
});

describe('point in circle', () => {
  it('is within the radius, boundary included', () => {
    expect(pointInCircle(at(0, 99), FARM, 100)).toBe(true);
    expect(pointInCircle(at(0, 101), FARM, 100)).toBe(false);
    expect(pointInCircle(at(70, 70), FARM, 100)).toBe(true);
    expect(pointInCircle(at(71, 71), FARM, 100)).toBe(false);
  });

  it('a radius of zero holds its centre only', () => {
    expect(pointInCircle(FARM, FARM, 0)).toBe(true);
    expect(pointInCircle(at(0.01, 0), FARM, 0)).toBe(false);
    const compiled = compileCircle(FARM, 0);
    expect(compiled.signedDistance(FARM.lat, FARM.lon)).toBe(0);
    expect(compiled.signedDistance(at(0, 10).lat, at(0, 10).lon)).toBeCloseTo(-10, 3);
  });
});

describe('signed distance to the boundary', () => {
  const district = compileMultiPolygon(DISTRICT);
  const sd = (x: number, y: number) => {
    const p = at(x, y);
    return district.signedDistance(p.lat, p.lon);
  };

  it('is positive inside, negative outside, in metres', () => {
    expect(sd(100, 500)).toBeCloseTo(100, 0);
    expect(sd(-30, 500)).toBeCloseTo(-30, 0);
    expect(sd(500, 1040)).toBeCloseTo(-40, 0);
    // Beside the pond: inside the field, 50 m from the pond's edge.
    expect(sd(350, 500)).toBeCloseTo(50, 0);
    // In the pond: outside, 20 m from its shore.
    expect(sd(420, 500)).toBeCloseTo(-20, 0);
    // Nearer the island than the field.
    expect(sd(2900, 100)).toBeCloseTo(-100, 0);
    expect(sd(3100, 100)).toBeCloseTo(100, 0);
  });

  it('agrees with the great-circle distance to within a few centimetres at 25 m', () => {
    const p = at(-25, 500);
    const edge = at(0, 500);
    expect(Math.abs(-district.signedDistance(p.lat, p.lon) - distanceMeters(p, edge))).toBeLessThan(0.05);
  });

  it('near() is a box test with a margin', () => {
    const p = at(-20, 500);
    expect(district.near(p.lat, p.lon, 25)).toBe(true);
    expect(district.near(p.lat, p.lon, 10)).toBe(false);
    expect(district.contains(at(100, 100).lat, at(100, 100).lon)).toBe(true);
    expect(district.contains(at(500, 500).lat, at(500, 500).lon)).toBe(false);
  });

  it('a circle: radius less the distance from the centre', () => {
    const circle = compileCircle(FARM, 200);
    const p = at(0, 150);
    expect(circle.signedDistance(p.lat, p.lon)).toBeCloseTo(50, 1);
    const q = at(300, 0);
    expect(circle.signedDistance(q.lat, q.lon)).toBeCloseTo(-100, 1);
    expect(circle.near(q.lat, q.lon, 50)).toBe(false);
    expect(circle.near(q.lat, q.lon, 150)).toBe(true);
  });

  it('a zero-area polygon holds nothing and measures the distance to its line', () => {
    const flat = compileMultiPolygon([[[at(0, 0), at(100, 0), at(0, 0)]]]);
    const p = at(50, 10);
    expect(flat.contains(p.lat, p.lon)).toBe(false);
    expect(flat.signedDistance(p.lat, p.lon)).toBeCloseTo(-10, 1);
    const same = compileMultiPolygon([[[at(0, 0), at(0, 0), at(0, 0), at(0, 0)]]]);
    expect(same.contains(FARM.lat, FARM.lon)).toBe(false);
    expect(same.signedDistance(at(0, 5).lat, at(0, 5).lon)).toBeCloseTo(-5, 1);
  });
});

describe('self-intersection', () => {
  it('a bow tie crosses itself; a square, a concave L and a triangle do not', () => {
    expect(ringSelfIntersects([at(0, 0), at(100, 100), at(100, 0), at(0, 100)])).toBe(true);
    expect(ringSelfIntersects(FIELD)).toBe(false);
    expect(ringSelfIntersects([at(0, 0), at(200, 0), at(200, 100), at(100, 100), at(100, 200), at(0, 200)])).toBe(false);
    expect(ringSelfIntersects([at(0, 0), at(100, 0), at(50, 80)])).toBe(false);
  });

  it('a closing point and repeats in a row are not crossings', () => {
    expect(ringSelfIntersects([...FIELD, FIELD[0] as LatLon])).toBe(false);
    expect(ringSelfIntersects([FIELD[0], FIELD[1], FIELD[1], FIELD[2], FIELD[3]] as LatLon[])).toBe(false);
  });

  it('touching itself at a vertex, an edge folding back (a spike) and a flat ring count as crossing', () => {
    // Figure of eight through one shared point.
    expect(ringSelfIntersects([at(0, 0), at(100, 0), at(50, 50), at(100, 100), at(0, 100), at(50, 50)])).toBe(true);
    expect(ringSelfIntersects([at(0, 0), at(100, 0), at(100, 100), at(100, 50), at(0, 100)])).toBe(true);
    expect(ringSelfIntersects([at(0, 0), at(100, 0), at(200, 0)])).toBe(true);
  });
});

describe('areas and boxes', () => {
  it('a 1 km square field is 100 ha; its pond takes 4 ha; the island adds 9 ha', () => {
    expect(ringAreaM2(FIELD)).toBeCloseTo(1_000_000, -2);
    expect(polygonAreaM2([FIELD, POND])).toBeCloseTo(960_000, -2);
    expect(multiPolygonAreaM2(DISTRICT)).toBeCloseTo(1_050_000, -2);
    expect(ringAreaM2([at(0, 0), at(100, 0), at(200, 0)])).toBe(0);
    expect(ringAreaM2([at(0, 0), at(1, 1)])).toBe(0);
    expect(circleAreaM2(100)).toBeCloseTo(31_415.9, 0);
  });

  it('a square from its centre and side has that side', () => {
    const corners = squareCorners(FARM, 500);
    expect(distanceMeters(corners[0] as LatLon, corners[1] as LatLon)).toBeCloseTo(500, 0);
    expect(distanceMeters(corners[1] as LatLon, corners[2] as LatLon)).toBeCloseTo(500, 0);
    expect(ringAreaM2(corners)).toBeCloseTo(250_000, -2);
    expect(pointInRing(FARM, corners)).toBe(true);
  });

  it('boxes of points and circles', () => {
    expect(boundingBox([])).toBeUndefined();
    expect(boundingBox(FIELD)).toEqual({ south: FARM.lat, west: FARM.lon, north: at(0, 1000).lat, east: at(1000, 0).lon });
    const box = circleBox(FARM, 1000);
    expect(distanceMeters(FARM, { lat: box.north, lon: FARM.lon })).toBeCloseTo(1000, 0);
    expect(distanceMeters(FARM, { lat: FARM.lat, lon: box.east })).toBeCloseTo(1000, 0);
  });
});

describe('simplification (Douglas–Peucker on a ring)', () => {
  // A 2 km circle drawn with 720 points, wobbling ±3 m.
  const wobbly = Array.from({ length: 720 }, (_, i) => {
    const a = (i / 720) * 2 * Math.PI;
    const r = 2000 + 3 * Math.sin(i * 7);
    return at(r * Math.cos(a), r * Math.sin(a));
  });

  it('keeps every boundary point within the tolerance, with far fewer points', () => {
    const simple = simplifyRing(wobbly, 20);
    expect(simple.length).toBeLessThan(80);
    expect(simple.length).toBeGreaterThan(8);
    const compiled = compileMultiPolygon([[simple]]);
    for (const p of wobbly) expect(Math.abs(compiled.signedDistance(p.lat, p.lon))).toBeLessThanOrEqual(20.01);
    expect(ringAreaM2(simple)).toBeGreaterThan(ringAreaM2(wobbly) * 0.98);
  });

  it('never collapses a ring, and leaves small rings and a tolerance of 0 alone', () => {
    expect(simplifyRing(FIELD, 5000)).toHaveLength(4);
    expect(simplifyRing(wobbly, 0)).toHaveLength(720);
    expect(simplifyRing([...FIELD, FIELD[0] as LatLon], 1)).toEqual(FIELD);
    expect(simplifyRing(wobbly, 1e9).length).toBeGreaterThanOrEqual(3);
  });
});
