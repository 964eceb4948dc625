import { describe, expect, it } from 'vitest';
import { EMPTY_DRAWING } from './drawing';
import { drawingFacts } from './drawing-facts';

const centre = { lat: 18.8226, lon: 74.3752 };

describe("a drawing's shape and size, for the map's words", () => {
  it('nothing drawn, or only a centre whose size is not set', () => {
    expect(drawingFacts(EMPTY_DRAWING, 'circle')).toEqual({ kind: 'none' });
    expect(drawingFacts(EMPTY_DRAWING, 'polygon')).toEqual({ kind: 'none' });
    expect(drawingFacts({ ...EMPTY_DRAWING, center: centre }, 'square')).toEqual({ kind: 'centre', center: centre });
  });

  it('a circle: its radius and area (π r²: 300 m is about 28.3 ha)', () => {
    const facts = drawingFacts({ ...EMPTY_DRAWING, center: centre, radiusM: 300 }, 'circle');
    expect(facts).toMatchObject({ kind: 'circle', center: centre, radiusM: 300 });
    expect(facts.kind === 'circle' && facts.areaM2).toBeCloseTo(282_743, 0);
  });

  it('a square: its side and area (side², within a part in a thousand)', () => {
    const facts = drawingFacts({ ...EMPTY_DRAWING, center: centre, sideM: 200 }, 'square');
    expect(facts).toMatchObject({ kind: 'square', sideM: 200 });
    expect(facts.kind === 'square' && facts.areaM2 / 40_000).toBeCloseTo(1, 3);
  });

  it('a polygon: its corners while open; closed, its area too', () => {
    // About 100 m × 100 m (a degree of longitude is shorter here than at the equator).
    const corners = [
      centre,
      { lat: centre.lat, lon: centre.lon + 0.00095 },
      { lat: centre.lat + 0.0009, lon: centre.lon + 0.00095 },
      { lat: centre.lat + 0.0009, lon: centre.lon },
    ];
    expect(drawingFacts({ ...EMPTY_DRAWING, corners }, 'polygon')).toEqual({ kind: 'corners', corners: 4 });
    const closed = drawingFacts({ ...EMPTY_DRAWING, corners, closed: true }, 'polygon');
    expect(closed).toMatchObject({ kind: 'polygon', corners: 4 });
    expect(closed.kind === 'polygon' && closed.areaM2).toBeGreaterThan(9_900);
    expect(closed.kind === 'polygon' && closed.areaM2).toBeLessThan(10_100);
  });
});
