import { describe, expect, it } from 'vitest';
import { fromLocalMeters } from '@tractorlink/domain/geo';
import { ApiError } from '../../lib/api-error';
import { EMPTY_DRAWING } from '../../components/map/drawing';
import { failureKey } from './failure';
import { checkForm, definitionOf, serverFieldErrors } from './form';
import { EMPTY_FORM } from './form-values';
import type { GeofenceFormValues } from './form-values';

const centre = { lat: 18.8226, lon: 74.3752 };
const form = (over: Partial<GeofenceFormValues>): GeofenceFormValues => ({ ...EMPTY_FORM, name: 'North_field-1', ...over });

describe('the form, checked with the API schema before sending', () => {
  it('a drawn circle passes and becomes the body the server takes', () => {
    const checked = checkForm(form({ drawing: { ...EMPTY_DRAWING, center: centre, radiusM: 300 } }));
    expect(checked).toEqual({
      ok: true,
      body: {
        name: 'North_field-1',
        type: 'custom',
        shape: 'circle',
        coordinates: [{ latitude: centre.lat, longitude: centre.lon }],
        radiusM: 300,
        alertOnEntry: true,
        alertOnExit: true,
      },
    });
  });

  it("an invalid name is the name field's message (letters, digits, _ and - only; 30 at most; required)", () => {
    const drawing = { ...EMPTY_DRAWING, center: centre, radiusM: 300 };
    expect(checkForm(form({ name: 'my farm!', drawing }))).toEqual({ ok: false, errors: { name: 'GEOFENCE_NAME_INVALID' } });
    expect(checkForm(form({ name: 'a'.repeat(31), drawing }))).toEqual({ ok: false, errors: { name: 'GEOFENCE_NAME_TOO_LONG' } });
    expect(checkForm(form({ name: '', drawing }))).toEqual({ ok: false, errors: { name: 'GEOFENCE_NAME_REQUIRED' } });
  });

  it('nothing drawn says "coordinates cannot be empty" (spec §5, §8), for every shape', () => {
    for (const shape of ['circle', 'square', 'polygon'] as const) {
      expect(checkForm(form({ shape }))).toEqual({ ok: false, errors: { drawing: 'COORDINATES_EMPTY' } });
    }
    // With a bad name too, both show.
    expect(checkForm(form({ name: 'x y' }))).toEqual({ ok: false, errors: { name: 'GEOFENCE_NAME_INVALID', drawing: 'COORDINATES_EMPTY' } });
  });

  it("a centre without a size, a size out of range and a crossing polygon are the drawing's messages", () => {
    expect(checkForm(form({ drawing: { ...EMPTY_DRAWING, center: centre } }))).toEqual({ ok: false, errors: { drawing: 'RADIUS_REQUIRED' } });
    expect(checkForm(form({ shape: 'square', drawing: { ...EMPTY_DRAWING, center: centre, sideM: 20 } }))).toEqual({
      ok: false,
      errors: { drawing: 'SIDE_OUT_OF_RANGE' },
    });
    const bowtie = [
      [0, 0],
      [400, 400],
      [400, 0],
      [0, 400],
    ].map(([x, y]) => fromLocalMeters(centre, x!, y!));
    expect(checkForm(form({ shape: 'polygon', drawing: { ...EMPTY_DRAWING, corners: bowtie } }))).toEqual({
      ok: false,
      errors: { drawing: 'POLYGON_SELF_INTERSECTS' },
    });
    expect(checkForm(form({ shape: 'polygon', drawing: { ...EMPTY_DRAWING, corners: bowtie.slice(0, 2) } }))).toEqual({
      ok: false,
      errors: { drawing: 'POLYGON_TOO_FEW_POINTS' },
    });
  });

  it('a state or district needs its selects; a custom drawing is not sent with them', () => {
    expect(checkForm(form({ type: 'state' }))).toEqual({ ok: false, errors: { state: 'STATE_REQUIRED' } });
    expect(checkForm(form({ type: 'district', state: 'Maharashtra' }))).toEqual({ ok: false, errors: { district: 'DISTRICT_REQUIRED' } });
    const district = form({ type: 'district', state: 'Maharashtra', district: 'Pune', drawing: { ...EMPTY_DRAWING, center: centre } });
    expect(definitionOf(district)).toEqual({
      name: 'North_field-1',
      type: 'district',
      state: 'Maharashtra',
      district: 'Pune',
      alertOnEntry: true,
      alertOnExit: true,
    });
    expect(checkForm(district).ok).toBe(true);
  });
});

describe("the server's refusals", () => {
  it('VALIDATION_FAILED details land on the same fields (COORDINATES_EMPTY on the drawing)', () => {
    const refused = new ApiError(400, 'VALIDATION_FAILED', 'bad', undefined, [
      { path: 'coordinates', code: 'COORDINATES_EMPTY' },
      { path: 'name', code: 'GEOFENCE_NAME_INVALID' },
      { path: 'district', code: 'DISTRICT_NOT_IN_STATE' },
    ]);
    expect(serverFieldErrors(refused)).toEqual({ drawing: 'COORDINATES_EMPTY', name: 'GEOFENCE_NAME_INVALID', district: 'DISTRICT_NOT_IN_STATE' });
    expect(serverFieldErrors(new ApiError(409, 'DUPLICATE_GEOFENCE_NAME', 'dup'))).toBeNull();
  });

  it('a duplicate name, the limit and a missing boundary say so; anything else is "geofence update error"', () => {
    expect(failureKey(new ApiError(409, 'DUPLICATE_GEOFENCE_NAME', 'dup'))).toBe('error.DUPLICATE_GEOFENCE_NAME');
    expect(failureKey(new ApiError(409, 'GEOFENCE_LIMIT', 'full'))).toBe('error.GEOFENCE_LIMIT');
    expect(failureKey(new ApiError(400, 'BOUNDARY_NOT_LOADED', 'none'))).toBe('error.BOUNDARY_NOT_LOADED');
    expect(failureKey(new ApiError(0, 'NETWORK', 'offline'))).toBe('geofence.updateError');
    expect(failureKey(new ApiError(500, 'INTERNAL', 'oops'))).toBe('geofence.updateError');
  });
});
