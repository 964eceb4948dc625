import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserData } from '@tractorlink/domain/auth';
import { apiJson } from '../../../lib/api-client';
import { useOutboxEntries } from '../../../lib/outbox/outbox';
import type { OutboxEntry } from '../../../lib/outbox/types';
import { queryKeys } from '../../../lib/query-keys';
import { getCachedUser } from '../../../lib/session';

/** GET profile: the owner's own data. Falls back to the copy kept at login while it loads. */
function getProfile(signal?: AbortSignal): Promise<UserData> {
  return apiJson<UserData>('profile', { signal });
}

const profileQueryOptions = queryOptions<UserData>({
  queryKey: queryKeys.profile,
  queryFn: ({ signal }) => getProfile(signal),
  placeholderData: (): UserData | undefined => getCachedUser(),
  meta: { persist: true },
});

/** The outbox target of the owner's own details (name, email, language). */
export const PROFILE_TARGET = 'profile';

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
