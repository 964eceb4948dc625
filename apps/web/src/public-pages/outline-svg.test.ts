import { describe, expect, it } from 'vitest';
import { drawOutline, layout, pointsOf, ringsPath } from './outline-svg';
import type { LonLat } from './outline-svg';

/** A 100 m × 50 m field near Shirsgaon, [lon, lat]. */
const lat0 = 20.17;
const lon0 = 73.99;
const dLat = 50 / 111_320;
const dLon = 100 / (111_320 * Math.cos((lat0 * Math.PI) / 180));
const field: LonLat[] = [
  [lon0, lat0],
  [lon0 + dLon, lat0],
  [lon0 + dLon, lat0 + dLat],
  [lon0, lat0 + dLat],
];

describe('the worked area as a drawing (shared bill page)', () => {
  it('keeps the field to scale, north up, inside the drawing', () => {
    const box = layout(field);
    if (!box) throw new Error('a layout');
    const [sw, se, ne] = field.map(box.at) as [[number, number], [number, number], [number, number]];
    // Twice as wide as tall, as on the ground.
    expect((se[0] - sw[0]) / (se[1] - ne[1])).toBeCloseTo(2, 1);
    // North is up: the northern edge has the smaller y.
    expect(ne[1]).toBeLessThan(se[1]);
    for (const [x, y] of field.map(box.at)) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(box.width);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(y).toBeLessThanOrEqual(box.height);
    }
  });

  it('draws one point at a sensible scale and nothing without points', () => {
    expect(layout([])).toBeNull();
    const one = layout([[lon0, lat0]]);
    expect(one?.at([lon0, lat0])).toEqual([one ? one.width / 2 : 0, one ? one.height / 2 : 0]);
  });

  it('closes each ring of three or more corners, and drops shorter ones', () => {
    const box = layout(field);
    if (!box) throw new Error('a layout');
    const d = ringsPath([field, field.slice(0, 2)], box.at);
    expect(d.match(/M/g)).toHaveLength(1);
    expect(d.endsWith('Z')).toBe(true);
  });

  it('builds a labelled SVG with the worked area, the field, a track and the tractor', () => {
    const svg = drawOutline({ worked: [[field]], boundary: field, track: field, position: field[0] }, 'Ground worked');
    expect(svg?.getAttribute('role')).toBe('img');
    expect(svg?.getAttribute('aria-label')).toBe('Ground worked');
    expect(svg?.querySelectorAll('.outline-worked')).toHaveLength(1);
    expect(svg?.querySelectorAll('.outline-field')).toHaveLength(1);
    expect(svg?.querySelectorAll('.outline-track')).toHaveLength(1);
    expect(svg?.querySelectorAll('.outline-now')).toHaveLength(1);
    expect(drawOutline({}, 'nothing')).toBeNull();
    expect(pointsOf({ worked: [[field]], position: field[0] })).toHaveLength(5);
  });
});
