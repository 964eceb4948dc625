import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useItemWrites } from '../../../lib/outbox/outbox';
import { queryKeys } from '../../../lib/query-keys';
import { PROFILE_IMAGE_TARGET } from './get-profile';

/** The image name follows '=' in imageURL (spec §3). */
export function imageNameOf(imageURL: string | null | undefined): string | null {
  if (!imageURL) return null;
  const name = imageURL.slice(imageURL.lastIndexOf('=') + 1);
  return name ? decodeURIComponent(name) : null;
}

/** GET image?imageName=… with the Authorization header (an <img src> could not send it). */
async function getProfileImage(name: string, signal?: AbortSignal): Promise<Blob> {
  const res = await apiRequest(`image?imageName=${encodeURIComponent(name)}`, { signal });
  return res.blob();
}

/** The photo chosen on this phone that waits in the outbox to be sent (its kept data: URL), if any. */
export function useWaitingPicture(): string | undefined {
  const { waiting } = useItemWrites(PROFILE_IMAGE_TARGET);
  return waiting.at(-1)?.file?.dataUrl;
}

/**
 * The owner's picture: the photo still waiting on this phone, else an object URL of the server's, or
 * undefined (initials are shown instead). The object URL lives as long as the cached query: one small
 * blob per picture name, freed with the page.
 */
export function useProfileImageUrl(imageURL: string | null | undefined): string | undefined {
  const waiting = useWaitingPicture();
  const name = imageNameOf(imageURL);
  const { data } = useQuery({
    queryKey: queryKeys.image(name ?? ''),
    queryFn: async ({ signal }) => URL.createObjectURL(await getProfileImage(name ?? '', signal)),
    enabled: name !== null,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  return waiting ?? data;
}
