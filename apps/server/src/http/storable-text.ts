import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ErrorDetail } from '../errors/app-error';
import { RequestValidationError } from './validation';

/**
 * NUL (U+0000), which PostgreSQL's text cannot hold (the query fails: a 500 where SQLite answered),
 * and a lone UTF-16 surrogate, which both stores turn into U+FFFD (what is kept is not what was
 * sent; I-JSON, RFC 7493, forbids both). No field of the API has a use for either.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/** The paths of the strings (values or keys) in `value` that are unstorable; walked without recursion. */
function unstorablePaths(value: unknown): string[] {
  const found: string[] = [];
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (stack.length > 0) {
    const item = stack.pop();
    if (!item) break;
    const { value: current, path } = item;
    if (typeof current === 'string') {
      if (unstorable(current)) found.push(path);
    } else if (Array.isArray(current)) {
      current.forEach((child, i) => stack.push({ value: child, path: join(path, String(i)) }));
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const [key, child] of Object.entries(current)) {
        // A bad key is named by its parent's path: echoing it would send the character back.
        if (unstorable(key)) found.push(path);
        else stack.push({ value: child, path: join(path, key) });
      }
    }
  }
  return found;
}

const join = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);

/**
 * Before any route validates or runs: a path, query or body string holding an unstorable
 * character is 400 VALIDATION_FAILED naming the field (code INVALID), on every route and either
 * store alike, so nothing reaches the database or half a write is made.
 */
export function refuseUnstorableText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    // One detail per field, as the validator gives (a path and a body field may share a name).
    const paths = new Set([request.params, request.query, request.body].flatMap(unstorablePaths));
    const details: ErrorDetail[] = [...paths].map((path) => ({ path, code: 'INVALID' }));
    if (details.length > 0) throw new RequestValidationError(details);
  });
}
