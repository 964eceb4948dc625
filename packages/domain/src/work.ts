import { WORK_MAX_KMH, WORK_MIN_KMH } from './usage';

/**
 * Field work at one reading, as the usage rules count it between readings (usage.ts
 * measureInterval): engine on, PTO engaged, at working speed. Route replay colours a track by it.
 * The engine is on by the ignition input, or by the RPM on a device without one (usage.ts engineRunning).
 */
export function isWorking(r: { ignition?: boolean; pto?: boolean; speedKmh?: number; rpm?: number }): boolean {
  const speed = r.speedKmh ?? 0;
  const engineOn = r.ignition === true || (r.ignition === undefined && (r.rpm ?? 0) > 0);
  return engineOn && r.pto === true && speed >= WORK_MIN_KMH && speed <= WORK_MAX_KMH;
}
