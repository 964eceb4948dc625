import { expect } from 'vitest';
import type { Kysely } from 'kysely';
import type { UsageTotals } from '@tractorlink/domain/usage';
import type { Database } from '../../src/db/types';
import { USAGE_COLUMNS } from '../../src/modules/telemetry/rows';
import type { ProvisionInput, TractorRow } from '../../src/modules/tractors/repo';
import { post, registerOwner } from './api';
import type { Owner } from './api';
import type { TestContext } from './harness';
import { provisionTractor } from './tractors';
import { DEFAULT_DEVICE_MODEL } from '@tractorlink/domain/vehicles-rules';

/** An owner registered through the API with one tractor provisioned for their number and claimed. */
export async function ownerWithTractor(
  t: TestContext,
  mobileNo = '9876543210',
  overrides: Partial<ProvisionInput> = {},
): Promise<{ owner: Owner; tractor: TractorRow }> {
  const owner = await registerOwner(t.app, t.sms, { mobileNo });
  const tractor = await provisionTractor(t.database.db.kysely, { mobileNo, ...overrides });
  const res = await post(t.app, 'vehicles/claim', { vin: tractor.vin }, { token: owner.accessToken });
  expect(res.statusCode, res.body).toBe(200);
  return { owner, tractor };
}

/** Writes hourly rollup rows directly (what ingestion would have summed). */
export async function insertHours(db: Kysely<Database>, tractorId: string, hours: ({ hourStart: number } & Partial<UsageTotals>)[]): Promise<void> {
  const rows = hours.map((h) => {
    const row: Record<string, number | string> = { tractor_id: tractorId, hour_start: h.hourStart };
    for (const [column, field] of Object.entries(USAGE_COLUMNS)) row[column] = h[field] ?? 0;
    return row as unknown as Database['usage_hourly'];
  });
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('usage_hourly')
      .values(rows.slice(i, i + 500))
      .execute();
}

/** What ingestion last saved of a tractor: its state row, written directly. */
export interface SavedState {
  /** The last reading's time; also when the tractor was last seen, unless `seenAt` says otherwise. */
  time: number;
  seenAt?: number;
  reading: object;
  /** The last position fix; none by default. */
  fix?: { lat: number; lon: number; time: number };
  /** The processor's state; empty by default. */
  processor?: object;
}

/** Writes a tractor's state row directly (what ingestion would have saved). */
export async function insertTractorState(db: Kysely<Database>, tractorId: string, state: SavedState): Promise<void> {
  await db
    .insertInto('tractor_state')
    .values({
      tractor_id: tractorId,
      last_time: state.time,
      last_seen_at: state.seenAt ?? state.time,
      last_reading: JSON.stringify(state.reading),
      last_fix: state.fix ? JSON.stringify(state.fix) : null,
      processor: JSON.stringify(state.processor ?? {}),
      version: 1,
    })
    .execute();
}

/** A provisioning record as the operator API and the CSV import take it; `n` makes its identifiers unique. */
export const validTractor = (n: number) => ({
  imei: `3563070424${String(n).padStart(5, '0')}`,
  vin: `MBNAAHTR1NL1${String(n).padStart(5, '0')}`,
  engineNo: `S326${String(n).padStart(5, '0')}`,
  regNo: `MH15BC${String(n).padStart(4, '0')}`,
  model: 'Arjun 605 DI',
  deviceModel: DEFAULT_DEVICE_MODEL,
  implementWidthM: 2.1,
  tankCapacityL: 65,
  serviceIntervalH: 300,
  firstName: 'Sunita',
  lastName: 'Jadhav',
  mobileNo: '9822012345',
  address: 'Gat no. 112, Ozar road',
  city: 'Pimpalgaon Baswant',
  pincode: '422209',
  state: 'Maharashtra',
  expiresOn: '2027-11-20',
});
