import { distanceMeters } from '@tractorlink/domain/geo';
import type { Geocoder, Place } from './geocoder';
import { localName } from './place-names';
import { PLACES } from './places';
import type { PlaceRow } from './places';

/** Within this distance a position is "near" the town; further out only its district is named. */
export const NEAR_MAX_M = 15_000;
/** Beyond this from every known place (sea, another country) nothing is said. */
export const DISTRICT_MAX_M = 60_000;

/**
 * The built-in geocoder: the nearest place of a bundled list, named in the owner's language
 * (place-names.ts). Honest about its reach: a town's name only within NEAR_MAX_M.
 */
export class LocalGeocoder implements Geocoder {
  readonly name = 'local';
  /** 2: names in the seven languages (1 answered English in all of them). */
  readonly cacheName = 'local-2';

  constructor(private readonly places: readonly PlaceRow[] = PLACES) {}

  async reverse(lat: number, lon: number, language = 'en'): Promise<Place | undefined> {
    let best: PlaceRow | undefined;
    let bestM = Infinity;
    for (const p of this.places) {
      const m = distanceMeters({ lat, lon }, { lat: p[3], lon: p[4] });
      if (m < bestM) {
        bestM = m;
        best = p;
      }
    }
    if (!best || bestM > DISTRICT_MAX_M) return undefined;
    return { name: bestM <= NEAR_MAX_M ? localName(best[0], language) : null, district: localName(best[1], language), state: localName(best[2], language) };
  }
}
