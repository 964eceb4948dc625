// Builds the web app when its sources are newer than the last build (used by `npm start` and the bench).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const webBuilt = join(root, 'apps/web/dist/index.html');
const webInputs = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/domain/src'];
/** The VITE_ settings the last build was made with (beside the build, not in it: dist/ is served). */
const webBuiltEnv = join(root, 'node_modules/.cache/tractorlink/web-vite-settings.json');

/** The build-time settings of the web app in `env`: its VITE_ variables, sorted by name. */
export function viteSettings(env = process.env) {
  return Object.fromEntries(
    Object.entries(env)
      .filter(([name, value]) => name.startsWith('VITE_') && value !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
}

/**
 * Whether the web app was built with other VITE_ settings than `env` holds: they are baked into the
 * bundle, so `VITE_TILE_URL_ROAD=… npm start` over an earlier build kept the old tiles (and with
 * MAP_TILE_HOSTS changed to match, the map's CSP then refused them). No record counts as none set.
 */
export function viteSettingsChanged(recordFile = webBuiltEnv, env = process.env) {
  let built = {};
  try {
    built = JSON.parse(readFileSync(recordFile, 'utf8'));
  } catch {
    // never recorded: built without VITE_ settings, or by `npm run build` alone
  }
  return JSON.stringify(built) !== JSON.stringify(viteSettings(env));
}

/** Newest modification time under `path` (a file, or a folder walked recursively; tests ignored). */
export function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return /\.test\.tsx?$/.test(path) ? 0 : stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry !== 'node_modules') newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

export function webBuildIsStale() {
  if (!existsSync(webBuilt)) return true;
  const builtAt = statSync(webBuilt).mtimeMs;
  return viteSettingsChanged() || webInputs.some((input) => newestMtime(join(root, input)) > builtAt);
}

/**
 * Builds when stale; exits the process with the build's status if the build fails. The build's own
 * listing (some 250 lines of chunks) is kept back unless it fails, so the server's start-up lines —
 * where to open the app, how to log in — are what the console shows; `npm run build` prints it all.
 */
export function ensureWebBuilt() {
  if (!webBuildIsStale()) return;
  const started = Date.now();
  process.stdout.write('Building the web app (first start, or its sources or VITE_ settings changed)… ');
  const build = spawnSync('npm', ['run', 'build', '-w', '@tractorlink/web'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (build.status !== 0) {
    process.stdout.write('failed:\n');
    process.stdout.write(build.stdout ?? '');
    process.stderr.write(build.stderr ?? '');
    if (build.error) console.error(build.error.message);
    console.error('The web build failed; see the messages above (`npm run build` runs it alone).');
    process.exit(build.status ?? 1);
  }
  mkdirSync(dirname(webBuiltEnv), { recursive: true });
  writeFileSync(webBuiltEnv, `${JSON.stringify(viteSettings())}\n`);
  console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}
