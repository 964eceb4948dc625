import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserData } from '@tractorlink/domain/auth';
import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_TYPES } from '@tractorlink/domain/patterns';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { storage } from '../../../lib/secure-storage';

/** Spec §5 checked before upload, so a 10 MB photo never leaves the phone. Returns an error code. */
export function checkProfileImage(file: Pick<File, 'type' | 'size'>): 'IMAGE_TYPE' | 'IMAGE_TOO_LARGE' | null {
  if (!(PROFILE_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'IMAGE_TYPE';
  if (file.size > PROFILE_IMAGE_MAX_BYTES) return 'IMAGE_TOO_LARGE';
  return null;
}

/** POST image (multipart field `image`). */
function uploadImage(file: File): Promise<UserData> {
  const form = new FormData();
  form.append('image', file);
  return apiJson<UserData>('image', { method: 'POST', body: form });
}

export function useUploadImage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadImage,
    onSuccess: (user) => {
      client.setQueryData(queryKeys.profile, user);
      storage.setJson('userData', user);
    },
  });
}
