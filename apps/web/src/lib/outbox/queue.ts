import type { OutboxEntry, WriteRequest } from './types';

/**
 * The outbox's order and dependencies, as pure functions of its entries (sorted by `seq`) and of
 * the map of local ids the server has named (`ids`: local id → server id).
 */

export type IdMap = Readonly<Record<string, string>>;

const LOCAL_ID = /local-[0-9a-z-]{8,64}/g;

/** An id for an item made on this phone, until the server names it. */
export const newLocalId = (): string => `local-${crypto.randomUUID()}`;
export const isLocalId = (id: string): boolean => id.startsWith('local-');

export const bySeq = (a: OutboxEntry, b: OutboxEntry): number => a.seq - b.seq || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** May it still be rewritten or dropped? Only if it never left the phone, or the server refused it (nothing applied). */
export const canRewrite = (entry: OutboxEntry): boolean => entry.attempts === 0 || entry.refusal !== undefined;

/** The local ids an entry's request names (its path and body; its own create's id is in neither). */
export function localIdsIn(entry: Pick<OutboxEntry, 'path' | 'body'>): string[] {
  const text = `${entry.path} ${entry.body === undefined ? '' : JSON.stringify(entry.body)}`;
  return [...new Set(text.match(LOCAL_ID) ?? [])];
}

/** Does the entry change, or wait on, the item made with this local id? */
export const mentions = (entry: OutboxEntry, localId: string): boolean =>
  entry.localId === localId || entry.target.includes(localId) || localIdsIn(entry).includes(localId);

/** Local ids replaced by the server's, in a path, a target or a body. */
export function withIds<T extends Pick<OutboxEntry, 'path' | 'target' | 'body'>>(entry: T, ids: IdMap): T {
  const swap = (text: string) => text.replace(LOCAL_ID, (id) => ids[id] ?? id);
  const body = entry.body === undefined ? undefined : (JSON.parse(swap(JSON.stringify(entry.body))) as unknown);
  return { ...entry, path: swap(entry.path), target: swap(entry.target), ...(body === undefined ? {} : { body }) };
}

/**
 * Adds `entry`. Earlier entries it supersedes that may still be rewritten go, and it takes the place
 * of the first of them; otherwise (or if they were already sent once) it goes last.
 */
export function insert(
  entries: readonly OutboxEntry[],
  entry: OutboxEntry,
  supersedes: WriteRequest['supersedes'],
): { entries: OutboxEntry[]; added: OutboxEntry; removed: OutboxEntry[] } {
  const replaced = supersedes ? entries.filter((e) => supersedes(e) && canRewrite(e)) : [];
  const first = replaced[0];
  const added = first ? { ...entry, seq: first.seq } : entry;
  const kept = entries.filter((e) => !replaced.includes(e));
  return { entries: [...kept, added].sort(bySeq), added, removed: replaced };
}

/** The entry and, when it is a create, every entry that waits on its item. */
export function withDependents(entries: readonly OutboxEntry[], entry: OutboxEntry): OutboxEntry[] {
  const { localId } = entry;
  return entries.filter((e) => e.id === entry.id || (localId !== undefined && e.id !== entry.id && mentions(e, localId)));
}

/** The create still queued that makes this local id, if any. */
export const createOf = (entries: readonly OutboxEntry[], localId: string): OutboxEntry | undefined => entries.find((e) => e.localId === localId);

/**
 * The next write to send: the first in order that was not refused and whose local ids the server has
 * all named. One waiting on a create still queued (refused, or not sent yet) waits with it; the rest go on.
 */
export function nextToSend(entries: readonly OutboxEntry[], ids: IdMap): OutboxEntry | undefined {
  return entries.find((e) => !e.refusal && localIdsIn(e).every((id) => ids[id] !== undefined));
}

/** Entries waiting on a local id that no create in the queue makes and the server never named: they can never be sent. */
export function orphans(entries: readonly OutboxEntry[], ids: IdMap): OutboxEntry[] {
  return entries.filter((e) => localIdsIn(e).some((id) => ids[id] === undefined && createOf(entries, id) === undefined));
}

/** After a create is applied: every entry naming its local id names the server's id from now on. */
export function resolveLocalId(entries: readonly OutboxEntry[], localId: string, serverId: string): OutboxEntry[] {
  const ids = { [localId]: serverId };
  return entries.map((e) => (mentions(e, localId) ? withIds(e, ids) : e));
}
