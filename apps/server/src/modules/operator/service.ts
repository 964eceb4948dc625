import type { Kysely } from 'kysely';
import type { OperatorTractor } from '@tractorlink/domain/operator-api';
import type { Database } from '../../db/types';
import { AppError } from '../../errors/app-error';
import type { TractorRegistry } from '../tractors/registry';
import { findTractorByImei, findTractorByVin } from '../tractors/repo';
import type { TractorRow } from '../tractors/repo';
import { toOperatorTractor } from '../tractors/views';

export interface ImportResult {
  index: number;
  status: 'imported' | 'refused';
  vin?: string;
  imei?: string;
  details?: { path: string; code: string }[];
}

/** The provider's side of the registry: provision one, import many, look one up. */
export class OperatorService {
  constructor(private readonly deps: { db: Kysely<Database>; registry: TractorRegistry }) {}

  private async view(row: TractorRow): Promise<OperatorTractor> {
    const state = await this.deps.db.selectFrom('tractor_state').select('last_seen_at').where('tractor_id', '=', row.id).executeTakeFirst();
    return toOperatorTractor(row, state === undefined ? undefined : Number(state.last_seen_at));
  }

  async provision(body: unknown): Promise<OperatorTractor> {
    const outcome = await this.deps.registry.provision(body);
    if (!outcome.ok) throw new AppError('VALIDATION_FAILED', { details: outcome.details });
    return this.view(outcome.tractor);
  }

  async import(items: readonly unknown[]): Promise<{ imported: number; refused: number; results: ImportResult[] }> {
    const outcomes = await this.deps.registry.provisionMany(items);
    const results = outcomes.map(
      (o, index): ImportResult =>
        o.ok ? { index, status: 'imported', vin: o.tractor.vin, imei: o.tractor.imei } : { index, status: 'refused', details: o.details },
    );
    const imported = results.filter((r) => r.status === 'imported').length;
    return { imported, refused: results.length - imported, results };
  }

  async find(query: { imei?: string; vin?: string }): Promise<OperatorTractor> {
    const row = query.imei !== undefined ? await findTractorByImei(this.deps.db, query.imei) : await findTractorByVin(this.deps.db, query.vin ?? '');
    if (!row) throw new AppError('NOT_FOUND');
    return this.view(row);
  }
}
