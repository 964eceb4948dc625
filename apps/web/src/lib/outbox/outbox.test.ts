import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-error';
import { SecureStorage, storage } from '../secure-storage';
import { keepFile } from './multipart';
import { discard, flush, outboxEntries, resetOutboxForTests, submitWrite } from './outbox';
import type { OutboxEntry } from './types';
import { waitingCount } from './summary';
import { testOwner } from '../../test/owner';
import { jsonResponse, signInEachTest } from '../../test/signed-in';

/** The outbox against a fake server: kept across a reload, sent in order with its key, refusals kept. */

const user = testOwner('mr');

interface Call {
  method: string;
  path: string;
  key: string | undefined;
  /** JSON parsed, or the FormData itself (a file). */
  body: unknown;
  contentType?: string | undefined;
}

let calls: Call[];
let online: boolean;
let reply: (call: Call) => Response;

const json = jsonResponse;

beforeAll(async () => {
  await storage.load();
});

signInEachTest(user);

beforeEach(() => {
  calls = [];
  online = true;
  reply = (c) => json(c.method === 'POST' ? 201 : 200, { id: 'server-1', ...(c.body as object) });
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      if (!online) throw new TypeError('Failed to fetch');
      const headers = init.headers as Record<string, string>;
      const form = init.body instanceof FormData ? init.body : undefined;
      const call: Call = {
        method: init.method ?? 'GET',
        path: String(input).replace('/api/v1/', ''),
        key: headers['Idempotency-Key'],
        body: form ?? (init.body ? (JSON.parse(String(init.body)) as unknown) : undefined),
        ...(form ? { contentType: headers['Content-Type'] } : {}),
      };
      calls.push(call);
      return reply(call);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
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

describe('a file in the outbox (the profile photo)', () => {
  const MAX = 2 * 1024 * 1024;
  const pngBytes = (last: number) => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 255, 17, last]);
  const photo = (bytes: Uint8Array<ArrayBuffer>, name = 'me.png') => new File([bytes], name, { type: 'image/png' });
  const sendPhoto = async (bytes: Uint8Array<ArrayBuffer>, name?: string) =>
    submitWrite<typeof user>({
      kind: 'profile.image',
      method: 'POST',
      path: 'image',
      file: await keepFile(photo(bytes, name), 'image', MAX),
      target: 'profile:image',
      label: 'Ramesh Patil',
    });
  /** The one file part of a sent form: its field, name, type and bytes. */
  async function sentFile(call: Call | undefined) {
    expect(call?.body).toBeInstanceOf(FormData);
    const form = call?.body as FormData;
    expect([...form.keys()]).toEqual(['image']);
    const file = form.get('image');
    expect(file).toBeInstanceOf(File);
    const f = file as File;
    return { name: f.name, type: f.type, bytes: [...new Uint8Array(await f.arrayBuffer())] };
  }

  it('offline, a photo is kept whole with its entry, survives a reload of the queue from storage, and is sent as multipart with its key', async () => {
    online = false;
    const result = await sendPhoto(pngBytes(1));
    expect(result.state).toBe('queued');
    const [entry] = outboxEntries();
    expect(entry?.body).toBeUndefined();
    expect(entry?.file).toEqual({
      field: 'image',
      name: 'me.png',
      type: 'image/png',
      dataUrl: `data:image/png;base64,${btoa(String.fromCharCode(...pngBytes(1)))}`,
    });

    // Kept encrypted in the database: a fresh storage reads it back, photo and all.
    const reloaded = new SecureStorage();
    await reloaded.load();
    const kept = reloaded.names('outbox.').map((n) => reloaded.getJson<OutboxEntry>(n));
    expect(kept.map((e) => e?.file)).toEqual([entry?.file]);
    // The outbox forgets what it held in memory and reads its queue from the storage again.
    resetOutboxForTests();
    expect(outboxEntries().map((e) => e.file)).toEqual([entry?.file]);
    expect(waitingCount.get()).toBe(1);

    online = true;
    reply = () => json(200, { ...user, imageURL: 'image?imageName=0123456789abcdef0123456789abcdef.png' });
    await flush();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', path: 'image', key: entry?.key });
    // No JSON content type: the browser writes the multipart one with its boundary.
    expect(calls[0]?.contentType).toBeUndefined();
    expect(await sentFile(calls[0])).toEqual({ name: 'me.png', type: 'image/png', bytes: [...pngBytes(1)] });
    expect(outboxEntries()).toEqual([]);
  });

  it('a resend after a lost answer sends the same photo with the same key', async () => {
    online = false;
    await sendPhoto(pngBytes(2));
    online = true;
    reply = () => json(503, { error: { code: 'INTERNAL', message: 'down' } });
    await flush();
    reply = () => json(200, user);
    await flush();
    expect(calls.map((c) => c.path)).toEqual(['image', 'image', 'image']);
    expect(new Set(calls.map((c) => c.key)).size).toBe(1);
    const sent = await Promise.all(calls.map(sentFile));
    for (const f of sent) expect(f.bytes).toEqual([...pngBytes(2)]);
  });

  it('a newer photo replaces an older one still waiting: one write, the newest', async () => {
    online = false;
    await sendPhoto(pngBytes(3), 'old.png');
    await sendPhoto(pngBytes(4), 'new.png');
    expect(outboxEntries()).toHaveLength(1);
    expect(outboxEntries()[0]?.file?.name).toBe('new.png');
    // A JSON write of another kind on the profile is not replaced by it.
    await submitWrite({ kind: 'profile.update', method: 'PUT', path: 'profile', body: { name: 'R P' }, target: 'profile', label: 'R P' });
    expect(outboxEntries().map((e) => e.kind)).toEqual(['profile.image', 'profile.update']);
    online = true;
    reply = () => json(200, user);
    await flush();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST image', 'PUT profile']);
    expect(await sentFile(calls[0])).toEqual({ name: 'new.png', type: 'image/png', bytes: [...pngBytes(4)] });
  });

  it('online, the photo is sent at once and the answer given back', async () => {
    reply = () => json(200, { ...user, imageURL: 'image?imageName=x.png' });
    const result = await sendPhoto(pngBytes(5));
    expect(result).toEqual({ state: 'applied', body: { ...user, imageURL: 'image?imageName=x.png' } });
    expect(await sentFile(calls[0])).toEqual({ name: 'me.png', type: 'image/png', bytes: [...pngBytes(5)] });
  });

  it('a file over its bound is never kept', async () => {
    await expect(keepFile(photo(new Uint8Array(11)), 'image', 10)).rejects.toThrow(RangeError);
    expect(outboxEntries()).toEqual([]);
    expect(storage.names('outbox.')).toEqual([]);
  });
});
