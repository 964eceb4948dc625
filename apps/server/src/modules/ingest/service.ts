import type { Reading } from '@tractorlink/domain/telemetry';
import { DEVICE_ID_PATTERN } from '@tractorlink/domain/vehicles-rules';
import type { OsmandResult } from '../../devices/http-ingest/osmand';
import { AppError } from '../../errors/app-error';
import { sameKey } from '../operator/operator-key';
import type { IncomingRecord } from '../telemetry/ingestor';
import type { TelemetryPipeline } from '../telemetry/pipeline';
import type { BatchRecord } from './batch-schema';

/** One location the OsmAnd protocol parsed (from the query, a form body or the JSON document). */
export type OsmandLocation = Extract<OsmandResult, { ok: true }>;

/** Over a device's record budget: nothing was stored, so the device resends after the wait. */
const tooMany = (waitMs: number) => new AppError('DEVICE_RATE_LIMITED', { retryAfterSeconds: Math.ceil(waitMs / 1000) });

/**
 * HTTP ingestion (issue 3 §3): only provisioned devices, within their record budget; it returns once
 * the records are committed. Refusals are AppErrors with the device codes of the domain.
 */
export class IngestService {
  constructor(private readonly pipeline: TelemetryPipeline) {}

  /**
   * OsmAnd locations of one device: one, or a JSON batch (all one request's, so of one device id).
   * A device given a secret must send it (`key`, in the parameters, the document or the query string).
   */
  async osmand(locations: readonly OsmandLocation[], queryKey: string | undefined): Promise<void> {
    const { pipeline } = this;
    const first = locations[0];
    if (!first) return;
    // An id no device can be provisioned with (a NUL in a form body, which PostgreSQL's text cannot
    // hold, …) is not looked up at all.
    const device = DEVICE_ID_PATTERN.test(first.deviceId) ? await pipeline.lookup(first.deviceId) : undefined;
    // As Traccar answers: 400 for the query form, 404 for the JSON form.
    if (!device) throw new AppError('DEVICE_UNKNOWN', first.format === 'json' ? { status: 404 } : {});
    const key = first.key ?? queryKey;
    if (device.key !== undefined && (key === undefined || !sameKey(key, device.key))) throw new AppError('DEVICE_KEY_INVALID');
    const waitMs = pipeline.rate.take([[device.profile.id, locations.length]]);
    if (waitMs > 0) throw tooMany(waitMs);
    const records = locations.map(({ reading, attributes }) => ({ reading, attributes }));
    // Any instance may have had the device's previous request: its cached state is checked first.
    await pipeline.ingestor.submit(device.profile, records, { verify: true });
  }

  /** Records of several devices: refused whole if any device is not provisioned or over its record budget. Returns the records stored. */
  async batch(records: readonly BatchRecord[]): Promise<number> {
    const { pipeline } = this;
    const byDevice = new Map<string, IncomingRecord[]>();
    for (const { deviceId, time, ...fields } of records) {
      const reading: Reading = { time: typeof time === 'number' ? time : Date.parse(time), ...fields };
      const list = byDevice.get(deviceId) ?? [];
      list.push({ reading });
      byDevice.set(deviceId, list);
    }
    const devices = await Promise.all([...byDevice].map(async ([id, list]) => ({ id, list, device: await pipeline.lookup(id) })));
    const unknown = devices.filter((d) => !d.device).map((d) => d.id);
    if (unknown.length > 0) {
      // Which records name a device not provisioned (the first of each, at most 20).
      const details = unknown.slice(0, 20).map((id) => ({ path: `records.${records.findIndex((r) => r.deviceId === id)}.deviceId`, code: 'DEVICE_UNKNOWN' }));
      throw new AppError('DEVICE_UNKNOWN', { details });
    }
    const known = devices.flatMap(({ list, device }) => (device ? [{ list, device }] : []));
    const waitMs = pipeline.rate.take(known.map(({ list, device }) => [device.profile.id, list.length] as const));
    if (waitMs > 0) throw tooMany(waitMs);
    const counts = await Promise.all(known.map(({ list, device }) => pipeline.ingestor.submit(device.profile, list, { verify: true })));
    return counts.reduce((a, b) => a + b, 0);
  }
}
