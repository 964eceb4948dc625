import type { DieselStation, PlaceDetails, PlacePrediction } from '@tractorlink/domain/places';

/** Places search behind one interface: a local implementation for the demo and tests, Google for real. */
export interface PlacesProvider {
  readonly name: 'local' | 'google';
  /** Fuel stations within `radiusM`, nearest first (at most 20). */
  dieselStations(lat: number, lon: number, radiusM: number, language: string): Promise<DieselStation[]>;
  /** Towns, districts and states in India whose name matches `input` (at most 8). */
  autocomplete(input: string, language: string): Promise<PlacePrediction[]>;
  /** Where a predicted place is; undefined for an unknown id. */
  details(placeId: string, language: string): Promise<PlaceDetails | undefined>;
}

export class PlacesError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PlacesError';
  }
}
