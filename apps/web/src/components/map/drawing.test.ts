import { describe, expect, it } from 'vitest';
import { distanceMeters, fromLocalMeters } from '@tractorlink/domain/geo';
import {
  EMPTY_DRAWING,
  canFinish,
  canUndo,
  drawingFields,
  drawingOf,
  drawnAreas,
  finish,
  isEmpty,
  radiusFromTap,
  sideFromTap,
  tap,
  typedSize,
  undo,
} from './drawing';

/** A field near Shirur (Pune district), in India's coordinate range. */
const centre = { lat: 18.8226, lon: 74.3752 };
const at = (east: number, north: number) => fromLocalMeters(centre, east, north);

describe('circle: centre, then a tap on the edge', () => {
  it('the first tap places the centre, the second sets the radius in whole metres', () => {
    const placed = tap(EMPTY_DRAWING, 'circle', centre);
    expect(placed.center).toEqual(centre);
    expect(placed.radiusM).toBeNull();
    const sized = tap(placed, 'circle', at(300, 400));
    expect(sized.radiusM).toBe(500);
    expect(sized.center).toEqual(centre);
    // A further tap changes the radius, not the centre.
    expect(tap(sized, 'circle', at(0, -120)).radiusM).toBe(120);
  });

  it('radiusFromTap is the distance from the centre', () => {
    const p = at(-700, 0);
    expect(radiusFromTap(centre, p)).toBe(Math.round(distanceMeters(centre, p)));
    expect(radiusFromTap(centre, p)).toBe(700);
    expect(radiusFromTap(centre, centre)).toBe(0);
  });
});

describe('square (north-up): centre, then a tap on an edge sets half the side', () => {
  it('the side is twice the larger east or north offset', () => {
    expect(sideFromTap(centre, at(250, 100))).toBe(500);
    expect(sideFromTap(centre, at(-40, -300))).toBe(600);
    const d = tap(tap(EMPTY_DRAWING, 'square', centre), 'square', at(200, 0));
    expect(d.sideM).toBe(400);
    expect(d.radiusM).toBeNull();
  });
});

describe('polygon: corners, finish, undo, clear', () => {
  const corners = [at(0, 0), at(400, 0), at(400, 300), at(0, 300)];
  const drawn = corners.reduce((d, p) => tap(d, 'polygon', p), EMPTY_DRAWING);

  it('each tap adds a corner; Finish closes only with three or more', () => {
    expect(drawn.corners).toEqual(corners);
    expect(drawn.closed).toBe(false);
    expect(canFinish(drawn)).toBe(true);
    expect(finish(drawn).closed).toBe(true);
    const two = tap(tap(EMPTY_DRAWING, 'polygon', corners[0]!), 'polygon', corners[1]!);
    expect(canFinish(two)).toBe(false);
    expect(finish(two)).toBe(two);
  });

  it('tapping the first corner again closes it (with three corners or more) without adding a point', () => {
    const closed = tap(drawn, 'polygon', corners[0]!, true);
    expect(closed.closed).toBe(true);
    expect(closed.corners).toHaveLength(4);
    // Closed: more taps are ignored.
    expect(tap(closed, 'polygon', at(50, 50))).toBe(closed);
    // Near the first corner with only two: it is just another corner.
    const two = tap(tap(EMPTY_DRAWING, 'polygon', corners[0]!), 'polygon', corners[1]!);
    expect(tap(two, 'polygon', corners[0]!, true).corners).toHaveLength(3);
  });

  it('Undo reopens a closed polygon, then drops corners one by one; Clear empties', () => {
    const closed = finish(drawn);
    const reopened = undo(closed, 'polygon');
    expect(reopened.closed).toBe(false);
    expect(reopened.corners).toHaveLength(4);
    expect(undo(reopened, 'polygon').corners).toEqual(corners.slice(0, 3));
    const emptied = [1, 2, 3, 4].reduce((d) => undo(d, 'polygon'), reopened);
    expect(emptied.corners).toEqual([]);
    expect(canUndo(emptied, 'polygon')).toBe(false);
    expect(isEmpty(emptied, 'polygon')).toBe(true);
  });

  it('Undo of a circle drops the radius, then the centre', () => {
    const d = tap(tap(EMPTY_DRAWING, 'circle', centre), 'circle', at(100, 0));
    expect(undo(d, 'circle')).toMatchObject({ center: centre, radiusM: null });
    expect(undo(undo(d, 'circle'), 'circle').center).toBeNull();
  });

  it('draws a line and dots while open, an area once closed', () => {
    expect(drawnAreas(drawn, 'polygon').map((a) => a.kind)).toEqual(['line', 'dots']);
    expect(drawnAreas(finish(drawn), 'polygon').map((a) => a.kind)).toEqual(['polygons', 'dots']);
    expect(drawnAreas(EMPTY_DRAWING, 'circle')).toEqual([]);
  });
});

describe('the body fields of a drawing', () => {
  it('gives only the fields of the shape (the schema refuses the others)', () => {
    const circle = tap(tap(EMPTY_DRAWING, 'circle', centre), 'circle', at(500, 0));
    expect(drawingFields(circle, 'circle')).toEqual({ shape: 'circle', coordinates: [{ latitude: centre.lat, longitude: centre.lon }], radiusM: 500 });
    expect(drawingFields({ ...EMPTY_DRAWING, center: centre, sideM: 800 }, 'square')).toEqual({
      shape: 'square',
      coordinates: [{ latitude: centre.lat, longitude: centre.lon }],
      sideM: 800,
    });
    expect(drawingFields(EMPTY_DRAWING, 'polygon')).toEqual({ shape: 'polygon', coordinates: [] });
    expect(drawingFields(EMPTY_DRAWING, 'circle')).toEqual({ shape: 'circle', coordinates: [] });
  });

  it('a saved geofence comes back as the same drawing', () => {
    const coordinates = [
      { latitude: 18.8, longitude: 74.3 },
      { latitude: 18.81, longitude: 74.3 },
      { latitude: 18.81, longitude: 74.31 },
    ];
    expect(drawingOf({ shape: 'polygon', coordinates, radiusM: null, sideM: null })).toMatchObject({
      closed: true,
      corners: [
        { lat: 18.8, lon: 74.3 },
        { lat: 18.81, lon: 74.3 },
        { lat: 18.81, lon: 74.31 },
      ],
    });
    expect(drawingOf({ shape: 'circle', coordinates: coordinates.slice(0, 1), radiusM: 250, sideM: null })).toMatchObject({
      center: { lat: 18.8, lon: 74.3 },
      radiusM: 250,
    });
  });

  it('a typed size is whole metres; blank or not a number is none', () => {
    expect(typedSize('250')).toBe(250);
    expect(typedSize(' 99.6 ')).toBe(100);
    expect(typedSize('')).toBeNull();
    expect(typedSize('abc')).toBeNull();
  });
});
