import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

/** Where log lines go (pino's DestinationStream): tests pass one to capture every line. */
export interface LogSink {
  write(line: string): void;
}

/**
 * pino through Fastify. Secrets never reach the log: request and response serializers keep only
 * method, url, ip and status (never headers or bodies), and the credential headers are redacted
 * anyway in case a serializer changes. The error handler logs codes, not request values.
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
      req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: req.url, ip: req.ip }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  };
}
