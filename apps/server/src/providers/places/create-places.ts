import type { Config } from '../../config';
import { GooglePlaces } from './google-places';
import { LocalPlaces } from './local-places';
import type { PlacesProvider } from './places-provider';

export function createPlaces(config: Config): PlacesProvider {
  if (config.places.provider === 'google') return new GooglePlaces({ key: config.places.key, baseUrl: config.places.baseUrl });
  return new LocalPlaces();
}
