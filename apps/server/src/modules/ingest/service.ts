import type { Reading } from '@tractorlink/domain/telemetry';
import type { IncomingRecord } from '../telemetry/ingestor';
import type { TelemetryPipeline } from '../telemetry/pipeline';
import type { BatchRecord } from './batch-schema';

export type IngestOutcome = { ok: true; accepted: number } | { ok: false; unknown: string[] } | { ok: false; waitMs: number };

/** Stores records of several devices; refuses the whole request if any device is not provisioned or over its record budget. */
export async function ingestBatch(pipeline: TelemetryPipeline, records: readonly BatchRecord[]): Promise<IngestOutcome> {
  const byDevice = new Map<string, IncomingRecord[]>();
  for (const { deviceId, time, ...fields } of records) {
    const reading: Reading = { time: typeof time === 'number' ? time : Date.parse(time), ...fields };
    const list = byDevice.get(deviceId) ?? [];
    list.push({ reading });
    byDevice.set(deviceId, list);
  }
  const devices = await Promise.all([...byDevice.keys()].map(async (id) => [id, await pipeline.lookup(id)] as const));
  const unknown = devices.filter(([, d]) => !d).map(([id]) => id);
  if (unknown.length > 0) return { ok: false, unknown };
  const waitMs = pipeline.rate.take(devices.map(([id, device]) => [device!.profile.id, byDevice.get(id)?.length ?? 0] as const));
  if (waitMs > 0) return { ok: false, waitMs };
  const counts = await Promise.all(devices.map(([id, device]) => pipeline.ingestor.submit(device!.profile, byDevice.get(id) ?? [])));
  return { ok: true, accepted: counts.reduce((a, b) => a + b, 0) };
}
