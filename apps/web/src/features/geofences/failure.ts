import { ApiError } from '../../lib/api-error';

/**
 * The message of a failed save, toggle, assignment or deletion (spec §8): a duplicate name, the
 * limit, a boundary not loaded and another owner's geofence say so; anything else (network,
 * server) is "geofence update error".
 */
export function failureKey(error: unknown): string {
  const own = ['DUPLICATE_GEOFENCE_NAME', 'GEOFENCE_LIMIT', 'BOUNDARY_NOT_LOADED', 'NOT_FOUND', 'VALIDATION_FAILED'];
  if (error instanceof ApiError && own.includes(error.code)) return `error.${error.code}`;
  return 'geofence.updateError';
}
