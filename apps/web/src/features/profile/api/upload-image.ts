import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserData } from '@tractorlink/domain/auth';
import { IMAGE_SIGNATURE_BYTES, PROFILE_IMAGE_MAX_BYTES, profileImageType } from '@tractorlink/domain/patterns';
import { paths } from '../../../config/paths';
import { blobOf, keepFile } from '../../../lib/outbox/multipart';
import { runsOffline, submitWrite } from '../../../lib/outbox/outbox';
import { queryKeys } from '../../../lib/query-keys';
import { PROFILE_IMAGE_TARGET } from './get-profile';
import { imageNameOf } from './get-profile-image';
import { showProfile } from './update-profile';

/**
 * Spec §5 checked before upload, so a 10 MB photo never leaves the phone: the refusal's code, or the
 * file labelled with its real type. The same rule and order as the server's: the size first, then
 * the type by the file's first bytes (a camera's JPEG labelled '' is a JPEG; an SVG named .png is not).
 */
export async function checkProfileImage(file: File): Promise<{ problem: 'IMAGE_TYPE' | 'IMAGE_TOO_LARGE' } | { problem: null; file: File }> {
  if (file.size > PROFILE_IMAGE_MAX_BYTES) return { problem: 'IMAGE_TOO_LARGE' };
  const type = profileImageType(new Uint8Array(await file.slice(0, IMAGE_SIGNATURE_BYTES).arrayBuffer()));
  if (!type) return { problem: 'IMAGE_TYPE' };
  // Kept and shown on the phone under its real type, whatever the phone called it.
  return { problem: null, file: file.type === type ? file : new File([file], file.name, { type, lastModified: file.lastModified }) };
}

export interface PictureUpload {
  /** Already passed checkProfileImage. */
  file: File;
  /** The owner's name: how the outbox names the write in its messages. */
  owner: string;
}

/**
 * POST image (multipart field `image`) through the outbox: the photo is kept on the phone first (≤ 2 MB,
 * encrypted) and sent now or when the signal returns, with its Idempotency-Key. A newer photo replaces
 * one still waiting. While it waits the screens show it from what was kept (useProfileImageUrl).
 */
export function useUploadImage() {
  const client = useQueryClient();
  return useMutation({
    ...runsOffline,
    mutationFn: async ({ file, owner }: PictureUpload): Promise<{ queued: boolean }> => {
      const kept = await keepFile(file, 'image', PROFILE_IMAGE_MAX_BYTES);
      const result = await submitWrite<UserData>({
        kind: 'profile.image',
        method: 'POST',
        path: 'image',
        file: kept,
        target: PROFILE_IMAGE_TARGET,
        label: owner,
        invalidate: [queryKeys.profile],
        editPath: paths.createNewProfile.getHref(),
      });
      if (result.state === 'applied') {
        // The picture is on the phone already: shown from it, not fetched back.
        const name = imageNameOf(result.body.imageURL);
        if (name) client.setQueryData(queryKeys.image(name), URL.createObjectURL(blobOf(kept)));
        showProfile(result.body, client);
      }
      return { queued: result.state === 'queued' };
    },
  });
}
