import { readFileSync } from 'node:fs';
import { FMB_DEFAULT_IO, type IoRule } from '@tractorlink/domain/telemetry';
import { HTTP_DEVICE_MODEL } from '@tractorlink/domain/vehicles-rules';
import { z } from 'zod';

/**
 * IO mappings per device model: configuration, not code. The built-in table covers the Teltonika
 * FMB family; DEVICE_MODELS_FILE (JSON: { "<model>": [ { id, field, kind, multiplier?, signed?, inverted? } ] })
 * adds models or replaces these.
 */
const ioRule = z.strictObject({
  id: z.number().int().min(0).max(65535),
  field: z.enum([
    'ignition',
    'movement',
    'pto',
    'keyPresent',
    'oilPressureLow',
    'airFilterClogged',
    'externalVoltage',
    'batteryVoltage',
    'fuelPercent',
    'fuelLitres',
    'fuelUsedLitres',
    'rpm',
    'coolantC',
    'odometerM',
    'engineWorktimeMin',
    'gsmSignal',
  ]),
  kind: z.enum(['number', 'flag']),
  multiplier: z.number().optional(),
  signed: z.boolean().optional(),
  inverted: z.boolean().optional(),
});
const modelsFile = z.record(z.string().min(1).max(40), z.array(ioRule).max(256));

export const BUILT_IN_MODELS: Record<string, readonly IoRule[]> = {
  FMB920: FMB_DEFAULT_IO,
  FMB130: FMB_DEFAULT_IO,
  FMB140: FMB_DEFAULT_IO,
  FMC130: FMB_DEFAULT_IO,
  // Phones and simple trackers over OsmAnd / Traccar Client: named parameters, no IO table.
  [HTTP_DEVICE_MODEL]: [],
};

export class DeviceModels {
  constructor(private readonly models: Record<string, readonly IoRule[]>) {}

  static load(file: string | undefined): DeviceModels {
    if (!file) return new DeviceModels(BUILT_IN_MODELS);
    const parsed = modelsFile.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (!parsed.success) throw new Error(`DEVICE_MODELS_FILE ${file} is not valid: ${parsed.error.issues[0]?.message ?? 'bad shape'}`);
    return new DeviceModels({ ...BUILT_IN_MODELS, ...parsed.data });
  }

  has(model: string): boolean {
    return model in this.models;
  }

  rules(model: string): readonly IoRule[] {
    return this.models[model] ?? FMB_DEFAULT_IO;
  }

  names(): string[] {
    return Object.keys(this.models);
  }
}
