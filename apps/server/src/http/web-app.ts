import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Cache policy: entry points revalidate every time; hashed assets never change, so keep them a year. */
export function cacheControlFor(filePath: string, root: string): string {
  const relative = path.relative(root, filePath).split(path.sep);
  if (relative[0] === 'assets' && relative.length > 1) return `public, max-age=${ONE_YEAR_SECONDS}, immutable`;
  // sw.js, index.html, manifest.webmanifest and unhashed files (icons) must be revalidated.
  return 'no-cache';
}

/** Serves the built PWA at `/`; without a build, `/` explains how to make one instead of crashing. */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    app.log.warn({ webDist }, 'web app not built: / answers 503');
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send('TractorLink web app is not built yet. Run `npm run build`, then restart the server.\n'),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    index: ['index.html'],
    cacheControl: false,
    // The build writes .br and .gz beside each text asset (apps/web/tools/precompress.mjs).
    preCompressed: true,
    etag: true,
    lastModified: true,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', cacheControlFor(filePath, webDist));
    },
  });
}
