import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The image name follows '=' in imageURL (spec §3). */
function imageNameOf(imageURL: string | null | undefined): string | null {
  if (!imageURL) return null;
  const name = imageURL.slice(imageURL.lastIndexOf('=') + 1);
  return name ? decodeURIComponent(name) : null;
}

/** GET image?imageName=… with the Authorization header (an <img src> could not send it). */
async function getProfileImage(name: string, signal?: AbortSignal): Promise<Blob> {
  const res = await apiRequest(`image?imageName=${encodeURIComponent(name)}`, { signal });
  return res.blob();
}

/**
 * An object URL for the owner's picture, or undefined (initials are shown instead). The URL lives as
 * long as the cached query: one small blob per picture name, freed with the page.
 */
export function useProfileImageUrl(imageURL: string | null | undefined): string | undefined {
  const name = imageNameOf(imageURL);
  const { data } = useQuery({
    queryKey: queryKeys.image(name ?? ''),
    queryFn: async ({ signal }) => URL.createObjectURL(await getProfileImage(name ?? '', signal)),
    enabled: name !== null,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  return data;
}
