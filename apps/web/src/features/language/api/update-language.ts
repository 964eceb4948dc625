import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserData } from '@tractorlink/domain/auth';
import { LANGUAGES } from '@tractorlink/domain/languages';
import type { LanguageCode } from '@tractorlink/domain/languages';
import { paths } from '../../../config/paths';
import { runsOffline, submitWrite } from '../../../lib/outbox/outbox';
import { queryKeys } from '../../../lib/query-keys';

/** A query-key prefix every query matches. */
const EVERY_QUERY: readonly unknown[] = [];

/** The outbox target of the account's language. */
export const LANGUAGE_TARGET = 'profile:language';

/**
 * PUT profile { language } through the outbox — the choice follows the owner to other phones and to
 * SMS and push texts; made offline, it reaches the account when the signal returns.
 */
export function useUpdateLanguage() {
  const client = useQueryClient();
  return useMutation({
    ...runsOffline,
    mutationFn: async (language: LanguageCode): Promise<{ queued: boolean }> => {
      const result = await submitWrite<UserData>(
        {
          kind: 'profile.language',
          method: 'PUT',
          path: 'profile',
          body: { language },
          target: LANGUAGE_TARGET,
          label: LANGUAGES.find((l) => l.code === language)?.nativeName ?? language,
          // Every answer may carry the server's words in the account's language (places, alert names,
          // weather, districts): once the server has the new language, all of them are asked again.
          invalidate: [EVERY_QUERY],
          editPath: paths.language.getHref(),
        },
        { onKept: () => client.setQueryData<UserData>(queryKeys.profile, (user) => (user ? { ...user, language } : user)) },
      );
      if (result.state === 'applied') client.setQueryData(queryKeys.profile, result.body);
      return { queued: result.state === 'queued' };
    },
  });
}
