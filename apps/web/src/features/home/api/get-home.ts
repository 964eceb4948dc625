import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HomeResponse } from '@tractorlink/domain/auth';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET home: the shell's data (menu shown or not, first name, toll-free number, tractors). */
function getHome(signal?: AbortSignal): Promise<HomeResponse> {
  return apiJson<HomeResponse>('home', { signal });
}

const homeQueryOptions = queryOptions({
  queryKey: queryKeys.home,
  queryFn: ({ signal }) => getHome(signal),
  meta: { persist: true },
});

export function useHome(enabled = true) {
  return useQuery({ ...homeQueryOptions, enabled });
}
