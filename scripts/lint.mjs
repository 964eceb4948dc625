#!/usr/bin/env node
// `npm run lint`: ESLint (the server's sources with their type-aware rules in one process, never cached,
// everything else — the server's tests and benches included — in another, cached by content, so the two
// halves use both cores), Biome's format check and knip, run side by side.
// Each one's output is printed when it ends; the exit code is non-zero if any of them failed.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '../..');
const bin = (name) => join(root, 'node_modules/.bin', name);
const checks = [
  // Never cached: a file's verdict depends on the types of the files it imports.
  ['eslint (server)', bin('eslint'), ['apps/server/src']],
  // Cached (content-keyed): no rule there reads types across files, so an unchanged file's result holds.
  [
    'eslint (the rest)',
    bin('eslint'),
    ['.', '--ignore-pattern', 'apps/server/src/**', '--cache', '--cache-strategy', 'content', '--cache-location', 'node_modules/.cache/eslint-rest'],
  ],
  ['biome format', bin('biome'), ['format', '.']],
  ['knip', bin('knip'), []],
];

function run([name, command, args]) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: process.env });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      process.stdout.write(`== ${name}: ${code === 0 ? 'ok' : `failed (${code})`}\n${code === 0 ? '' : output}`);
      resolve(code === 0);
    });
  });
}

const results = await Promise.all(checks.map(run));
process.exitCode = results.every(Boolean) ? 0 : 1;
