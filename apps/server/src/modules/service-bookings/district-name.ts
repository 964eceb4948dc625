import type { PlaceNames } from '@tractorlink/domain/geofences';
import { localName, PLACE_NAMES } from '../../providers/geocoder/place-names';

/** The bundled places' English names by their lower-case form: a registered city is typed in any case. */
const ENGLISH = new Map(Object.keys(PLACE_NAMES).map((name) => [name.toLowerCase(), name]));

/**
 * A district as the owner reads it, in their language: the boundary file's own name, else the
 * bundled place names' (the geocoder's), else the name as stored. The stored name stays the key that
 * dealers are matched by; this one is only shown.
 */
export function districtName(district: string, names: PlaceNames, language: string): string {
  const own = names[language as keyof PlaceNames];
  if (own) return own;
  const english = ENGLISH.get(district.trim().toLowerCase());
  return english === undefined ? district : localName(english, language);
}
