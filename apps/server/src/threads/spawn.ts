import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** Where a worker thread's code is: its own file in the bundle (`npm start`), its TypeScript source otherwise. */
export interface WorkerEntry {
  /** The bundle's entry beside dist/server.mjs (scripts/server-build.mjs builds one per thread). */
  bundled: URL;
  /** The source file, run through tsx (tests, tools). */
  source: URL;
}

/**
 * A worker thread running `entry`: the bundle's own file when the server runs from the bundle; the
 * TypeScript source through tsx otherwise, registered in the worker first (Node 20 does not apply
 * `--import` hooks to a worker's entry). `fromSource` is the caller's `import.meta.url.endsWith('.ts')`.
 */
export function spawnWorker(entry: WorkerEntry, fromSource: boolean, options: WorkerOptions): Worker {
  if (!fromSource) return new Worker(entry.bundled, options);
  // tsx's ES module API (its CommonJS one cannot register hooks from a worker).
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const code = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.source.href)}); });`;
  return new Worker(code, { eval: true, ...options });
}
