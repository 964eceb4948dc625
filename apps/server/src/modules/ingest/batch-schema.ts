import { z } from 'zod';

/**
 * Our own JSON batch format for integrations (POST /api/v1/ingest/batch, operator key):
 * records of any provisioned devices, at most 1000 per request. Unknown fields are refused.
 */
export const MAX_BATCH_RECORDS = 1000;

const finite = z.number().finite();
export const batchRecord = z.strictObject({
  deviceId: z.string().min(1).max(40),
  /** Device time: epoch ms, or ISO-8601. */
  time: z.union([z.number().int().min(946_684_800_000).max(4_102_444_800_000), z.iso.datetime({ offset: true })]),
  lat: finite.min(-90).max(90).optional(),
  lon: finite.min(-180).max(180).optional(),
  speedKmh: finite.min(0).max(400).optional(),
  heading: finite.min(0).max(360).optional(),
  altitude: finite.optional(),
  satellites: z.number().int().min(0).max(64).optional(),
  ignition: z.boolean().optional(),
  pto: z.boolean().optional(),
  keyPresent: z.boolean().optional(),
  externalVoltage: finite.min(0).max(60).optional(),
  fuelPercent: finite.min(0).max(100).optional(),
  fuelLitres: finite.min(0).max(2000).optional(),
  rpm: finite.min(0).max(10_000).optional(),
  coolantC: finite.min(-60).max(200).optional(),
  odometerM: finite.min(0).optional(),
  engineWorktimeMin: finite.min(0).optional(),
});
export type BatchRecord = z.infer<typeof batchRecord>;

export const batchRequest = z.strictObject({ records: z.array(batchRecord).min(1).max(MAX_BATCH_RECORDS) });
