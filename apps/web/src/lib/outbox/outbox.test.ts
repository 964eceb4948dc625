import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TokenResponse } from '@tractorlink/domain/auth';
import { ApiError } from '../api-error';
import { SecureStorage, storage } from '../secure-storage';
import { resetSessionForTests, setAccessTokenForTests, startSession } from '../session';
import { discard, flush, outboxEntries, resetOutboxForTests, submitWrite } from './outbox';
import { waitingCount } from './summary';

/** The outbox against a fake server: kept across a reload, sent in order with its key, refusals kept. */

const user: TokenResponse['user'] = {
  firstName: 'Ramesh',
  name: 'Ramesh Patil',
  mobileNoCC: '+91',
  mobileNo: '9876543210',
  email: null,
  birthDate: '1980-05-01',
  imageURL: null,
  language: 'mr',
};

interface Call {
  method: string;
  path: string;
  key: string | undefined;
  body: unknown;
}

let calls: Call[];
let online: boolean;
let reply: (call: Call) => Response;

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeAll(async () => {
  await storage.load();
});

beforeEach(() => {
  resetSessionForTests();
  resetOutboxForTests();
  for (const name of storage.names('outbox')) storage.remove(name);
  startSession({ access_token: 'token', token_type: 'Bearer', expires_in: 900, user }, true);
  calls = [];
  online = true;
  reply = (c) => json(c.method === 'POST' ? 201 : 200, { id: 'server-1', ...(c.body as object) });
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      if (!online) throw new TypeError('Failed to fetch');
      const headers = init.headers as Record<string, string>;
      const call: Call = {
        method: init.method ?? 'GET',
        path: String(input).replace('/api/v1/', ''),
        key: headers['Idempotency-Key'],
        body: init.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
      };
      calls.push(call);
      return reply(call);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetSessionForTests();
  setAccessTokenForTests(null);
});

const write = (path: string, body: unknown = { n: path }, method: 'POST' | 'PUT' | 'DELETE' = 'PUT') =>
  submitWrite<{ id: string }>({ kind: 'test.write', method, path, body, target: `test:${path}`, label: path });

describe('the outbox', () => {
  it('offline, a Save ends at once as kept on the phone; the write survives a reload, and is sent once online', async () => {
    online = false;
    const result = await write('vehicles/V1/name', { vehName: 'Kisan' });
    expect(result.state).toBe('queued');
    expect(calls).toEqual([]);
    expect(waitingCount.get()).toBe(1);

    // A reload: a fresh storage reads the same encrypted database.
    const reloaded = new SecureStorage();
    await reloaded.load();
    const kept = reloaded.names('outbox.').map((n) => reloaded.getJson<{ path: string; key: string }>(n));
    expect(kept.map((e) => e?.path)).toEqual(['vehicles/V1/name']);

    online = true;
    await flush();
    expect(calls).toEqual([{ method: 'PUT', path: 'vehicles/V1/name', key: kept[0]?.key, body: { vehName: 'Kisan' } }]);
    expect(outboxEntries()).toEqual([]);
    expect(waitingCount.get()).toBe(0);
    expect(storage.names('outbox.')).toEqual([]);
  });

  it('a replay that found the phone offline does not hold up the next one (the app opened offline)', async () => {
    online = false;
    await write('a');
    await flush();
    await flush();
    expect(calls).toEqual([]);
    online = true;
    await flush();
    expect(calls.map((c) => c.path)).toEqual(['a']);
  });

  it('online, a Save waits for the answer and gives it back', async () => {
    const result = await write('geofences', { name: 'Farm-1' }, 'POST');
    expect(result).toEqual({ state: 'applied', body: { id: 'server-1', name: 'Farm-1' } });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('writes made offline go in the order they were made, each with its own key, the same key on every resend', async () => {
    online = false;
    await write('a');
    await write('b');
    await write('c');
    // The connection comes back but the server fails on b: the queue stops there.
    online = true;
    reply = (c) => (c.path === 'b' ? json(503, { error: { code: 'INTERNAL', message: 'down' } }) : json(200, {}));
    await flush();
    expect(calls.map((c) => c.path)).toEqual(['a', 'b', 'b']); // the API client resends a 5xx once
    expect(outboxEntries().map((e) => e.path)).toEqual(['b', 'c']);
    reply = () => json(200, {});
    await flush();
    expect(calls.map((c) => c.path)).toEqual(['a', 'b', 'b', 'b', 'c']);
    const keysOfB = calls.filter((c) => c.path === 'b').map((c) => c.key);
    expect(new Set(keysOfB).size).toBe(1);
    expect(new Set(calls.map((c) => c.key)).size).toBe(3);
  });

  it('a write the server refuses on replay stays with its reason, is not counted as waiting, and can be discarded', async () => {
    online = false;
    await write('geofences', { name: 'Farm-1' }, 'POST');
    await write('b');
    online = true;
    reply = (c) => (c.path === 'geofences' ? json(409, { error: { code: 'DUPLICATE_GEOFENCE_NAME', message: 'taken' } }) : json(200, {}));
    await flush();
    expect(outboxEntries()).toHaveLength(1);
    const [refused] = outboxEntries();
    expect(refused?.refusal).toEqual({ status: 409, code: 'DUPLICATE_GEOFENCE_NAME', message: 'taken' });
    expect(waitingCount.get()).toBe(0);
    // Not sent again by later replays.
    await flush();
    expect(calls.filter((c) => c.path === 'geofences')).toHaveLength(1);
    discard(refused?.id ?? '');
    expect(outboxEntries()).toEqual([]);
  });

  it('online, a refusal throws for the open form and leaves nothing behind', async () => {
    reply = () => json(409, { error: { code: 'RECEIVER_EXISTS', message: 'exists' } });
    const error = await write('receivers', { phone: '9822012345' }, 'POST').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('RECEIVER_EXISTS');
    expect(outboxEntries()).toEqual([]);
  });

  it('a second change of one item made offline replaces the first: one write, the newest', async () => {
    online = false;
    await write('vehicles/V1/name', { vehName: 'One' });
    await write('vehicles/V1/name', { vehName: 'Two' });
    expect(outboxEntries()).toHaveLength(1);
    online = true;
    await flush();
    expect(calls.map((c) => c.body)).toEqual([{ vehName: 'Two' }]);
  });

  it('an item made offline and changed before it was sent: the change goes to the id the server named', async () => {
    online = false;
    const localId = 'local-0000cafe';
    await submitWrite({
      kind: 'geofence.create',
      method: 'POST',
      path: 'geofences',
      body: { name: 'Farm-1' },
      target: `geofence:${localId}`,
      label: 'Farm-1',
      localId,
    });
    await submitWrite({
      kind: 'geofence.active',
      method: 'PUT',
      path: `geofences/${localId}/active`,
      body: { active: false },
      target: `geofence:${localId}`,
      label: 'Farm-1',
    });
    online = true;
    reply = (c) => (c.method === 'POST' ? json(201, { id: 'g-77' }) : json(200, {}));
    await flush();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST geofences', 'PUT geofences/g-77/active']);
  });
});
