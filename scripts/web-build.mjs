// Builds the web app when its sources are newer than the last build (used by `npm start` and the bench).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const webBuilt = join(root, 'apps/web/dist/index.html');
const webInputs = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/domain/src'];

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
  return webInputs.some((input) => newestMtime(join(root, input)) > builtAt);
}

/** Builds when stale; exits the process with the build's status if the build fails. */
export function ensureWebBuilt() {
  if (!webBuildIsStale()) return;
  console.log('Building the web app (first start, or its sources changed)…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@tractorlink/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The web build failed; see the messages above.');
    process.exit(build.status ?? 1);
  }
}
