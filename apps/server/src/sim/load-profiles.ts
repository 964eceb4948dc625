import type { SimProfile } from './farm-day';
import { between, seededRandom } from './random';

/** Load-test tractors: IMEIs 870000000000000 + i, spread over a 50 km square of Nashik district. */
export function loadProfiles(n: number): SimProfile[] {
  const random = seededRandom(42);
  return Array.from({ length: n }, (_, i) => {
    const home = { lat: 19.9 + between(random, 0, 0.45), lon: 73.6 + between(random, 0, 0.45) };
    return {
      imei: String(870_000_000_000_000 + i),
      home,
      fields: [{ corner: { lat: home.lat + 0.006, lon: home.lon + 0.004 }, lengthM: 200, widthM: 80, headingDeg: between(random, 0, 180) }],
      implementWidthM: 1.8,
      tankCapacityL: 55,
    };
  });
}
