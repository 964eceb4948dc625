import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserData } from '@tractorlink/domain/auth';
import { apiJson } from '../../../lib/api-client';
import { useOutboxEntries } from '../../../lib/outbox/outbox';
import type { OutboxEntry } from '../../../lib/outbox/types';
import { queryKeys } from '../../../lib/query-keys';
import { storage } from '../../../lib/secure-storage';
import { getCachedUser, sessionStore } from '../../../lib/session';

/**
 * GET profile: the owner's own data. Falls back to the copy kept at login while it loads, and renews
 * that copy (a photo or a name sent later by the outbox reaches it this way too).
 */
async function getProfile(signal?: AbortSignal): Promise<UserData> {
  const user = await apiJson<UserData>('profile', { signal });
  // Not after a sign-out that came while it was on its way: that cleared the copy for good.
  if (sessionStore.getSnapshot() === 'signedIn') storage.setJson('userData', user);
  return user;
}

/**
 * The copy kept at login is the query's first data, not a placeholder: a placeholder shows only while
 * the first fetch is pending, so offline (the fetch fails at once) it went and the screen stayed on
 * "Loading…" whenever the kept query data was missing (an app closed within the persistence delay).
 * As data it stays through a failed fetch; dated 0, it is stale at once and the server's answer replaces it.
 */
const profileQueryOptions = queryOptions<UserData>({
  queryKey: queryKeys.profile,
  queryFn: ({ signal }) => getProfile(signal),
  initialData: (): UserData | undefined => getCachedUser(),
  initialDataUpdatedAt: 0,
  meta: { persist: true },
});

/** The outbox target of the owner's own details (name, email, language). */
export const PROFILE_TARGET = 'profile';
/** The outbox target of the owner's photo (its own, so its note sits by the picture). */
export const PROFILE_IMAGE_TARGET = 'profile:image';

/** The owner's details with changes still on this phone (name, email, language) laid over them. */
export function overlayProfile(user: UserData, entries: readonly OutboxEntry[]): UserData {
  let out = user;
  for (const e of entries) if (e.kind === 'profile.update' || e.kind === 'profile.language') out = { ...out, ...(e.body as Partial<UserData>) };
  return out;
}

export function useProfile(enabled = true) {
  const entries = useOutboxEntries();
  return useQuery({ ...profileQueryOptions, enabled, select: (user) => overlayProfile(user, entries) });
}
