import type { DieselStation, PlaceDetails, PlacePrediction } from '@tractorlink/domain/places';
import { distanceMeters } from '@tractorlink/domain/geo';
import { PlacesError, type PlacesProvider } from './places-provider';

export interface GooglePlacesOptions {
  key: string;
  /** e.g. https://maps.googleapis.com; tests point it at a local fake. */
  baseUrl: string;
  timeoutMs?: number;
}

interface Geometry {
  location?: { lat?: number; lng?: number };
}

/**
 * Google Places (the web service calls spec §7 names): nearby search for gas stations, place
 * autocomplete with types=(regions) limited to India, place details by placeid with fields geometry.
 */
export class GooglePlaces implements PlacesProvider {
  readonly name = 'google';

  constructor(private readonly options: GooglePlacesOptions) {}

  private async get<T>(path: string, params: Record<string, string>): Promise<T> {
    const { key, baseUrl, timeoutMs = 5000 } = this.options;
    const query = new URLSearchParams({ ...params, key });
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}?${query.toString()}`, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
    } catch (cause) {
      throw new PlacesError('places request failed', { cause });
    }
    if (!response.ok) throw new PlacesError(`places answered ${response.status}`);
    const body = (await response.json()) as T & { status?: string };
    if (body.status && body.status !== 'OK' && body.status !== 'ZERO_RESULTS') throw new PlacesError(`places status ${body.status}`);
    return body;
  }

  async dieselStations(lat: number, lon: number, radiusM: number, language: string): Promise<DieselStation[]> {
    const body = await this.get<{ results?: { name?: string; vicinity?: string; geometry?: Geometry }[] }>('/maps/api/place/nearbysearch/json', {
      location: `${lat},${lon}`,
      radius: String(Math.round(radiusM)),
      type: 'gas_station',
      language,
    });
    return (body.results ?? [])
      .flatMap((r) => {
        const p = r.geometry?.location;
        if (typeof p?.lat !== 'number' || typeof p.lng !== 'number' || !r.name) return [];
        return [
          {
            name: r.name,
            address: r.vicinity ?? '',
            latitude: p.lat,
            longitude: p.lng,
            distanceM: Math.round(distanceMeters({ lat, lon }, { lat: p.lat, lon: p.lng })),
          },
        ];
      })
      .sort((a, b) => a.distanceM - b.distanceM)
      .slice(0, 20);
  }

  async autocomplete(input: string, language: string): Promise<PlacePrediction[]> {
    const body = await this.get<{ predictions?: { place_id?: string; description?: string }[] }>('/maps/api/place/autocomplete/json', {
      input,
      types: '(regions)',
      components: 'country:in',
      language,
    });
    return (body.predictions ?? []).flatMap((p) => (p.place_id && p.description ? [{ placeId: p.place_id, description: p.description }] : [])).slice(0, 8);
  }

  async details(placeId: string, language: string): Promise<PlaceDetails | undefined> {
    const body = await this.get<{ result?: { name?: string; geometry?: Geometry } }>('/maps/api/place/details/json', {
      placeid: placeId,
      fields: 'geometry,name',
      language,
    });
    const p = body.result?.geometry?.location;
    if (typeof p?.lat !== 'number' || typeof p.lng !== 'number') return undefined;
    return { placeId, name: body.result?.name ?? '', latitude: p.lat, longitude: p.lng };
  }
}
