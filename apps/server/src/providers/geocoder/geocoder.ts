import type { Place } from '@tractorlink/domain/vehicles-api';

export type { Place };

/**
 * Reverse geocoding: the place a position is in or near, for the tractor's address line.
 * `name` is the town or village, or null when none is near enough to say "near X"; district and
 * state are always given when a place is returned. undefined: nothing known there.
 */
export interface Geocoder {
  readonly name: 'local' | 'google';
  /** The provider as the address cache knows it: a new version of bundled names is asked afresh. */
  readonly cacheName: string;
  reverse(lat: number, lon: number, language: string): Promise<Place | undefined>;
}

/** The provider failed (network, quota, refused key): nothing is cached, the next poll asks again. */
export class GeocoderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GeocoderError';
  }
}
