import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-error';
import { errorMessage } from '../../lib/error-message';

/**
 * The message of a refused save or toggle: the reminder rule the server named (a time already passed,
 * when the phone's clock is behind) says which, rather than the bare "request is not valid".
 */
export function failureText(t: TFunction, error: unknown): string {
  const rule = error instanceof ApiError ? error.details?.find((d) => d.code.startsWith('REMINDER_'))?.code : undefined;
  return rule ? t(`error.${rule}`) : errorMessage(t, error);
}
