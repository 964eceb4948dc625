import { ALERT_TYPES, alertType, type AlertTypeId, defaultAlertSetting, type ResolvedAlertSetting } from '@tractorlink/domain/alerts-catalog';
import type { Kysely, Selectable } from 'kysely';
import type { Clock } from '../../clock';
import type { AlertConfigsTable, Database } from '../../db/types';
import { limitsOf } from '@tractorlink/domain/alert-rules/limits';
import type { AlertProfile } from '@tractorlink/domain/alert-rules/types';

/** Settings are re-read this often even without an invalidation (another instance may have changed them). */
const TTL_MS = 5 * 60_000;
/** Most tractors whose settings are kept in memory (a fleet of thousands fits; beyond, the oldest go). */
const MAX_ENTRIES = 20_000;

/** The owner's stored row over the catalogue's default. */
export function resolveSetting(typeId: AlertTypeId, row: Selectable<AlertConfigsTable> | undefined): ResolvedAlertSetting {
  const defaults = defaultAlertSetting(alertType(typeId));
  if (!row) return defaults;
  return {
    enabled: row.enabled === 1,
    threshold: defaults.threshold === null ? null : (row.threshold ?? defaults.threshold),
    durationS: defaults.durationS === null ? null : (row.duration_s ?? defaults.durationS),
    configBy: 'user',
  };
}

/** Every type resolved once per load: the rules read settings for every record. */
function profileOf(settings: Map<AlertTypeId, ResolvedAlertSetting>, service: AlertProfile['service'], tankCapacityL: number): AlertProfile {
  const all = Object.fromEntries(ALERT_TYPES.map((a) => [a.id, settings.get(a.id) ?? defaultAlertSetting(a)])) as Record<AlertTypeId, ResolvedAlertSetting>;
  const setting = (id: AlertTypeId) => all[id];
  return { setting, limits: limitsOf(setting), service, tankCapacityL };
}

/**
 * What the rules read of each tractor (owner settings, service schedule, tank), cached so that a
 * batch of thousands of records costs no query; loaded before the ingest transaction, dropped
 * when the owner changes a setting.
 */
export class AlertProfiles {
  private readonly entries = new Map<string, { profile: AlertProfile; loadedAt: number }>();

  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      clock: Clock;
      /** Told of each invalidation (the writer thread keeps profiles of its own). */
      onInvalidate?: (tractorId: string) => void;
    },
  ) {}

  /** Loads the tractors not cached (or cached too long ago) in two queries. */
  async prepare(tractorIds: readonly string[]): Promise<void> {
    const now = this.deps.clock.now();
    const missing = [...new Set(tractorIds)].filter((id) => {
      const entry = this.entries.get(id);
      return !entry || now - entry.loadedAt > TTL_MS;
    });
    if (missing.length === 0) return;
    const { db } = this.deps;
    const [tractors, rows] = await Promise.all([
      db.selectFrom('tractors').select(['id', 'tank_capacity_l', 'service_interval_h', 'last_service_engine_h']).where('id', 'in', missing).execute(),
      db.selectFrom('alert_configs').selectAll().where('tractor_id', 'in', missing).execute(),
    ]);
    this.evict(missing.length, new Set(tractorIds));
    for (const t of tractors) {
      const settings = new Map<AlertTypeId, ResolvedAlertSetting>();
      for (const row of rows) if (row.tractor_id === t.id) settings.set(row.type_id as AlertTypeId, resolveSetting(row.type_id as AlertTypeId, row));
      const service = { intervalH: t.service_interval_h, lastServiceAtH: t.last_service_engine_h };
      this.entries.delete(t.id);
      this.entries.set(t.id, { profile: profileOf(settings, service, t.tank_capacity_l), loadedAt: now });
    }
  }

  /** The cached profile (prepare first); defaults if the tractor is unknown, so ingestion never fails on it. */
  get(tractorId: string): AlertProfile {
    return this.entries.get(tractorId)?.profile ?? profileOf(new Map(), { intervalH: Number.MAX_SAFE_INTEGER, lastServiceAtH: 0 }, 1);
  }

  /** Makes room for `count` entries, oldest loaded first, never one of the batch being prepared. */
  private evict(count: number, keep: Set<string>): void {
    for (const id of this.entries.keys()) {
      if (this.entries.size + count <= MAX_ENTRIES) return;
      if (!keep.has(id)) this.entries.delete(id);
    }
  }

  invalidate(tractorId: string): void {
    this.entries.delete(tractorId);
    this.deps.onInvalidate?.(tractorId);
  }
}
