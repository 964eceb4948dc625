import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserData } from '@tractorlink/domain/auth';
import type { LanguageCode } from '@tractorlink/domain/languages';
import { apiJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** PUT profile { language } — the choice follows the owner to other phones and to SMS/push texts. */
function updateLanguage(language: LanguageCode): Promise<UserData> {
  return apiJson<UserData>('profile', { method: 'PUT', body: { language } });
}

export function useUpdateLanguage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateLanguage,
    onSuccess: (user) => client.setQueryData(queryKeys.profile, user),
  });
}
