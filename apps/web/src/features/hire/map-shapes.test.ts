import { describe, expect, it } from 'vitest';
import type { MultiPolygonGeometry } from '@tractorlink/domain/hire-api';
import { boundaryBody, boundaryDrawing, boxOf, jobAreas, jobPoints } from './map-shapes';

const workedArea: MultiPolygonGeometry = {
  type: 'MultiPolygon',
  coordinates: [
    [
      [
        [73.99, 20.17],
        [73.991, 20.17],
        [73.991, 20.171],
        [73.99, 20.17],
      ],
    ],
  ],
};
const boundary = [
  { latitude: 20.1699, longitude: 73.9899 },
  { latitude: 20.1699, longitude: 73.9912 },
  { latitude: 20.1712, longitude: 73.9912 },
];

describe("a job's worked area and field on the map (issue 17)", () => {
  it('turns GeoJSON [lon, lat] into map points, the worked area filled and the field dashed', () => {
    const areas = jobAreas({ workedArea, boundary });
    expect(areas).toHaveLength(2);
    expect(areas[0]).toMatchObject({ kind: 'polygons', tone: 'worked' });
    expect(areas[0]?.kind === 'polygons' && areas[0].polygons[0]?.[0]?.[1]).toEqual({ lat: 20.17, lon: 73.991 });
    expect(areas[1]).toMatchObject({ kind: 'polygons', draft: true });
    expect(jobAreas({ workedArea: null, boundary: null })).toEqual([]);
  });

  it('fits the worked area and the field, else where the work started', () => {
    expect(jobPoints({ workedArea, boundary, position: null })).toHaveLength(7);
    expect(jobPoints({ workedArea: null, boundary: null, position: { lat: 20, lng: 74 } })).toEqual([{ lat: 20, lon: 74 }]);
    expect(boxOf(jobPoints({ workedArea, boundary, position: null }))).toEqual({ south: 20.1699, west: 73.9899, north: 20.1712, east: 73.9912 });
  });

  it('a saved field opens as a closed drawing and goes back in the API form', () => {
    const drawing = boundaryDrawing({ boundary });
    expect(drawing.closed).toBe(true);
    expect(boundaryBody(drawing)).toEqual(boundary);
    expect(boundaryDrawing({ boundary: null }).corners).toEqual([]);
  });
});
