import type { Kysely } from 'kysely';
import { provisionRequest } from '@tractorlink/domain/operator-api';
import { DEVICE_ID_PATTERN, ENGINE_NO_PATTERN, expiresOnMs, VIN_PATTERN } from '@tractorlink/domain/vehicles-rules';
import type { ProvisionRequest } from '@tractorlink/domain/operator-api';
import type { Clock } from '../../clock';
import type { Database } from '../../db/types';
import type { ErrorDetail } from '../../errors/app-error';
import { RequestValidationError, validatorCompiler } from '../../http/validation';
import type { DeviceModels } from './device-models';
import { claimTractor, insertTractor, takenIdentifiers } from './repo';
import type { TractorRow } from './repo';
import { isUniqueViolation } from '../../db/constraint-errors';

export type ProvisionOutcome = { ok: true; tractor: TractorRow } | { ok: false; details: ErrorDetail[] };

/** The request validator itself, so an API body, a CSV line and a CLI call get the same codes. */
const checkBody = validatorCompiler({ schema: provisionRequest, method: 'POST', url: '/operator/tractors', httpPart: 'body' });

export function parseProvision(data: unknown): { ok: true; value: ProvisionRequest } | { ok: false; details: ErrorDetail[] } {
  const result = checkBody(data) as { value?: ProvisionRequest; error?: unknown };
  if (result.error instanceof RequestValidationError) return { ok: false, details: result.error.details };
  if (result.value === undefined) return { ok: false, details: [{ path: '', code: 'INVALID' }] };
  return { ok: true, value: result.value };
}

/**
 * Provisioning (the provider fits a device to a tractor): checks a record, refuses a device model
 * the server cannot decode and identifiers already in use, and inserts it whole or not at all.
 */
export class TractorRegistry {
  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      clock: Clock;
      models: DeviceModels;
      /** Told the IMEI of each new tractor, so a device cache forgets an earlier refusal. */
      onProvisioned?: (imei: string) => void;
    },
  ) {}

  /** Device model and identifiers in use, checked on whatever parts of the record are well-formed. */
  private async conflicts(data: unknown): Promise<ErrorDetail[]> {
    const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
    const text = (key: string, pattern: RegExp) => (typeof record[key] === 'string' && pattern.test(record[key]) ? record[key] : undefined);
    const details: ErrorDetail[] = [];
    if (typeof record.deviceModel === 'string' && !this.deps.models.has(record.deviceModel))
      details.push({ path: 'deviceModel', code: 'DEVICE_MODEL_UNKNOWN' });
    const ids = { imei: text('imei', DEVICE_ID_PATTERN) ?? '', vin: text('vin', VIN_PATTERN) ?? '', engineNo: text('engineNo', ENGINE_NO_PATTERN) ?? '' };
    if (ids.imei || ids.vin || ids.engineNo) {
      for (const path of await takenIdentifiers(this.deps.db, ids)) if (ids[path]) details.push({ path, code: 'ALREADY_PROVISIONED' });
    }
    return details;
  }

  async provision(data: unknown): Promise<ProvisionOutcome> {
    const parsed = parseProvision(data);
    // Every reason at once, so an operator fixes a line in one go: shape first, then conflicts.
    const details = parsed.ok ? [] : [...parsed.details];
    for (const d of await this.conflicts(data)) if (!details.some((x) => x.path === d.path)) details.push(d);
    if (!parsed.ok || details.length > 0) return { ok: false, details };
    const input = parsed.value;
    try {
      const tractor = await insertTractor(
        this.deps.db,
        {
          ...input,
          address: input.address.trim(),
          city: input.city.trim(),
          state: input.state.trim(),
          model: input.model.trim(),
          expiresOn: expiresOnMs(input.expiresOn),
        },
        this.deps.clock.now(),
      );
      this.deps.onProvisioned?.(tractor.imei);
      return { ok: true, tractor };
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      const raced = (await this.conflicts(data)).filter((d) => d.code === 'ALREADY_PROVISIONED');
      if (raced.length === 0) throw err;
      return { ok: false, details: raced };
    }
  }

  /**
   * Adds a provisioned tractor to an owner's account as the provider hands it over (the demo's
   * tractors), without the owner's claim and its free pack: the provider set its pack. False when
   * it already has an owner.
   */
  assignOwner(tractorId: string, userId: string): Promise<boolean> {
    return claimTractor(this.deps.db, tractorId, userId, this.deps.clock.now());
  }

  /** Each item on its own: a bad one is refused alone, the others go in. In order, so duplicates within the batch are caught. */
  async provisionMany(items: readonly unknown[]): Promise<ProvisionOutcome[]> {
    const outcomes: ProvisionOutcome[] = [];
    for (const item of items) outcomes.push(await this.provision(item));
    return outcomes;
  }
}
