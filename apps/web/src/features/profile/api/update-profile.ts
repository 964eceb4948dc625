import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserData } from '@tractorlink/domain/auth';
import { paths } from '../../../config/paths';
import { runsOffline, submitWrite } from '../../../lib/outbox/outbox';
import { queryKeys } from '../../../lib/query-keys';
import { storage } from '../../../lib/secure-storage';
import { PROFILE_TARGET } from './get-profile';

interface ProfileUpdate {
  name: string;
  email: string | null;
}

/** The owner as shown everywhere (the cache, and the copy kept for the next start). */
export function showProfile(user: UserData, client: ReturnType<typeof useQueryClient>): void {
  client.setQueryData(queryKeys.profile, user);
  storage.setJson('userData', user);
}

/** PUT profile through the outbox: name and email (the language has its own screen); shown at once, offline too. */
export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    ...runsOffline,
    mutationFn: async (body: ProfileUpdate): Promise<{ queued: boolean }> => {
      const result = await submitWrite<UserData>(
        {
          kind: 'profile.update',
          method: 'PUT',
          path: 'profile',
          body,
          target: PROFILE_TARGET,
          label: body.name,
          invalidate: [queryKeys.profile],
          editPath: paths.createNewProfile.getHref(),
        },
        {
          onKept: () => {
            const user = client.getQueryData<UserData>(queryKeys.profile) ?? storage.getJson<UserData>('userData');
            if (user) showProfile({ ...user, ...body }, client);
          },
        },
      );
      if (result.state === 'applied') showProfile(result.body, client);
      return { queued: result.state === 'queued' };
    },
  });
}
