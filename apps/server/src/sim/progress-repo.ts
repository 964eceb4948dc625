import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import type { SimCarry } from './farm-day';

/** Where one simulated device stands: the IST day being sent, the carry at its start, the newest record acknowledged. */
export interface TractorProgress {
  day: string;
  carry: SimCarry;
  /** Device time of the newest record the server acknowledged. */
  lastSent: number;
}

/** Where the fleet keeps its progress: the database it feeds (issue 20), so a new database is back-filled. */
export interface ProgressStore {
  load(imeis: readonly string[]): Promise<Record<string, TractorProgress>>;
  save(imei: string, progress: TractorProgress): Promise<void>;
}

/** The sim_progress table's only writer. */
export function databaseProgress(db: Kysely<Database>, now: () => number = Date.now): ProgressStore {
  return {
    async load(imeis) {
      if (imeis.length === 0) return {};
      const rows = await db.selectFrom('sim_progress').selectAll().where('imei', 'in', imeis).execute();
      return Object.fromEntries(rows.map((r) => [r.imei, { day: r.day, carry: JSON.parse(r.carry) as SimCarry, lastSent: Number(r.last_sent) }]));
    },
    async save(imei, p) {
      const row = { day: p.day, carry: JSON.stringify(p.carry), last_sent: p.lastSent, updated_at: now() };
      await db
        .insertInto('sim_progress')
        .values({ imei, ...row })
        .onConflict((oc) => oc.column('imei').doUpdateSet(row))
        .execute();
    },
  };
}
