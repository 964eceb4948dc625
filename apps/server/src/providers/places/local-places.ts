import { distanceMeters } from '@tractorlink/domain/geo';
import type { DieselStation, PlaceDetails, PlacePrediction } from '@tractorlink/domain/places';
import { localName } from '../geocoder/place-names';
import { PLACES } from '../geocoder/places';
import { FUEL_STATIONS } from './fuel-stations';
import type { PlacesProvider } from './places-provider';
import { stationAddress } from './station-address';

const MAX_STATIONS = 20;
const MAX_PREDICTIONS = 8;

/**
 * Places from bundled lists: the towns of the local geocoder (named in the owner's language, found by
 * their English name or by their name in that language) and demo fuel stations (the pump's board
 * as it is, the address in the owner's language).
 */
export class LocalPlaces implements PlacesProvider {
  readonly name = 'local';

  async dieselStations(lat: number, lon: number, radiusM: number, language = 'en'): Promise<DieselStation[]> {
    return FUEL_STATIONS.map(([name, address, latitude, longitude]) => ({
      name,
      address: stationAddress(address, language),
      latitude,
      longitude,
      distanceM: Math.round(distanceMeters({ lat, lon }, { lat: latitude, lon: longitude })),
    }))
      .filter((s) => s.distanceM <= radiusM)
      .sort((a, b) => a.distanceM - b.distanceM)
      .slice(0, MAX_STATIONS);
  }

  async autocomplete(input: string, language = 'en'): Promise<PlacePrediction[]> {
    const q = input.trim().toLocaleLowerCase();
    const starts = (text: string) =>
      text.toLocaleLowerCase().startsWith(q) ||
      text
        .toLocaleLowerCase()
        .split(/[\s-]+/)
        .some((w) => w.startsWith(q));
    return PLACES.map((row, i) => ({ row, i }))
      .filter(({ row }) => starts(row[0]) || starts(localName(row[0], language)))
      .slice(0, MAX_PREDICTIONS)
      .map(({ row: [name, district, state], i }) => ({
        placeId: `local:${i}`,
        description: [name, district, state].map((n) => localName(n, language)).join(', '),
      }));
  }

  async details(placeId: string, language = 'en'): Promise<PlaceDetails | undefined> {
    const m = /^local:(\d+)$/.exec(placeId);
    const row = m ? PLACES[Number(m[1])] : undefined;
    if (!row) return undefined;
    return { placeId, name: localName(row[0], language), latitude: row[3], longitude: row[4] };
  }
}
