import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Geocoder } from './geocoder';
import { GoogleGeocoder } from './google-geocoder';
import { LocalGeocoder } from './local-geocoder';

export function createGeocoder(config: Config, log: FastifyBaseLogger): Geocoder {
  if (config.geocoder.provider === 'google') return new GoogleGeocoder({ key: config.geocoder.key, baseUrl: config.geocoder.baseUrl, log });
  return new LocalGeocoder();
}
