import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { fromLocalMeters } from '@tractorlink/domain/geo';
import { type Geofence, toCoordinate } from '@tractorlink/domain/geofences';
import { call } from './api';
import { FARM } from './alerts';

/** A point `x` m east and `y` m north of the demo farm, as the API writes it. */
export const pt = (x: number, y: number) => toCoordinate(fromLocalMeters(FARM, x, y));

/** A north-up rectangle of the given size with its south-west corner at (x, y) m from the farm. */
export const rectangle = (x: number, y: number, width: number, height: number) => [pt(x, y), pt(x + width, y), pt(x + width, y + height), pt(x, y + height)];

export const circleBody = (name: string, radiusM = 200, extra: Record<string, unknown> = {}) => ({
  name,
  type: 'custom',
  shape: 'circle',
  coordinates: [pt(0, 0)],
  radiusM,
  ...extra,
});
export const squareBody = (name: string, sideM = 300, extra: Record<string, unknown> = {}) => ({
  name,
  type: 'custom',
  shape: 'square',
  coordinates: [pt(0, 0)],
  sideM,
  ...extra,
});
export const polygonBody = (name: string, coordinates = rectangle(-200, -200, 400, 400), extra: Record<string, unknown> = {}) => ({
  name,
  type: 'custom',
  shape: 'polygon',
  coordinates,
  ...extra,
});

/** Creates a geofence through the API; fails the test if it is refused. */
export async function createGeofence(app: FastifyInstance, token: string, body: Record<string, unknown>): Promise<Geofence> {
  const res = await call(app, 'POST', 'geofences', body, { token });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Geofence>();
}
