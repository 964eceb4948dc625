import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { UserData } from '@tractorlink/domain/auth';
import type { Geofence, GeofenceListResponse } from '@tractorlink/domain/geofences';
import type { Receiver } from '@tractorlink/domain/receivers-api';
import { IDEMPOTENCY_HEADER, KEY_TTL_MS, REPLAYED_HEADER, STALE_MS } from '../src/http/idempotency';
import { call, expectError, login, registerOwner } from './support/api';
import type { Owner } from './support/api';
import { dbTargets } from './support/db-targets';
import { circleBody, createGeofence, polygonBody } from './support/geofences';
import { useTestApp } from './support/harness';
import { JPEG, PNG, uploadImage } from './support/multipart';

/** Issue 19 item 1: an owner's write sent again with its Idempotency-Key is applied once. */

type Method = 'POST' | 'PUT' | 'DELETE';

function send(app: FastifyInstance, owner: Owner, method: Method, url: string, body: unknown, key: string): Promise<LightMyRequestResponse> {
  return call(app, method, url, body, { token: owner.accessToken, headers: { [IDEMPOTENCY_HEADER]: key } });
}

async function geofenceNames(app: FastifyInstance, owner: Owner): Promise<string[]> {
  const res = await call(app, 'GET', 'geofences', undefined, { token: owner.accessToken });
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json<GeofenceListResponse>()
    .data.map((g) => g.name)
    .sort();
}

const replayed = (res: LightMyRequestResponse) => res.headers[REPLAYED_HEADER] === 'true';

describe.each(dbTargets)('Idempotency-Key on $name', (target) => {
  const t = useTestApp(target);

  it('a create sent twice with one key is applied once; the repeat gets the first answer, marked replayed', async () => {
    const owner = await registerOwner(t.app, t.sms);
    const key = randomUUID();
    const first = await send(t.app, owner, 'POST', 'geofences', circleBody('Farm-1'), key);
    expect(first.statusCode, first.body).toBe(201);
    expect(replayed(first)).toBe(false);
    const again = await send(t.app, owner, 'POST', 'geofences', circleBody('Farm-1'), key);
    expect(again.statusCode, again.body).toBe(201);
    expect(replayed(again)).toBe(true);
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    expect(again.json<Geofence>()).toEqual(first.json<Geofence>());
    expect(await geofenceNames(t.app, owner)).toEqual(['Farm-1']);
    // Without the key the same body is a second write (refused here for its name): the key is what counts.
    expectError(await call(t.app, 'POST', 'geofences', circleBody('Farm-1'), { token: owner.accessToken }), 'DUPLICATE_GEOFENCE_NAME');
  });

  it('the same body in another key order is the same request', async () => {
    const owner = await registerOwner(t.app, t.sms);
    const key = randomUUID();
    const body = { name: 'Rekha', phone: '9822012345', channel: 'sms' };
    expect((await send(t.app, owner, 'POST', 'receivers', body, key)).statusCode).toBe(201);
    const again = await send(t.app, owner, 'POST', 'receivers', { channel: 'sms', phone: '9822012345', name: 'Rekha' }, key);
    expect(again.statusCode, again.body).toBe(201);
    expect(replayed(again)).toBe(true);
    const list = await call(t.app, 'GET', 'receivers', undefined, { token: owner.accessToken });
    expect(list.json<{ data: Receiver[] }>().data).toHaveLength(1);
  });

  it('a delete replayed answers its first 204, not a 404', async () => {
    const owner = await registerOwner(t.app, t.sms);
    const g = await createGeofence(t.app, owner.accessToken, polygonBody('Well'));
    const key = randomUUID();
    const first = await send(t.app, owner, 'DELETE', `geofences/${g.id}`, undefined, key);
    expect(first.statusCode, first.body).toBe(204);
    const again = await send(t.app, owner, 'DELETE', `geofences/${g.id}`, undefined, key);
    expect(again.statusCode, again.body).toBe(204);
    expect(replayed(again)).toBe(true);
    expect(again.body).toBe('');
    // A fresh delete is a new write: the geofence is gone.
    expectError(await send(t.app, owner, 'DELETE', `geofences/${g.id}`, undefined, randomUUID()), 'NOT_FOUND');
  });

  it('the same key with another body or another route is IDEMPOTENCY_KEY_REUSED, and nothing runs', async () => {
    const owner = await registerOwner(t.app, t.sms);
    const key = randomUUID();
    expect((await send(t.app, owner, 'POST', 'geofences', circleBody('Farm-1'), key)).statusCode).toBe(201);
    expectError(await send(t.app, owner, 'POST', 'geofences', circleBody('Farm-2'), key), 'IDEMPOTENCY_KEY_REUSED');
    expectError(await send(t.app, owner, 'POST', 'receivers', { name: 'Rekha', phone: '9822012345', channel: 'sms' }, key), 'IDEMPOTENCY_KEY_REUSED');
    expect(await geofenceNames(t.app, owner)).toEqual(['Farm-1']);
    const receivers = await call(t.app, 'GET', 'receivers', undefined, { token: owner.accessToken });
    expect(receivers.json<{ data: Receiver[] }>().data).toEqual([]);
  });

  it('two requests with one key at once apply once and both get the same answer', async () => {
    const owner = await registerOwner(t.app, t.sms);
    const key = randomUUID();
    const answers = await Promise.all([0, 1, 2].map(() => send(t.app, owner, 'POST', 'geofences', circleBody('Farm-1'), key)));
    for (const a of answers) expect(a.statusCode, a.body).toBe(201);
    expect(new Set(answers.map((a) => a.json<Geofence>().id)).size).toBe(1);
    expect(answers.filter((a) => !replayed(a))).toHaveLength(1);
    expect(await geofenceNames(t.app, owner)).toEqual(['Farm-1']);
  });

  it('two instances on one database apply a key sent to both at once only once', async () => {
    const owner = await registerOwner(t.app, t.sms);
    const other = await t.build();
    const key = randomUUID();
    const answers = await Promise.all(
      [t.app, other, t.app, other].map((app) => send(app, owner, 'POST', 'receivers', { name: 'Rekha', phone: '9822012345', channel: 'sms' }, key)),
    );
    for (const a of answers) expect(a.statusCode, a.body).toBe(201);
    expect(new Set(answers.map((a) => a.json<Receiver>().id)).size).toBe(1);
    const list = await call(t.app, 'GET', 'receivers', undefined, { token: owner.accessToken });
    expect(list.json<{ data: Receiver[] }>().data).toHaveLength(1);
  });

  it('a refusal keeps nothing: once the cause is gone the same key runs', async () => {
    const owner = await registerOwner(t.app, t.sms);
    const taken = await createGeofence(t.app, owner.accessToken, polygonBody('Farm-1'));
    const key = randomUUID();
    expectError(await send(t.app, owner, 'POST', 'geofences', circleBody('Farm-1'), key), 'DUPLICATE_GEOFENCE_NAME');
    expect((await call(t.app, 'DELETE', `geofences/${taken.id}`, undefined, { token: owner.accessToken })).statusCode).toBe(204);
    const retried = await send(t.app, owner, 'POST', 'geofences', circleBody('Farm-1'), key);
    expect(retried.statusCode, retried.body).toBe(201);
    expect(replayed(retried)).toBe(false);
    expect(retried.json<Geofence>().shape).toBe('circle');
  });

  it('a validation failure takes no key', async () => {
    const owner = await registerOwner(t.app, t.sms);
    const key = randomUUID();
    expectError(await send(t.app, owner, 'POST', 'geofences', { ...circleBody('Farm-1'), radiusM: 1 }, key), 'VALIDATION_FAILED');
    expect((await send(t.app, owner, 'POST', 'geofences', circleBody('Farm-1'), key)).statusCode).toBe(201);
  });

  it('keys are per owner: the same key from two owners is two writes, and never hands one the other’s answer', async () => {
    const ramesh = await registerOwner(t.app, t.sms, { mobileNo: '9876543210' });
    const suresh = await registerOwner(t.app, t.sms, { mobileNo: '9123456789' });
    const key = randomUUID();
    const a = await send(t.app, ramesh, 'POST', 'geofences', circleBody('Farm-1'), key);
    const b = await send(t.app, suresh, 'POST', 'geofences', circleBody('Farm-1'), key);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(replayed(b)).toBe(false);
    expect(a.json<Geofence>().id).not.toBe(b.json<Geofence>().id);
    expect(await geofenceNames(t.app, ramesh)).toEqual(['Farm-1']);
    expect(await geofenceNames(t.app, suresh)).toEqual(['Farm-1']);

    // Ramesh's write, replayed word for word by Suresh with Ramesh's key: Suresh's own request, so 404.
    const mine = a.json<Geofence>();
    const toggle = randomUUID();
    expect((await send(t.app, ramesh, 'PUT', `geofences/${mine.id}/active`, { active: false }, toggle)).statusCode).toBe(200);
    expectError(await send(t.app, suresh, 'PUT', `geofences/${mine.id}/active`, { active: false }, toggle), 'NOT_FOUND');
  });

  it('a key is honoured for its time; expired, it runs afresh and the job removes it', async () => {
    const owner = await registerOwner(t.app, t.sms);
    const key = randomUUID();
    expect((await send(t.app, owner, 'POST', 'geofences', circleBody('Farm-1'), key)).statusCode).toBe(201);
    t.clock.advance(KEY_TTL_MS - 60_000);
    const fresh = { ...owner, accessToken: (await login(t.app, owner, owner.pin)).json<{ access_token: string }>().access_token };
    const within = await send(t.app, fresh, 'POST', 'geofences', circleBody('Farm-1'), key);
    expect(within.statusCode, within.body).toBe(201);
    expect(replayed(within)).toBe(true);

    t.clock.advance(60_000);
    expect(await t.app.services.idempotency.purgeExpired()).toBe(1);
    expect(await t.database.db.kysely.selectFrom('idempotency_keys').selectAll().execute()).toEqual([]);
    // Run again (a second geofence of that name is refused, which proves it ran).
    const after = await send(t.app, fresh, 'POST', 'geofences', circleBody('Farm-1'), key);
    expectError(after, 'DUPLICATE_GEOFENCE_NAME');
    expect(replayed(after)).toBe(false);
  });

  it('an expired key not yet removed is not replayed either', async () => {
    const owner = await registerOwner(t.app, t.sms);
    const key = randomUUID();
    expect((await send(t.app, owner, 'POST', 'receivers', { name: 'Rekha', phone: '9822012345', channel: 'sms' }, key)).statusCode).toBe(201);
    t.clock.advance(KEY_TTL_MS);
    const fresh = { ...owner, accessToken: (await login(t.app, owner, owner.pin)).json<{ access_token: string }>().access_token };
    expectError(await send(t.app, fresh, 'POST', 'receivers', { name: 'Rekha', phone: '9822012345', channel: 'sms' }, key), 'RECEIVER_EXISTS');
  });

  it('a key left pending by a request that died is taken over once it is stale', async () => {
    const owner = await registerOwner(t.app, t.sms);
    const key = randomUUID();
    const user = await t.database.db.kysely.selectFrom('users').select('id').executeTakeFirstOrThrow();
    await t.database.db.kysely
      .insertInto('idempotency_keys')
      .values({
        user_id: user.id,
        key,
        route: 'POST /api/v1/geofences',
        body_hash: 'left by a dead instance',
        state: 'pending',
        status: null,
        content_type: null,
        response: null,
        created_at: t.clock.now() - STALE_MS - 1,
        expires_at: t.clock.now() + KEY_TTL_MS,
      })
      .execute();
    // Its body hash differs from ours: the same key for another body is refused, pending or not.
    expectError(await send(t.app, owner, 'POST', 'geofences', circleBody('Farm-1'), key), 'IDEMPOTENCY_KEY_REUSED');
    const takenKey = randomUUID();
    const first = await send(t.app, owner, 'POST', 'geofences', circleBody('Farm-2'), takenKey);
    expect(first.statusCode).toBe(201);
    // Make the finished key look pending and stale, as if its instance died before keeping the answer.
    await t.database.db.kysely
      .updateTable('idempotency_keys')
      .set({ state: 'pending', status: null, response: null, created_at: t.clock.now() - STALE_MS - 1 })
      .where('key', '=', takenKey)
      .execute();
    const retried = await send(t.app, owner, 'POST', 'geofences', circleBody('Farm-2'), takenKey);
    // It ran again (the name is taken now), and the key was given back, not kept pending.
    expectError(retried, 'DUPLICATE_GEOFENCE_NAME');
    expect(await t.database.db.kysely.selectFrom('idempotency_keys').select('key').where('key', '=', takenKey).execute()).toEqual([]);
  });

  it.each([
    ['too short', 'abc'],
    ['too long', 'k'.repeat(65)],
    ['with other characters', 'key with spaces and more'],
    ['empty', ''],
  ])('a key %s is refused before anything runs', async (_what, key) => {
    const owner = await registerOwner(t.app, t.sms);
    const res = await send(t.app, owner, 'POST', 'geofences', circleBody('Farm-1'), key);
    expectError(res, 'VALIDATION_FAILED');
    expect(await geofenceNames(t.app, owner)).toEqual([]);
  });

  it('a profile photo (multipart) sent twice with one key is stored once; another photo under that key is refused', async () => {
    const owner = await registerOwner(t.app, t.sms);
    // Each send is a fresh form with its own boundary, as the phone's outbox rebuilds it.
    const upload = (data: Buffer, key?: string) =>
      uploadImage(t.app, owner.accessToken, { filename: 'me.png', contentType: 'image/png', data }, key ? { [IDEMPOTENCY_HEADER]: key } : {});
    const imageURL = async () => (await call(t.app, 'GET', 'profile', undefined, { token: owner.accessToken })).json<UserData>().imageURL;
    const key = randomUUID();

    const first = await upload(PNG, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(replayed(first)).toBe(false);
    const stored = first.json<UserData>().imageURL;
    expect(stored).toMatch(/^image\?imageName=[0-9a-f]{32}\.png$/);
    const again = await upload(PNG, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(replayed(again)).toBe(true);
    expect(again.json<UserData>()).toEqual(first.json<UserData>());
    // Stored once: a second store would have named a new picture and deleted this one.
    expect(await imageURL()).toBe(stored);
    expect((await call(t.app, 'GET', stored ?? '', undefined, { token: owner.accessToken })).statusCode).toBe(200);

    // Two at once with one key: one picture.
    const both = randomUUID();
    const [a, b] = await Promise.all([upload(JPEG, both), upload(JPEG, both)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([replayed(a), replayed(b)].sort()).toEqual([false, true]);
    expect(a.json<UserData>().imageURL).toBe(b.json<UserData>().imageURL);
    expect(await imageURL()).toBe(a.json<UserData>().imageURL);

    // Other bytes under a used key: refused, nothing stored.
    expectError(await upload(PNG, both), 'IDEMPOTENCY_KEY_REUSED');
    expect(await imageURL()).toBe(a.json<UserData>().imageURL);
    // Without a key the same photo is a new write: the key is what counts.
    const fresh = await upload(JPEG);
    expect(fresh.json<UserData>().imageURL).not.toBe(a.json<UserData>().imageURL);
  });

  it('an upload refused takes no key, and an upload with a malformed key is refused before anything is stored', async () => {
    const owner = await registerOwner(t.app, t.sms);
    const upload = (data: Buffer, key: string) =>
      uploadImage(t.app, owner.accessToken, { filename: 'me.png', contentType: 'image/png', data }, { [IDEMPOTENCY_HEADER]: key });
    const key = randomUUID();
    expectError(await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), key), 'VALIDATION_FAILED');
    const ok = await upload(PNG, key);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(replayed(ok)).toBe(false);
    expect(expectError(await upload(JPEG, 'short'), 'VALIDATION_FAILED').error.details).toEqual([{ path: 'Idempotency-Key', code: 'INVALID' }]);
    expect((await call(t.app, 'GET', 'profile', undefined, { token: owner.accessToken })).json<UserData>().imageURL).toBe(ok.json<UserData>().imageURL);
  });

  it('routes without a session ignore the header', async () => {
    const owner = await registerOwner(t.app, t.sms);
    const key = randomUUID();
    const headers = { [IDEMPOTENCY_HEADER]: key };
    const a = await call(t.app, 'POST', 'login', { userName: owner.mobileNo, password: owner.pin, deviceID: owner.deviceID }, { headers });
    const b = await call(t.app, 'POST', 'login', { userName: owner.mobileNo, password: owner.pin, deviceID: owner.deviceID }, { headers });
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(replayed(b)).toBe(false);
    expect(a.json<{ access_token: string }>().access_token).not.toBe(b.json<{ access_token: string }>().access_token);
  });
});
