import { namespaceTexts } from './namespace-texts';

/**
 * The geofence screens' words (forms, drawing tool, messages of spec §8, the field codes of
 * GEOFENCE_FIELD_CODES as `error.<CODE>`) are the namespace `geofences`, fetched with the first
 * geofence screen (see namespace-texts.ts).
 */
const GEOFENCES_NS = 'geofences';

const texts = namespaceTexts(GEOFENCES_NS, import.meta.glob<{ default: Record<string, string> }>('../../locales/geofences/*.json'), '../../locales/geofences/');

export const loadGeofenceTexts = texts.load;

/** `t` for the geofence screens (geofences namespace first, then the main catalogue) and whether the words are in. */
export function useGeofenceTexts() {
  return texts.useTexts();
}
