import type { PlaceName } from './jobs';

/** What a job row says about where it was: the start's coordinates and the name stored when it was made. */
interface Placed {
  id: string;
  lat: number | null;
  lon: number | null;
  place: string | null;
}

/** The geocoding cache's own cell (~110 m): jobs on one field share an answer, so it is asked once. */
const cellOf = (lat: number, lon: number) => `${Math.round(lat * 1000)}:${Math.round(lon * 1000)}`;

/**
 * Each job's place in `language`, worked out again from where it started, as the customer's bill
 * does: the stored name is in whatever language the owner had when the job was made. The geocoding
 * service answers from its memory and database caches, so a list asks the provider only for a cell
 * not yet named in this language, once. The stored name is kept for when the geocoder cannot answer.
 */
export async function placesIn(jobs: readonly Placed[], language: string, placeName: PlaceName): Promise<Map<string, string | null>> {
  const cells = new Map<string, Promise<string | null>>();
  const named = await Promise.all(
    jobs.map(async (job): Promise<[string, string | null]> => {
      if (job.lat === null || job.lon === null) return [job.id, job.place];
      const { lat, lon } = job;
      const cell = cellOf(lat, lon);
      let name = cells.get(cell);
      if (!name) {
        name = placeName(lat, lon, language).then((p) => p?.name ?? null);
        cells.set(cell, name);
      }
      return [job.id, (await name) ?? job.place];
    }),
  );
  return new Map(named);
}
