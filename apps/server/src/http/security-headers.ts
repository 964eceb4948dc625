import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Strict CSP for the served PWA: everything from our own origin, no inline code, no framing; map
 * tiles (images only) from the configured tile hosts.
 */
export const contentSecurityPolicy = (tileHosts: readonly string[]) => ({
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:', ...tileHosts],
  connectSrc: ["'self'"],
  fontSrc: ["'self'"],
  manifestSrc: ["'self'"],
  workerSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
});

export async function registerSecurityHeaders(app: FastifyInstance, tileHosts: readonly string[]): Promise<void> {
  await app.register(helmet, {
    // Only our directives: helmet's defaults add upgrade-insecure-requests, which breaks plain-HTTP LAN use.
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(tileHosts) },
  });
}
