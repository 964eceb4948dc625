import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

/** What the request serializer reads of Fastify's request. */
interface LoggedRequest {
  method: string;
  url: string;
  ip?: string;
  routeOptions?: { url?: string };
}

/** Where log lines go (pino's DestinationStream): tests pass one to capture every line. */
export interface LogSink {
  write(line: string): void;
}

/**
 * pino through Fastify. Secrets never reach the log: request and response serializers keep only
 * method, url, ip and status (never headers or bodies), and the credential headers are redacted
 * anyway in case a serializer changes. The error handler logs codes, not request values.
 * The url is the matched route's pattern (`/api/v1/public/bills/:token`), or the path of an unmatched
 * one, never the query: paths and queries carry link tokens, checkout ids and device keys.
 */
export function loggerOptions(level: Config['logLevel'], stream?: LogSink): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        'headers.authorization',
        'headers.cookie',
        'headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: LoggedRequest) => ({ method: req.method, url: req.routeOptions?.url ?? req.url.split('?', 1)[0], ip: req.ip }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  };
}
