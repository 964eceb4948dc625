import type { UserData } from '@tractorlink/domain/auth';
import { isLanguageCode } from '@tractorlink/domain/languages';
import { apiRequest } from './api-client';
import { changeAppLanguage } from './i18n';
import { storage } from './secure-storage';

/**
 * After login or registration: a phone with no language choice yet takes the account's; a choice made
 * on this phone (e.g. on the login screen) is sent to the account so SMS and alerts follow it.
 */
export function reconcileLanguage(user: UserData): void {
  const local = storage.get('language');
  if (!isLanguageCode(local)) {
    void changeAppLanguage(user.language);
    return;
  }
  if (local !== user.language) {
    apiRequest('profile', { method: 'PUT', body: { language: local } }).catch(() => undefined);
  }
}
