import { distanceMeters } from '@tractorlink/domain/geo';
import type { Geocoder, Place } from './geocoder';
import { PLACES } from './places';
import type { PlaceRow } from './places';

/** Within this distance a position is "near" the town; further out only its district is named. */
export const NEAR_MAX_M = 15_000;
/** Beyond this from every known place (sea, another country) nothing is said. */
export const DISTRICT_MAX_M = 60_000;

/**
 * The built-in geocoder: the nearest place of a bundled list (names in English whatever the
 * language). Honest about its reach: a town's name only within NEAR_MAX_M.
 */
export class LocalGeocoder implements Geocoder {
  readonly name = 'local';

  constructor(private readonly places: readonly PlaceRow[] = PLACES) {}

  async reverse(lat: number, lon: number): Promise<Place | undefined> {
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
    return { name: bestM <= NEAR_MAX_M ? best[0] : null, district: best[1], state: best[2] };
  }
}
