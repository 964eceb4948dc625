import type { z } from 'zod';
import { ApiError } from '../../lib/api-error';

/**
 * Field problems as error codes (`error.<CODE>` in the words): the first of each field, from a domain
 * schema's check here or from the server's refusal (VALIDATION_FAILED details), the same codes both ways.
 */
export type Problems = Readonly<Record<string, string>>;

export function schemaProblems(result: z.ZodSafeParseResult<unknown>): Problems {
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!(field in out)) out[field] = issue.message;
  }
  return out;
}

export function serverProblems(error: unknown): Problems {
  if (!(error instanceof ApiError) || !error.details) return {};
  const out: Record<string, string> = {};
  for (const d of error.details) {
    const field = d.path.split('.')[0] ?? '';
    if (!(field in out)) out[field] = d.code;
  }
  return out;
}
