import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-error';
import { insert, resolveLocalId, withDependents } from './queue';
import type { IdMap } from './queue';
import { outcomeOfError, replay, retryDelayMs } from './replay';
import type { SendOutcome } from './replay';
import type { OutboxEntry } from './types';

/** The queue's order, retry and refusal rules (issue 19 item 1), without a network or a browser. */

let seq = 0;
function entry(over: Partial<OutboxEntry> & { path: string }): OutboxEntry {
  seq += 1;
  return {
    id: `e${seq}`,
    seq,
    key: `key-${seq}-xxxxxxxxxxxx`,
    kind: 'test.write',
    method: 'PUT',
    target: over.path,
    label: over.path,
    invalidate: [],
    createdAt: 0,
    attempts: 0,
    ...over,
  };
}

/** A queue driven by `answer` (per path), recording what was sent, as outbox.ts drives it. */
function harness(initial: OutboxEntry[], answer: (e: OutboxEntry) => SendOutcome) {
  let entries = [...initial];
  let ids: IdMap = {};
  const sent: string[] = [];
  const deps = {
    entries: () => entries,
    ids: () => ids,
    attempted: (e: OutboxEntry) => {
      entries = entries.map((x) => (x.id === e.id ? { ...x, attempts: x.attempts + 1 } : x));
    },
    send: async (e: OutboxEntry) => {
      sent.push(`${e.method} ${e.path}`);
      return answer(e);
    },
    applied: (e: OutboxEntry, body: unknown) => {
      entries = entries.filter((x) => x.id !== e.id);
      const id = (body as { id?: string } | null)?.id;
      if (e.localId && id) {
        entries = resolveLocalId(entries, e.localId, id);
        ids = { ...ids, [e.localId]: id };
      }
    },
    refused: (e: OutboxEntry, refusal: { status: number; code: string; message: string }) => {
      entries = entries.map((x) => (x.id === e.id ? { ...x, refusal } : x));
    },
  };
  return { deps, sent, entries: () => entries };
}

const ok = (body: unknown = null): SendOutcome => ({ kind: 'applied', body });
const refuse = (code: string): SendOutcome => ({ kind: 'refused', refusal: { status: 409, code, message: code } });
const offline: SendOutcome = { kind: 'retry', why: 'network' };

describe('replay order', () => {
  it('sends every write once, in the order they were made', async () => {
    const h = harness([entry({ path: 'a' }), entry({ path: 'b' }), entry({ path: 'c' })], () => ok());
    expect(await replay(h.deps)).toBe('done');
    expect(h.sent).toEqual(['PUT a', 'PUT b', 'PUT c']);
    expect(h.entries()).toEqual([]);
  });

  it('stops at a lost network and keeps that write and the ones behind it, in order, counted as tried', async () => {
    let online = true;
    const h = harness([entry({ path: 'a' }), entry({ path: 'b' }), entry({ path: 'c' })], (e) => (e.path === 'b' && !online ? offline : ok()));
    online = false;
    expect(await replay(h.deps)).toBe('retry');
    expect(h.sent).toEqual(['PUT a', 'PUT b']);
    expect(h.entries().map((e) => [e.path, e.attempts])).toEqual([
      ['b', 1],
      ['c', 0],
    ]);
    // Back online: it goes on from b, and c follows.
    online = true;
    expect(await replay(h.deps)).toBe('done');
    expect(h.sent).toEqual(['PUT a', 'PUT b', 'PUT b', 'PUT c']);
  });

  it('a refusal stays with its reason, is not sent again, and the writes behind it go on', async () => {
    const h = harness([entry({ path: 'a' }), entry({ path: 'b' }), entry({ path: 'c' })], (e) => (e.path === 'a' ? refuse('DUPLICATE_GEOFENCE_NAME') : ok()));
    expect(await replay(h.deps)).toBe('done');
    expect(h.sent).toEqual(['PUT a', 'PUT b', 'PUT c']);
    expect(h.entries()).toHaveLength(1);
    expect(h.entries()[0]?.refusal?.code).toBe('DUPLICATE_GEOFENCE_NAME');
    expect(await replay(h.deps)).toBe('done');
    expect(h.sent).toHaveLength(3);
  });

  it('writes on an item made offline wait for its create, then go to the id the server gave it', async () => {
    const create = entry({ path: 'geofences', method: 'POST', localId: 'local-0000aaaa', target: 'geofence:local-0000aaaa' });
    const toggle = entry({ path: 'geofences/local-0000aaaa/active', target: 'geofence:local-0000aaaa' });
    const h = harness([create, toggle], (e) => (e.method === 'POST' ? ok({ id: 'g-42' }) : ok()));
    expect(await replay(h.deps)).toBe('done');
    expect(h.sent).toEqual(['POST geofences', 'PUT geofences/g-42/active']);
  });

  it('writes on an item whose create was refused wait with it; the others go on', async () => {
    const create = entry({ path: 'geofences', method: 'POST', localId: 'local-0000bbbb' });
    const toggle = entry({ path: 'geofences/local-0000bbbb/active' });
    const other = entry({ path: 'vehicles/V1/name' });
    const h = harness([create, toggle, other], (e) => (e.method === 'POST' ? refuse('GEOFENCE_LIMIT') : ok()));
    expect(await replay(h.deps)).toBe('done');
    expect(h.sent).toEqual(['POST geofences', 'PUT vehicles/V1/name']);
    expect(h.entries().map((e) => e.path)).toEqual(['geofences', 'geofences/local-0000bbbb/active']);
    // Discarding the refused create drops what waited on it.
    expect(withDependents(h.entries(), create).map((e) => e.id)).toEqual([create.id, toggle.id]);
  });
});

describe('judging a failed send', () => {
  const api = (status: number, code: string) => new ApiError(status, code as never, code);

  it('no answer, 5xx, 429, 408, 401 and a key in progress are tried again later', () => {
    expect(outcomeOfError(new ApiError(0, 'NETWORK', 'offline'), 'POST')).toEqual({ kind: 'retry', why: 'network' });
    expect(outcomeOfError(new TypeError('Failed to fetch'), 'POST')).toEqual({ kind: 'retry', why: 'network' });
    for (const [status, code] of [
      [500, 'INTERNAL'],
      [503, 'SMS_UNAVAILABLE'],
      [429, 'RATE_LIMITED'],
      [408, 'UNKNOWN'],
      [401, 'UNAUTHENTICATED'],
      [409, 'IDEMPOTENCY_KEY_IN_PROGRESS'],
    ] as const) {
      expect(outcomeOfError(api(status, code), 'PUT').kind, code).toBe('retry');
    }
  });

  it('a 4xx is a refusal, with its code and details', () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'bad', undefined, [{ path: 'name', code: 'NAME_INVALID' }]);
    expect(outcomeOfError(error, 'POST')).toEqual({
      kind: 'refused',
      refusal: { status: 400, code: 'VALIDATION_FAILED', message: 'bad', details: [{ path: 'name', code: 'NAME_INVALID' }] },
    });
    expect(outcomeOfError(api(404, 'NOT_FOUND'), 'PUT').kind).toBe('refused');
  });

  it('a DELETE answered 404 did what it meant to', () => {
    expect(outcomeOfError(api(404, 'NOT_FOUND'), 'DELETE')).toEqual({ kind: 'applied', body: null });
  });

  it('waits longer after each failure, at most five minutes', () => {
    expect([1, 2, 3, 4, 5, 6, 20].map(retryDelayMs)).toEqual([5_000, 15_000, 30_000, 60_000, 120_000, 300_000, 300_000]);
  });
});

describe('a new write over older ones', () => {
  const same = (kind: string, target: string) => (e: OutboxEntry) => e.kind === kind && e.target === target;

  it('replaces, in its place, an older write of the same item that never left the phone', () => {
    const a = entry({ path: 'vehicles/V1/name', kind: 'tractor.rename', target: 'tractor:V1', body: { vehName: 'One' } });
    const b = entry({ path: 'geofences/G/active', kind: 'geofence.active', target: 'geofence:G' });
    const c = entry({ path: 'vehicles/V1/name', kind: 'tractor.rename', target: 'tractor:V1', body: { vehName: 'Two' } });
    const { entries, removed } = insert([a, b], c, same('tractor.rename', 'tractor:V1'));
    expect(removed).toEqual([a]);
    expect(entries.map((e) => (e.body as { vehName?: string } | undefined)?.vehName ?? e.path)).toEqual(['Two', 'geofences/G/active']);
  });

  it('keeps an older write that may have reached the server, and goes after it', () => {
    const a = { ...entry({ path: 'vehicles/V1/name', kind: 'tractor.rename', target: 'tractor:V1' }), attempts: 1 };
    const c = entry({ path: 'vehicles/V1/name', kind: 'tractor.rename', target: 'tractor:V1' });
    const { entries, removed } = insert([a], c, same('tractor.rename', 'tractor:V1'));
    expect(removed).toEqual([]);
    expect(entries.map((e) => e.id)).toEqual([a.id, c.id]);
  });

  it('replaces a refused write (the server applied nothing), whatever its tries', () => {
    const a = { ...entry({ path: 'geofences', method: 'POST', kind: 'geofence.create', target: 'geofence:local-1234abcd' }), attempts: 3 };
    const refused = { ...a, refusal: { status: 409, code: 'DUPLICATE_GEOFENCE_NAME', message: '' } };
    const c = entry({ path: 'geofences', method: 'POST', kind: 'geofence.create', target: 'geofence:local-1234abcd' });
    const { entries } = insert([refused], c, same('geofence.create', 'geofence:local-1234abcd'));
    expect(entries).toEqual([{ ...c, seq: a.seq }]);
  });
});
