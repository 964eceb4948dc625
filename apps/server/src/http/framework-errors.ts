import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { errorMessage } from '../errors/app-error';
import { contentSecurityPolicy } from './security-headers';

/**
 * Refusals made before any route or hook runs — a URL that does not decode, a request the HTTP
 * parser rejects (garbage, headers too large) — get the app's error body and security headers too,
 * and never echo the URL: Fastify's defaults answer with its own body, quote the URL and skip
 * helmet's headers, because helmet runs as a hook.
 */

/** The headers helmet sets on every answer, computed once with the app's directives. */
export function securityHeaderValues(tileHosts: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = { setHeader: (name: string, value: string) => (headers[name] = value), removeHeader: () => undefined };
  // helmet's middleware is synchronous and only sets headers on the response it is given.
  helmet({ contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(tileHosts) } })({} as never, response as never, () => undefined);
  return headers;
}

/** Fastify's frameworkErrors: a URL that does not decode (FST_ERR_BAD_URL) and the like. */
export function frameworkErrors(headers: Record<string, string>) {
  return (_error: Error, _request: FastifyRequest, reply: FastifyReply): void => {
    void reply
      .headers(headers)
      .code(400)
      .send({ error: { code: 'VALIDATION_FAILED', message: errorMessage('VALIDATION_FAILED') } });
  };
}

/** The HTTP server's clientError: the parser refused the request; answer (when the socket can) and close. */
export function clientErrorHandler(headers: Record<string, string>) {
  return (error: NodeJS.ErrnoException, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const code = tooLarge ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION_FAILED';
    const body = JSON.stringify({ error: { code, message: errorMessage(code) } });
    const head = [
      tooLarge ? 'HTTP/1.1 431 Request Header Fields Too Large' : 'HTTP/1.1 400 Bad Request',
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Connection: close',
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
  };
}
