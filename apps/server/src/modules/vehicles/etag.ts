import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A strong ETag of an answer: a hash of exactly what would be sent, so it changes when any value
 * shown changes (a new record, the tractor renamed, offline after a silence) and only then.
 */
export function etagOf(body: unknown): string {
  return `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;
}

/** If-None-Match per RFC 9110 §13.1.2: weak comparison, a list, or '*'. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** Answers 304 with no body when the client already holds this answer; otherwise the answer with its ETag. */
export function sendConditional<T>(request: FastifyRequest, reply: FastifyReply, body: T): FastifyReply {
  const etag = etagOf(body);
  reply.header('etag', etag);
  if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
    // A 304 carries no document: the browser keeps the headers of the answer it cached, security
    // headers included, so sending them again protects nothing; dropping them keeps the 30-second
    // home poll under 1 KB. (Helmet writes them on the raw response.)
    for (const name of DOCUMENT_ONLY_HEADERS) reply.raw.removeHeader(name);
    return reply.code(304).send();
  }
  return reply.send(body);
}
