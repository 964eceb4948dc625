import type { FastifyBaseLogger } from 'fastify';
import { GeocoderError } from './geocoder';
import type { Geocoder, Place } from './geocoder';

export interface GoogleGeocoderOptions {
  key: string;
  /** e.g. https://maps.googleapis.com (no trailing slash); tests point it at a local fake. */
  baseUrl: string;
  timeoutMs?: number;
  log: FastifyBaseLogger;
}

interface AddressComponent {
  long_name: string;
  types: string[];
}
interface GeocodeResponse {
  status: string;
  results?: { address_components?: AddressComponent[] }[];
}

const component = (components: AddressComponent[], ...types: string[]) =>
  types.map((t) => components.find((c) => c.types.includes(t))?.long_name).find((name) => name !== undefined);

/**
 * Google's Geocoding API, reverse: `latlng` with `result_type=locality|sublocality` so the answer
 * is a town or village, not a street address, in the owner's language. In India the district is
 * administrative_area_level_3 (level 2 is the revenue division) and the state level 1.
 */
export class GoogleGeocoder implements Geocoder {
  readonly name = 'google';
  readonly cacheName = 'google';

  constructor(private readonly options: GoogleGeocoderOptions) {}

  async reverse(lat: number, lon: number, language: string): Promise<Place | undefined> {
    const { key, baseUrl, timeoutMs = 5000, log } = this.options;
    const query = new URLSearchParams({ latlng: `${lat},${lon}`, language, result_type: 'locality|sublocality', key });
    let response: Response;
    try {
      response = await fetch(`${baseUrl}/maps/api/geocode/json?${query.toString()}`, {
        signal: AbortSignal.timeout(timeoutMs),
        headers: { accept: 'application/json' },
      });
    } catch (err) {
      const reason = err instanceof Error ? err.name : 'unknown';
      log.warn({ geocoder: { provider: 'google', reason } }, 'geocoder request failed');
      throw new GeocoderError(`Google geocoder request failed: ${reason}`);
    }
    const body = (await response.json().catch(() => undefined)) as GeocodeResponse | undefined;
    if (body?.status === 'ZERO_RESULTS') return undefined;
    if (!response.ok || body?.status !== 'OK') {
      // The status names the problem (REQUEST_DENIED, OVER_QUERY_LIMIT …); the URL holds the key: never logged.
      log.warn({ geocoder: { provider: 'google', httpStatus: response.status, status: body?.status } }, 'geocoder refused');
      throw new GeocoderError(`Google geocoder answered ${response.status} ${body?.status ?? ''}`.trim());
    }
    const components = body.results?.[0]?.address_components ?? [];
    const state = component(components, 'administrative_area_level_1');
    if (!state) return undefined;
    return {
      name: component(components, 'locality', 'sublocality', 'sublocality_level_1') ?? null,
      district: component(components, 'administrative_area_level_3', 'administrative_area_level_2') ?? state,
      state,
    };
  }
}
