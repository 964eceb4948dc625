import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserData } from '@tractorlink/domain/auth';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { storage } from '../../../lib/secure-storage';

interface ProfileUpdate {
  name?: string;
  email?: string | null;
}

/** PUT profile: name and email (the language has its own screen). */
function updateProfile(body: ProfileUpdate): Promise<UserData> {
  return apiJson<UserData>('profile', { method: 'PUT', body });
}

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      client.setQueryData(queryKeys.profile, user);
      storage.setJson('userData', user);
    },
  });
}
