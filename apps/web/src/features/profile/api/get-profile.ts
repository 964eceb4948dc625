import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserData } from '@tractorlink/domain/auth';
import { apiJson } from '../../../lib/api-client';
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

export function useProfile(enabled = true) {
  return useQuery({ ...profileQueryOptions, enabled });
}
