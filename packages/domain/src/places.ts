import { z } from 'zod';
import { queryNumber } from './validation';

/**
 * Places API bodies (spec §7 Maps): nearby diesel stations for locate-me, and place search
 * (autocomplete limited to India, details by place id) for the geofence add-location screen.
 */
const latitude = queryNumber(z.number().min(-90, 'OUT_OF_RANGE').max(90, 'OUT_OF_RANGE'));
const longitude = queryNumber(z.number().min(-180, 'OUT_OF_RANGE').max(180, 'OUT_OF_RANGE'));

export const DIESEL_RADIUS_KM = { min: 1, max: 50, default: 15 } as const;

export const placeLanguage = z.enum(['en', 'hi', 'mr', 'pa', 'gu', 'ta', 'te']).default('en');

export const dieselStationsQuery = z.strictObject({
  lat: latitude,
  lon: longitude,
  radiusKm: queryNumber(z.number().min(DIESEL_RADIUS_KM.min, 'OUT_OF_RANGE').max(DIESEL_RADIUS_KM.max, 'OUT_OF_RANGE')).default(DIESEL_RADIUS_KM.default),
  /** The addresses' language (the station's own name is its board's). */
  language: placeLanguage,
});

export const dieselStation = z.object({
  name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  distanceM: z.number().int(),
  address: z.string(),
});
export type DieselStation = z.infer<typeof dieselStation>;
export const dieselStationsResponse = z.object({ data: z.array(dieselStation) });

export const autocompleteQuery = z.strictObject({
  input: z.string().trim().min(2, 'TOO_SHORT').max(60, 'TOO_LONG'),
  language: placeLanguage,
});
export const placePrediction = z.object({ placeId: z.string(), description: z.string() });
export type PlacePrediction = z.infer<typeof placePrediction>;
export const autocompleteResponse = z.object({ data: z.array(placePrediction) });

export const placeDetailsQuery = z.strictObject({ placeId: z.string().min(1).max(300), language: placeLanguage });
export const placeDetails = z.object({ placeId: z.string(), name: z.string(), latitude: z.number(), longitude: z.number() });
export type PlaceDetails = z.infer<typeof placeDetails>;
