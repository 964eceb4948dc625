import type { Reading } from '@tractorlink/domain/telemetry';
import type { IncomingRecord } from '../telemetry/ingestor';
import type { TelemetryPipeline } from '../telemetry/pipeline';
import type { BatchRecord } from './batch-schema';

export type IngestOutcome = { ok: true; accepted: number } | { ok: false; unknown: string[] };

/** Stores records of several devices; refuses the whole request if any device is not provisioned. */
export async function ingestBatch(pipeline: TelemetryPipeline, records: readonly BatchRecord[]): Promise<IngestOutcome> {
  const byDevice = new Map<string, IncomingRecord[]>();
  for (const { deviceId, time, ...fields } of records) {
    const reading: Reading = { time: typeof time === 'number' ? time : Date.parse(time), ...fields };
    byDevice.set(deviceId, [...(byDevice.get(deviceId) ?? []), { reading }]);
  }
  const devices = await Promise.all([...byDevice.keys()].map(async (id) => [id, await pipeline.lookup(id)] as const));
  const unknown = devices.filter(([, d]) => !d).map(([id]) => id);
  if (unknown.length > 0) return { ok: false, unknown };
  const counts = await Promise.all(devices.map(([id, device]) => pipeline.ingestor.submit(device!.profile, byDevice.get(id) ?? [])));
  return { ok: true, accepted: counts.reduce((a, b) => a + b, 0) };
}
