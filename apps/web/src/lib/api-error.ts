import { isErrorCode } from '@tractorlink/domain/errors';
import type { ApiErrorBody, ErrorCode } from '@tractorlink/domain/errors';

/** Codes the client adds for failures that never reached the server's error handler. */
export type ClientErrorCode = 'NETWORK' | 'UNKNOWN';

/** A refused or failed API call, carrying the server's stable error code (DESIGN §5). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | ClientErrorCode,
    message: string,
    readonly retryAfterSeconds?: number,
    readonly details?: { path: string; code: string }[],
    /** The rest of the error body, for codes that carry more (SLOT_FULL's `nextSlot`). */
    readonly extra: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** No answer at all (offline, DNS, time-out): the session and cached data stay. */
  get isNetwork(): boolean {
    return this.code === 'NETWORK';
  }
}

export function networkError(cause: unknown): ApiError {
  return new ApiError(0, 'NETWORK', cause instanceof Error ? cause.message : 'Network error');
}

/** Reads `{ error: { code, … } }` from a failed response; anything else becomes UNKNOWN/INTERNAL. */
export async function toApiError(res: Response): Promise<ApiError> {
  let body: Partial<ApiErrorBody> | undefined;
  try {
    body = (await res.json()) as Partial<ApiErrorBody>;
  } catch {
    body = undefined;
  }
  const e = body?.error;
  const code = isErrorCode(e?.code) ? e.code : res.status >= 500 ? 'INTERNAL' : 'UNKNOWN';
  // Extra fields may sit beside `error` or inside it; both are kept, the inner ones winning.
  const { error: _inner, ...outer } = (body ?? {}) as Record<string, unknown>;
  return new ApiError(res.status, code, e?.message ?? res.statusText, e?.retryAfterSeconds, e?.details, { ...outer, ...(e ?? {}) });
}
