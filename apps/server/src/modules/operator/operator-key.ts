import { createHash, timingSafeEqual } from 'node:crypto';
import type { onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '../../errors/app-error';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Compares in constant time: both sides are hashed first, so neither length nor content leaks. */
export function sameKey(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * onRequest guard of the operator API (before the body is even read): no key configured → the
 * routes do not exist (404); a missing or wrong `X-Operator-Key` → 401 OPERATOR_KEY_INVALID.
 */
export function requireOperatorKey(expected: string | undefined): onRequestAsyncHookHandler {
  return async (request) => {
    if (expected === undefined) throw new AppError('NOT_FOUND');
    const given = request.headers['x-operator-key'];
    if (typeof given !== 'string' || !sameKey(given, expected)) throw new AppError('OPERATOR_KEY_INVALID');
  };
}
