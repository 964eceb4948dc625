import { useMutation, useQuery } from '@tanstack/react-query';
import type { PlaceDetails, PlacePrediction } from '@tractorlink/domain/places';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The server refuses shorter searches (autocompleteQuery: 2 to 60 characters). */
export const SEARCH_MIN = 2;

/** GET places/autocomplete (spec §7: regions, India only). */
export function usePlaceSearch(input: string, lang: string) {
  const q = input.trim();
  return useQuery({
    queryKey: queryKeys.placeSearch(q, lang),
    queryFn: ({ signal }) => apiJson<{ data: PlacePrediction[] }>(`places/autocomplete?${new URLSearchParams({ input: q, language: lang })}`, { signal }),
    enabled: q.length >= SEARCH_MIN,
    staleTime: 10 * 60_000,
  });
}

/** GET places/details: where a chosen place is. */
export function usePlaceDetails() {
  return useMutation({
    mutationFn: ({ placeId, lang }: { placeId: string; lang: string }) =>
      apiJson<PlaceDetails>(`places/details?${new URLSearchParams({ placeId, language: lang })}`),
  });
}
