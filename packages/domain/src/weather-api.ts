import { z } from 'zod';
import { LANGUAGE_CODES } from './languages';
import type { DailyForecast, FiveDayResponse, HourlyItem } from './weather';

/**
 * Weather API bodies (spec §3 weather data, §7 Weather): the server answers AccuWeather's shapes,
 * reduced to the fields the widget reads. Kept apart from weather.ts so the home screen's rules
 * stay free of zod.
 */
export const hourlyItem = z.object({
  EpochDateTime: z.number().int(),
  Temperature: z.object({ Value: z.number(), Unit: z.literal('F') }),
  IconPhrase: z.string(),
  WeatherIcon: z.number().int(),
});
/** GET weather/hourly/:vin: a list whose first item is used (empty when the tractor's position is unknown). */
export const hourlyResponse = z.array(hourlyItem);

export const dailyForecast = z.object({
  EpochDate: z.number().int(),
  Temperature: z.object({ Minimum: z.object({ Value: z.number() }), Maximum: z.object({ Value: z.number() }) }),
  Day: z.object({ IconPhrase: z.string(), Icon: z.number().int() }),
});
/** GET weather/daily/:vin: the five-day forecast (no items when the tractor's position is unknown). */
export const fiveDayResponse = z.object({ DailyForecasts: z.array(dailyForecast) });

export const weatherParams = z.strictObject({ vin: z.string().min(1).max(64) });
export const weatherQuery = z.strictObject({
  language: z.enum(LANGUAGE_CODES).default('en'),
  isSec: z.enum(['true', 'false']).optional(),
});

// The schemas and the hand-written types of weather.ts stay the same shape.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameShapes: [
  Same<z.infer<typeof hourlyItem>, HourlyItem>,
  Same<z.infer<typeof dailyForecast>, DailyForecast>,
  Same<z.infer<typeof fiveDayResponse>, FiveDayResponse>,
] = [true, true, true];
void sameShapes;
