import { geofenceDefinition } from '@tractorlink/domain/geofences';
import type { Geofence, GeofenceDefinition } from '@tractorlink/domain/geofences';
import { ApiError } from '../../lib/api-error';
import { EMPTY_DRAWING, drawingFields, drawingOf, isEmpty } from '../../components/map/drawing';
import type { GeofenceFormValues } from './form-values';

/** Where a message shows: beside the name, the type, the drawing (map), the state or the district select. */
type FieldKey = 'name' | 'type' | 'drawing' | 'state' | 'district';
/** Message codes (`error.<CODE>`) by field. */
export type FieldErrors = Partial<Record<FieldKey, string>>;

const FIELD_OF: Record<string, FieldKey> = {
  name: 'name',
  type: 'type',
  shape: 'drawing',
  coordinates: 'drawing',
  radiusM: 'drawing',
  sideM: 'drawing',
  state: 'state',
  district: 'district',
};

/** The body the form sends: only the fields its type (and shape) takes. */
export function definitionOf(f: GeofenceFormValues): Record<string, unknown> {
  const base = { name: f.name, type: f.type, alertOnEntry: f.alertOnEntry, alertOnExit: f.alertOnExit };
  if (f.type === 'custom') return { ...base, ...drawingFields(f.drawing, f.shape) };
  const state = f.state ? { state: f.state } : {};
  if (f.type === 'state') return { ...base, ...state };
  return { ...base, ...state, ...(f.district ? { district: f.district } : {}) };
}

/** The first code per field of a list of (path, code), as zod issues and the server's details give them. */
function fieldErrors(issues: readonly { path: string; code: string }[]): FieldErrors {
  const out: FieldErrors = {};
  for (const { path, code } of issues) {
    const field = FIELD_OF[path.split('.')[0] ?? ''] ?? 'drawing';
    out[field] ??= code;
  }
  return out;
}

/**
 * Checks the form with the API's own schema before anything is sent. A custom geofence with
 * nothing drawn says "coordinates cannot be empty" (spec §5, §8) whatever else is wrong.
 */
export function checkForm(f: GeofenceFormValues): { ok: true; body: GeofenceDefinition } | { ok: false; errors: FieldErrors } {
  const result = geofenceDefinition.safeParse(definitionOf(f));
  const errors = result.success ? {} : fieldErrors(result.error.issues.map((i) => ({ path: i.path.join('.'), code: i.message })));
  if (f.type === 'custom' && isEmpty(f.drawing, f.shape)) errors.drawing = 'COORDINATES_EMPTY';
  if (result.success && Object.keys(errors).length === 0) return { ok: true, body: result.data };
  return { ok: false, errors };
}

/** A refusal from the server mapped onto the form's fields (VALIDATION_FAILED details), or null when it is not about a field. */
export function serverFieldErrors(error: unknown): FieldErrors | null {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED' || !error.details?.length) return null;
  return fieldErrors(error.details);
}

/** A saved geofence as form values (for editing). */
export function valuesOf(g: Geofence): GeofenceFormValues {
  return {
    name: g.name,
    type: g.type,
    shape: g.shape ?? 'circle',
    drawing: g.type === 'custom' ? drawingOf(g) : EMPTY_DRAWING,
    state: g.state ?? '',
    district: g.district ?? '',
    alertOnEntry: g.alertOnEntry,
    alertOnExit: g.alertOnExit,
  };
}
