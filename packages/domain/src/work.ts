import { WORK_MAX_KMH, WORK_MIN_KMH } from './usage';

/**
 * Field work at one reading, as the usage rules count it between readings (usage.ts
 * measureInterval): engine on, PTO engaged, at working speed. Route replay colours a track by it.
 */
export function isWorking(r: { ignition?: boolean; pto?: boolean; speedKmh?: number }): boolean {
  const speed = r.speedKmh ?? 0;
  return r.ignition === true && r.pto === true && speed >= WORK_MIN_KMH && speed <= WORK_MAX_KMH;
}
