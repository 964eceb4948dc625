import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ErrorCode } from '@tractorlink/domain/errors';
import { GEOFENCES_PER_OWNER_MAX } from '@tractorlink/domain/geofences';
import { CUSTOMERS_PER_OWNER_MAX, OPEN_LINKS_PER_OWNER_MAX } from '@tractorlink/domain/hire/rules';
import { RECEIVERS_MAX } from '@tractorlink/domain/receivers-api';
import { call, expectError, post } from './support/api';
import { dbTargets } from './support/db-targets';
import { circleBody, createGeofence } from './support/geofences';
import { useTestApp } from './support/harness';
import { customerBody, hireCall, newId } from './support/hire';
import { TEST_START } from './support/test-clock';
import { ownerWithTractor } from './support/vehicles';

/**
 * Per-owner caps hold when the last creates arrive at once: at one below the cap, of 20 parallel
 * creates exactly one is stored and the rest get the cap's error (as two server instances would
 * see it: the count and the insert are one step).
 */
const AT_ONCE = 20;

describe.each(dbTargets)('per-owner caps under parallel creates, $name', (target) => {
  const t = useTestApp(target);
  const userIdOf = async (mobileNo: string) =>
    (await t.database.db.kysely.selectFrom('users').select('id').where('mobile_no', '=', mobileNo).executeTakeFirstOrThrow()).id;
  /** Of the creates sent at once, exactly one is stored (201); every other gets the cap's error. */
  const oneCreated = (answers: readonly LightMyRequestResponse[], code: ErrorCode) => {
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 201)) expectError(a, code);
  };
  /** The owner's rows in `table`. */
  const storedFor = async (table: 'geofences' | 'alert_receivers' | 'hire_customers', userId: string) =>
    Number(
      (
        await t.database.db.kysely
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it(`geofences: ${GEOFENCES_PER_OWNER_MAX}`, async () => {
    const { owner } = await ownerWithTractor(t);
    const token = owner.accessToken;
    for (let i = 0; i < GEOFENCES_PER_OWNER_MAX - 1; i++) await createGeofence(t.app, token, circleBody(`G${i}`));
    const answers = await Promise.all(Array.from({ length: AT_ONCE }, (_, i) => call(t.app, 'POST', 'geofences', circleBody(`N${i}`), { token })));
    oneCreated(answers, 'GEOFENCE_LIMIT');
    expect(await storedFor('geofences', await userIdOf(owner.mobileNo))).toBe(GEOFENCES_PER_OWNER_MAX);
  });

  it(`SMS receivers: ${RECEIVERS_MAX}`, async () => {
    const { owner } = await ownerWithTractor(t);
    const token = owner.accessToken;
    for (let i = 0; i < RECEIVERS_MAX - 1; i++)
      expect((await post(t.app, 'receivers', { name: 'Helper', phone: `91234567${10 + i}`, channel: 'sms' }, { token })).statusCode).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) => post(t.app, 'receivers', { name: 'Helper', phone: `98220123${10 + i}`, channel: 'sms' }, { token })),
    );
    oneCreated(answers, 'RECEIVER_LIMIT');
    expect(await storedFor('alert_receivers', await userIdOf(owner.mobileNo))).toBe(RECEIVERS_MAX);
  });

  it(`hire customers: ${CUSTOMERS_PER_OWNER_MAX}`, async () => {
    const { owner } = await ownerWithTractor(t);
    const userId = await userIdOf(owner.mobileNo);
    const db = t.database.db.kysely;
    const rows = Array.from({ length: CUSTOMERS_PER_OWNER_MAX - 1 }, (_, i) => ({
      id: newId(),
      user_id: userId,
      name: `Customer ${i}`,
      phone: null,
      village: null,
      language: 'mr',
      request_hash: `seed-${i}`,
      created_at: TEST_START,
      updated_at: TEST_START,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insertInto('hire_customers')
        .values(rows.slice(i, i + 500))
        .execute();
    const bodies = Array.from({ length: AT_ONCE }, () => customerBody());
    const answers = await Promise.all(bodies.map((body) => hireCall(t.app, 'POST', 'hire/customers', owner.accessToken, body)));
    oneCreated(answers, 'CUSTOMER_LIMIT');
    expect(await storedFor('hire_customers', userId)).toBe(CUSTOMERS_PER_OWNER_MAX);
    // At the cap, the create that won sent again (an offline retry) still answers its customer.
    const won = bodies[answers.findIndex((a) => a.statusCode === 201)];
    expect((await hireCall(t.app, 'POST', 'hire/customers', owner.accessToken, won)).statusCode).toBe(200);
  });

  it(`open bill and live links: ${OPEN_LINKS_PER_OWNER_MAX} (revoked and expired ones not counted)`, async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const userId = await userIdOf(owner.mobileNo);
    const db = t.database.db.kysely;
    const now = t.clock.now();
    const link = (i: number, over: { revoked_at?: number; expires_at?: number | null } = {}) => ({
      id: newId(),
      user_id: userId,
      kind: 'live',
      token_hash: `seed-${i}`,
      customer_id: null,
      job_id: null,
      tractor_id: tractor.id,
      include_track: 0,
      language: 'mr',
      created_at: now - 60_000,
      expires_at: now + 3600_000,
      revoked_at: null,
      ...over,
    });
    const rows = [
      ...Array.from({ length: OPEN_LINKS_PER_OWNER_MAX - 1 }, (_, i) => link(i)),
      link(-1, { revoked_at: now - 1000 }),
      link(-2, { expires_at: now - 1000 }),
    ];
    for (let i = 0; i < rows.length; i += 100)
      await db
        .insertInto('hire_links')
        .values(rows.slice(i, i + 100))
        .execute();
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, () => hireCall(t.app, 'POST', 'live-links', owner.accessToken, { vin: tractor.vin, duration: '1h' })),
    );
    oneCreated(answers, 'LINK_LIMIT');
    const open = await db
      .selectFrom('hire_links')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirstOrThrow();
    expect(Number(open.n)).toBe(OPEN_LINKS_PER_OWNER_MAX);
  });
});
