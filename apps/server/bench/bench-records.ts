import { FMB_DEFAULT_IO } from '@tractorlink/domain/telemetry';
import { avlToRecord } from '../src/devices/teltonika/to-reading';
import type { IncomingRecord } from '../src/modules/telemetry/ingestor';
import { type SimProfile, simulateDay } from '../src/sim/farm-day';
import { loadProfiles } from '../src/sim/load-profiles';
import { sampleToAvl } from '../src/sim/to-avl';

/**
 * The records the ingestion benches feed: for each of `tractors` load profiles, `recordsEach`
 * records of a whole simulated day two days ago from just before its engine first starts (night
 * parking, road, field work with slosh, idling, refuel), as its device sends them (AVL → readings).
 * 150 engine hours on a 250 h schedule, so no service alert fires during a run.
 */
export function benchRecords(tractors: number, recordsEach: number): { profiles: SimProfile[]; work: IncomingRecord[][]; records: number } {
  const day = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
  const profiles = loadProfiles(tractors);
  const work = profiles.map((p) => {
    const samples = simulateDay(p, { fuelL: 40, engineMin: 150 * 60, odometerM: 1e7, position: p.home }, day).samples;
    const from = Math.max(0, samples.findIndex((s) => s.ignition) - 5);
    return samples.slice(from, from + recordsEach).map((s): IncomingRecord => avlToRecord(sampleToAvl(s), FMB_DEFAULT_IO));
  });
  return { profiles, work, records: work.reduce((n, w) => n + w.length, 0) };
}
