import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/types';
import { TEST_START } from './test-clock';

/**
 * The registered owner of `mobileNo` with one phone subscribed to push (a made-up FCM endpoint the
 * tests' recording push sender accepts), in `language` when given. Returns the owner's user id.
 */
export async function subscribeOwnerToPush(db: Kysely<Database>, mobileNo: string, language?: string): Promise<string> {
  const user = await db.selectFrom('users').select('id').where('mobile_no', '=', mobileNo).executeTakeFirstOrThrow();
  if (language) await db.updateTable('users').set({ language }).where('id', '=', user.id).execute();
  await db
    .insertInto('push_subscriptions')
    .values({
      id: `sub-${mobileNo}`,
      user_id: user.id,
      endpoint: `https://fcm.googleapis.com/fcm/send/${mobileNo}`,
      p256dh: 'p',
      auth: 'a',
      expiration_time: null,
      created_at: TEST_START,
    })
    .execute();
  return user.id;
}
