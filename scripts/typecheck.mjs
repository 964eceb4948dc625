#!/usr/bin/env node
// `npm run typecheck`: tsc over each project, two at a time (this machine has two cores), each
// incremental with its build info kept in node_modules/.cache/tsc, so a second run re-checks only
// what changed. The projects are ordered longest first so the two lanes end together (~20 s cold).
// Each one's errors are printed when it ends; the exit code is non-zero if any of them failed.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '../..');
const tsc = join(root, 'node_modules/.bin/tsc');
const projects = ['apps/server', 'apps/web', 'apps/server/bench', 'apps/web/e2e', 'packages/domain', 'tsconfig.json'];
const LANES = 2;

function check(project) {
  const info = join(root, 'node_modules/.cache/tsc', `${project.replaceAll('/', '_')}.tsbuildinfo`);
  return new Promise((resolve) => {
    const child = spawn(tsc, ['-p', project, '--noEmit', '--incremental', '--tsBuildInfoFile', info], { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      process.stdout.write(`== tsc -p ${project}: ${code === 0 ? 'ok' : `failed (${code})`}\n${code === 0 ? '' : output}`);
      resolve(code === 0);
    });
  });
}

const queue = [...projects];
const lane = async () => {
  let ok = true;
  for (let p = queue.shift(); p !== undefined; p = queue.shift()) ok = (await check(p)) && ok;
  return ok;
};
const results = await Promise.all(Array.from({ length: LANES }, lane));
process.exit(results.every(Boolean) ? 0 : 1);
