// Bundles the server (its TypeScript and the domain package; npm packages stay external) into
// apps/server/dist/server.mjs when its sources are newer than the last bundle. `npm start`, the
// browser tests and the benches run the bundle: plain JavaScript starts in half the time of
// transpiling on load, and without the loader's worker thread the idle server is ~40 MB smaller.
import { copyFileSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { newestMtime, root } from './web-build.mjs';

export const SERVER_BUNDLE = join(root, 'apps/server/dist/server.mjs');
// The server's texts (apps/server/src/i18n/server-texts.ts) are JSON catalogues beside the web's, bundled in.
const inputs = ['apps/server/src', 'packages/domain/src', 'apps/web/src/locales/server', 'scripts/server-build.mjs'];
/** Files the server reads next to its own module at run time (see DEMO_BOUNDARIES_FILE). */
const assets = ['apps/server/src/modules/geofences/boundaries/demo-boundaries.geojson'];

export function serverBuildIsStale() {
  if (!existsSync(SERVER_BUNDLE)) return true;
  const builtAt = statSync(SERVER_BUNDLE).mtimeMs;
  return inputs.some((input) => newestMtime(join(root, input)) > builtAt);
}

/** Bundles when stale; returns the bundle's path. */
export async function ensureServerBuilt() {
  if (!serverBuildIsStale()) return SERVER_BUNDLE;
  const { build } = await import('esbuild');
  const outdir = join(root, 'apps/server/dist');
  mkdirSync(outdir, { recursive: true });
  await build({
    // Each worker thread's code is an entry of its own, beside the server (src/threads/spawn.ts finds it).
    entryPoints: {
      server: join(root, 'apps/server/src/server.ts'),
      'ingest-writer': join(root, 'apps/server/src/writer/worker.ts'),
      'invoice-pdf': join(root, 'apps/server/src/modules/subscription/invoice-pdf-worker.ts'),
    },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    // npm packages (native better-sqlite3, pino's transports …) load from node_modules as usual.
    plugins: [
      {
        name: 'npm-packages-external',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@tractorlink/') ? undefined : { path: args.path, external: true }));
        },
      },
    ],
    // Some CommonJS packages call require(); an ES module has none unless given one.
    banner: { js: "import { createRequire as createRequireForBundle } from 'node:module'; const require = createRequireForBundle(import.meta.url);" },
  });
  for (const asset of assets) copyFileSync(join(root, asset), join(outdir, asset.split('/').at(-1)));
  return SERVER_BUNDLE;
}
