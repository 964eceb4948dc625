import type { TFunction } from 'i18next';
import { ApiError } from './api-error';
import { minutesFromSeconds } from './format';

/** The translated text for a failure: every code has a catalogue key `error.<CODE>`. */
export function errorMessage(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    const seconds = error.retryAfterSeconds ?? 0;
    const minutes = minutesFromSeconds(seconds);
    // The number the message says chooses its plural form ('1 minute', '30 minutes'): seconds for the OTP resend wait, else minutes.
    return t(`error.${error.code}`, { minutes, seconds, count: error.code === 'OTP_RESEND_COOLDOWN' ? seconds : minutes });
  }
  return t('error.UNKNOWN');
}

/** A field's message code (from a domain schema or our own checks) to text. */
export function fieldMessage(t: TFunction, code: string | undefined): string | undefined {
  return code ? t(`error.${code}`) : undefined;
}
