import type { Kysely } from 'kysely';
import { getOrCreateSetting } from '../../db/app-settings';
import type { Database } from '../../db/types';
import { generateVapidKeys, type VapidKeys } from '../../providers/push/web-push-sender';

/**
 * The server's VAPID key pair: generated on first start and kept in the database, so every
 * instance signs with the same key and browsers' subscriptions survive restarts (a new key would
 * orphan them all).
 */
export async function loadVapidKeys(db: Kysely<Database>): Promise<VapidKeys> {
  const stored = await getOrCreateSetting(db, 'vapid_keys', () => JSON.stringify(generateVapidKeys()));
  return JSON.parse(stored) as VapidKeys;
}
