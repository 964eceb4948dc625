#!/usr/bin/env node
// `npm run lint`: ESLint (the server's sources with their type-aware rules in one process, everything
// else — the server's tests and benches included — in another, cached by content, so the two halves use
// both cores), Biome's format check and knip, run side by side.
// The server half is the slow one (≈ 18 s on a 2-core machine) and cannot be cached file by file: a
// file's verdict depends on the types of the files it imports. It is kept as a whole instead: when no
// file its TypeScript program reads (as `tsc --listFilesOnly` lists them), nor the lock file or the
// ESLint config, changed since its last clean run, that run's verdict stands and it is stopped.
// Each one's output is printed when it ends; the exit code is non-zero if any of them failed.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '../..');
const bin = (name) => join(root, 'node_modules/.bin', name);
const serverStamp = join(root, 'node_modules/.cache/eslint-server.sha256');

/** Runs a command; resolves with its exit code (null when killed) and its output. */
function exec(command, args) {
  const child = spawn(command, args, { cwd: root, env: process.env });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const done = new Promise((resolve) => child.on('close', (code) => resolve({ code, output })));
  return { child, done };
}

function report(name, { code, output }, note = '') {
  process.stdout.write(`== ${name}: ${code === 0 ? `ok${note}` : `failed (${code})`}\n${code === 0 ? '' : output}`);
  return code === 0;
}

/** A digest of every file the server half's verdict depends on, or null when tsc cannot list them. */
async function serverInputsDigest() {
  const listed = await exec(bin('tsc'), ['-p', 'apps/server/tsconfig.lint.json', '--listFilesOnly']).done;
  if (listed.code !== 0) return null;
  // Files under node_modules are covered by the lock file (their versions), the rules by the config.
  const own = listed.output.split('\n').filter((f) => f.startsWith('/') && !f.includes('/node_modules/'));
  const rules = (await readdir(join(root, 'tools/eslint'))).map((f) => `tools/eslint/${f}`);
  const files = [...own.map((f) => relative(root, f)), 'package-lock.json', 'eslint.config.js', ...rules].sort();
  const hash = createHash('sha256');
  for (const file of files)
    hash
      .update(`${file}\0`)
      .update(await readFile(join(root, file)))
      .update('\0');
  return hash.digest('hex');
}

async function lintServer() {
  const name = 'eslint (server)';
  const eslint = exec(bin('eslint'), ['apps/server/src']);
  const digest = await serverInputsDigest().catch(() => null);
  const stamp = await readFile(serverStamp, 'utf8').catch(() => null);
  if (digest !== null && digest === stamp) {
    eslint.child.kill();
    return report(name, { code: 0, output: '' }, ' (no file it reads changed since its last clean run)');
  }
  const result = await eslint.done;
  if (result.code === 0 && digest !== null) {
    await mkdir(join(root, 'node_modules/.cache'), { recursive: true });
    await writeFile(serverStamp, digest);
  }
  return report(name, result);
}

const checks = [
  [
    'eslint (the rest)',
    bin('eslint'),
    ['.', '--ignore-pattern', 'apps/server/src/**', '--cache', '--cache-strategy', 'content', '--cache-location', 'node_modules/.cache/eslint-rest'],
  ],
  ['biome format', bin('biome'), ['format', '.']],
  ['knip', bin('knip'), []],
];

const results = await Promise.all([lintServer(), ...checks.map(async ([name, command, args]) => report(name, await exec(command, args).done))]);
process.exitCode = results.every(Boolean) ? 0 : 1;
