import type { QueryFunctionContext, QueryKey } from '@tanstack/react-query';
import { apiConditional } from '../api-client';
import type { Tagged } from '../api-client';

/**
 * A query function for the ETag routes: it sends the ETag of the data the cache holds for the same
 * key (kept across reloads with the persisted cache), so an unchanged answer is a bodiless 304.
 */
export function conditionalQuery<T>(path: string, loaderTimeoutMs?: number) {
  return ({ client, queryKey, signal }: QueryFunctionContext<QueryKey>): Promise<Tagged<T>> =>
    apiConditional<T>(path, client.getQueryData<Tagged<T>>(queryKey), signal, loaderTimeoutMs);
}

export const bodyOf = <T>(tagged: Tagged<T>): T => tagged.body;
