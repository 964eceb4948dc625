#!/usr/bin/env node
// `npm test`: every test. Phase 1 runs the domain, server and web unit tests (server ones on SQLite,
// and on PostgreSQL too when TEST_DATABASE_URL is set); phase 2 builds the web app and runs the
// browser tests in Chromium against a real server. Ends with one line: "N passed, N failed".
// Extra arguments go straight to one Vitest run instead (e.g. `npm test -- --project server`).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findHaproxy, postgresBin } from './cluster-lib.mjs';
import { CHROMIUM_MISSING, findChromium } from './find-chromium.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = join(root, 'test-results');
const vitest = join(root, 'node_modules/vitest/vitest.mjs');

function run(command, args, env = {}) {
  return spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
}

function vitestPhase(name, args) {
  const output = join(resultsDir, `${name}.json`);
  rmSync(output, { force: true });
  const status = run(process.execPath, [vitest, 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${output}`]);
  return { name, status, ...counts(output, status), failures: failures(output) };
}

/** "file > test: first line of the error" for each failed test, so a log cut to its tail still names them. */
function failures(file) {
  if (!existsSync(file)) return [];
  const report = JSON.parse(readFileSync(file, 'utf8'));
  return report.testResults.flatMap((f) => {
    const where = f.name.replace(`${root}/`, '');
    const failedTests = f.assertionResults.filter((t) => t.status === 'failed');
    if (f.status === 'failed' && failedTests.length === 0) return [`${where}: ${firstLine(f.message)}`];
    return failedTests.map((t) => `${where} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
  });
}

function firstLine(message = '') {
  return (
    message
      .split('\n')
      .find((line) => line.trim() !== '')
      ?.trim()
      .slice(0, 300) ?? ''
  );
}

/** Test counts from Vitest's JSON report; a run that wrote no report counts as one failure. */
function counts(file, status) {
  if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0 };
  const report = JSON.parse(readFileSync(file, 'utf8'));
  // A file that fails to load has no tests but must still count as a failure.
  const brokenFiles = report.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0).length;
  const failed = report.numFailedTests + brokenFiles + (status !== 0 && report.numFailedTests + brokenFiles === 0 ? 1 : 0);
  return { passed: report.numPassedTests, failed, skipped: report.numPendingTests + report.numTodoTests };
}

/**
 * What this machine leaves out, said before the run and again beside the summary: a test that cannot
 * run here is skipped by name in Vitest's count, but the PostgreSQL variants of the server tests are
 * not even generated without TEST_DATABASE_URL, so without this line a green run would not say what
 * it did not test. CI (.ci/run) installs all of it and leaves nothing out.
 */
function leftOut() {
  const out = [];
  const pgUrl = 'TEST_DATABASE_URL=postgres://postgres@127.0.0.1:54329/postgres';
  if (!process.env.TEST_DATABASE_URL)
    out.push(
      `PostgreSQL: TEST_DATABASE_URL is not set, so the server tests run on SQLite only (the PostgreSQL variants, the cluster and wake-up tests and the demo fleet's database test are left out). To include them: \`npm run postgres\` (Debian's postgresql), then \`${pgUrl} npm test\`.`,
    );
  else if (!findHaproxy()) out.push('HAProxy: not installed; the cluster tests on PostgreSQL will fail (apt-get install haproxy).');
  if (!postgresBin() || process.getuid?.() !== 0)
    out.push("PostgreSQL restart: the test that restarts a PostgreSQL of its own under two instances needs Debian's postgresql and root; skipped here.");
  if (spawnSync('espeak-ng', ['--version']).status !== 0 && process.env.CI !== 'true')
    out.push("espeak-ng: not installed, so the server voice's tests with real speech are skipped (apt-get install espeak-ng).");
  return out;
}

mkdirSync(resultsDir, { recursive: true });
const extra = process.argv.slice(2);
if (extra.length > 0) process.exit(run(process.execPath, [vitest, 'run', ...extra]));

if (!findChromium()) {
  console.error(`\n${CHROMIUM_MISSING}\n`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}

const notRun = leftOut();
for (const line of notRun) console.log(`NOT COVERED HERE: ${line}`);
const phases = [vitestPhase('unit', ['--project', 'domain', '--project', 'server', '--project', 'web'])];
const built = run('npm', ['run', 'build', '-w', '@tractorlink/web']);
if (built === 0) phases.push(vitestPhase('e2e', ['--project', 'e2e']));
else phases.push({ name: 'e2e', status: built, passed: 0, failed: 1, skipped: 0 });

console.log('');
for (const p of phases) for (const failure of p.failures ?? []) console.log(`FAILED ${p.name}: ${failure}`);
for (const line of notRun) console.log(`NOT COVERED HERE: ${line}`);
for (const p of phases) console.log(`${p.name}: ${p.passed} passed, ${p.failed} failed${p.skipped ? `, ${p.skipped} skipped` : ''}`);
const total = phases.reduce((sum, p) => ({ passed: sum.passed + p.passed, failed: sum.failed + p.failed }), { passed: 0, failed: 0 });
console.log(`${total.passed} passed, ${total.failed} failed`);
process.exit(phases.every((p) => p.status === 0) && total.failed === 0 ? 0 : 1);
