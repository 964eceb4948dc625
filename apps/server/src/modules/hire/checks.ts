import { FUTURE_SLACK_S, JOB_MAX_S } from '@tractorlink/domain/hire/rules';
import { sha256 } from '../../crypto/secrets';
import { AppError } from '../../errors/app-error';

/**
 * What a create was, for telling a repeat (same id, same content: answered with what exists) from a
 * conflict (same id, other content). Keys sorted, absent and null alike, so a retry of the same
 * form hashes the same whatever the JSON's order.
 */
export function requestHash(body: Record<string, unknown>): string {
  return sha256(canonical(body));
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined && v !== null)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export const invalid = (path: string, code: string) => new AppError('VALIDATION_FAILED', { details: [{ path, code }] });

/** A job's window: starts no later than now, ends after its start and no later than now, within a day. */
export function checkWindow(startMs: number, endMs: number | null, now: number): void {
  const slack = FUTURE_SLACK_S * 1000;
  if (startMs > now + slack) throw invalid('startAt', 'START_IN_FUTURE');
  if (endMs === null) return;
  if (endMs <= startMs) throw invalid('endAt', 'END_BEFORE_START');
  if (endMs > now + slack) throw invalid('endAt', 'END_IN_FUTURE');
  if (endMs - startMs > JOB_MAX_S * 1000) throw invalid('endAt', 'JOB_TOO_LONG');
}
