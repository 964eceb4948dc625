import { distanceMeters } from '@tractorlink/domain/geo';
import type { DieselStation, PlaceDetails, PlacePrediction } from '@tractorlink/domain/places';
import { PLACES } from '../geocoder/places';
import { FUEL_STATIONS } from './fuel-stations';
import type { PlacesProvider } from './places-provider';

const MAX_STATIONS = 20;
const MAX_PREDICTIONS = 8;

/** Places from bundled lists: the towns of the local geocoder and demo fuel stations. English names only. */
export class LocalPlaces implements PlacesProvider {
  readonly name = 'local';

  async dieselStations(lat: number, lon: number, radiusM: number): Promise<DieselStation[]> {
    return FUEL_STATIONS.map(([name, address, latitude, longitude]) => ({ name, address, latitude, longitude, distanceM: Math.round(distanceMeters({ lat, lon }, { lat: latitude, lon: longitude })) }))
      .filter((s) => s.distanceM <= radiusM)
      .sort((a, b) => a.distanceM - b.distanceM)
      .slice(0, MAX_STATIONS);
  }

  async autocomplete(input: string): Promise<PlacePrediction[]> {
    const q = input.trim().toLowerCase();
    const starts = (text: string) => text.toLowerCase().startsWith(q) || text.toLowerCase().split(/[\s-]+/).some((w) => w.startsWith(q));
    return PLACES.map((row, i) => ({ row, i }))
      .filter(({ row }) => starts(row[0]))
      .slice(0, MAX_PREDICTIONS)
      .map(({ row: [name, district, state], i }) => ({ placeId: `local:${i}`, description: `${name}, ${district}, ${state}` }));
  }

  async details(placeId: string): Promise<PlaceDetails | undefined> {
    const m = /^local:(\d+)$/.exec(placeId);
    const row = m ? PLACES[Number(m[1])] : undefined;
    if (!row) return undefined;
    return { placeId, name: row[0], latitude: row[3], longitude: row[4] };
  }
}
