import { ApiError } from '../api-error';

/** The server's per-field refusal code (VALIDATION_FAILED details) for one field, if any. */
export function serverFieldCode(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED') return undefined;
  return error.details?.find((d) => d.path === field || d.path === '')?.code;
}
