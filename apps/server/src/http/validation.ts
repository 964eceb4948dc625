import type { FastifySchemaCompiler } from 'fastify';
import type { $ZodIssue, $ZodRawIssue, $ZodType } from 'zod/v4/core';
import { safeParse } from 'zod/v4/core';
import type { GenericDetailCode } from '@tractorlink/domain/errors';
import type { ErrorDetail } from '../errors/app-error';

/** Thrown (through Fastify) when a body, query or params fails its schema. Carries codes, never values. */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  readonly code = 'FST_ERR_VALIDATION';

  constructor(readonly details: ErrorDetail[]) {
    super('Request validation failed');
    this.name = 'RequestValidationError';
  }
}

/**
 * Codes for issues whose schema carries no code of its own. Schema messages (e.g. 'MOBILE_INVALID')
 * take precedence over this per-parse map, as zod defines.
 */
function fallbackCode(issue: $ZodRawIssue): GenericDetailCode {
  switch (issue.code) {
    case 'unrecognized_keys':
      return 'UNKNOWN_FIELD';
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? 'REQUIRED' : 'TYPE_INVALID';
    case 'too_big':
      return 'TOO_LONG';
    case 'too_small':
      return 'TOO_SHORT';
    default:
      return 'INVALID';
  }
}

const pathOf = (segments: readonly PropertyKey[]) => segments.map(String).join('.');

/**
 * One detail per field: the first issue, as the schema orders its checks (an empty name is
 * NAME_REQUIRED, not also NAME_INVALID), so a form shows one message per field.
 */
export function toDetails(issues: readonly $ZodIssue[]): ErrorDetail[] {
  const all = issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({ path: pathOf([...issue.path, key]), code: 'UNKNOWN_FIELD' }))
      : [{ path: pathOf(issue.path), code: issue.message }],
  );
  return all.filter((detail, i) => all.findIndex((d) => d.path === detail.path) === i);
}

/** Like fastify-type-provider-zod's compiler, but errors carry `{path, code}` only (no input echoed). */
export const validatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema }) =>
  (data) => {
    const result = safeParse(schema, data, { error: fallbackCode, reportInput: false });
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(toDetails(result.error.issues)) };
  };
