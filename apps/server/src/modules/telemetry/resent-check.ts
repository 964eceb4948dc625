import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { TELEMETRY_COLUMNS, type TelemetryRow, telemetryValues } from './rows';

/** Columns that say when and by whom a record was received, not what it holds. */
const NOT_CONTENT = new Set(['tractor_id', 'device_time', 'received_at']);

const same = (a: unknown, b: unknown) =>
  typeof a === 'number' && typeof b === 'number' ? Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a)) : (a ?? null) === (b ?? null);

/**
 * A resend of a stored record (same device, same device time) is normal and dropped; one whose
 * content differs is a device clock fault or two devices on one IMEI, and is worth knowing. Returns
 * each tractor's differing records as [device time, the columns that differ].
 */
export async function differingResends(db: Kysely<Database>, rows: readonly TelemetryRow[]): Promise<Map<string, [number, string[]][]>> {
  const out = new Map<string, [number, string[]][]>();
  const byTractor = new Map<string, TelemetryRow[]>();
  for (const row of rows) byTractor.set(row.tractorId, [...(byTractor.get(row.tractorId) ?? []), row]);
  for (const [tractorId, list] of byTractor) {
    const stored = await db
      .selectFrom('telemetry')
      .selectAll()
      .where('tractor_id', '=', tractorId)
      .where(
        'device_time',
        'in',
        list.slice(0, 500).map((r) => r.reading.time),
      )
      .execute();
    const byTime = new Map(stored.map((s) => [Number(s.device_time), s as unknown as Record<string, unknown>]));
    for (const row of list) {
      const before = byTime.get(row.reading.time);
      if (!before) continue;
      const values = telemetryValues(row);
      const differ = TELEMETRY_COLUMNS.filter((c, i) => !NOT_CONTENT.has(c) && !same(values[i], before[c]));
      if (differ.length > 0) out.set(tractorId, [...(out.get(tractorId) ?? []), [row.reading.time, differ]]);
    }
  }
  return out;
}
