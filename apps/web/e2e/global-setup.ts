import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_MISSING, findChromium } from '../../../scripts/find-chromium.mjs';
import { ensureServerBuilt } from '../../../scripts/server-build.mjs';
import { SERVER_NODE_FLAGS } from '../../../scripts/server-node-flags.mjs';
import { OPERATOR_KEY, seedSilentTractor } from './support/seed';

const root = join(import.meta.dirname, '../../..');

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    chromePath: string;
    /** The demo owner, whose three simulated tractors stream a week of history at start. */
    demoMobile: string;
    demoPin: string;
  }
}

const DEMO = { mobile: '9876543210', pin: '1234' };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHealth(url: string, server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited (${server.exitCode}) before it was healthy:\n${log()}`);
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`The server did not become healthy within 60 s:\n${log()}`);
}

export default async function setup(project: TestProject) {
  const chromePath = findChromium();
  if (!chromePath) throw new Error(CHROMIUM_MISSING);
  // The line-break tests measure Tamil and Hindi text: drawn as empty boxes without a font, it
  // would measure something no phone shows (Android draws them with Noto).
  const tamil = spawnSync('fc-list', [':lang=ta', 'family'], { encoding: 'utf8' });
  if (tamil.status === 0 && tamil.stdout.trim() === '')
    throw new Error(
      'No Tamil font for the browser tests: install Noto with `apt-get install fonts-noto-core` (Debian/Ubuntu). The browser tests are never skipped.',
    );

  if (!existsSync(join(root, 'apps/web/dist/index.html'))) {
    const build = spawnSync('npm', ['run', 'build', '-w', '@tractorlink/web'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('The web build failed');
  }

  const dataDir = mkdtempSync(join(tmpdir(), 'tl-e2e-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  let output = '';
  // The server as `npm start` runs it: the bundle.
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, await ensureServerBuilt()], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMS_PROVIDER: 'local',
      DEVICE_TCP_PORT: '0',
      // The demo fleet, with a week of history, in within seconds: the per-device record budget (a
      // device's own backlog pace) is lifted so the week streams in at once.
      SIMULATE_FLEET: 'true',
      SIMULATE_FLEET_DAYS: '7',
      DEVICE_MAX_RECORDS_PER_MINUTE: '1000000',
      DEMO_MOBILE: DEMO.mobile,
      DEMO_PIN: DEMO.pin,
      OPERATOR_KEY,
      LOG_LEVEL: 'warn',
      // Every browser test signs in from 127.0.0.1; the per-IP limits are tested on their own in the server tests.
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      OTP_ADDRESS_SENDS_PER_HOUR: '100000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let caughtUp = false;
  server.stdout?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
    if (output.includes('caught up')) caughtUp = true;
  });
  server.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseURL, server, () => output);
    await seedSilentTractor(baseURL, dataDir);
    // The tests read the demo fleet's figures: they start once its history is in and it is live,
    // so no figure moves under a test because history is still streaming in.
    const deadline = Date.now() + 120_000;
    while (!caughtUp) {
      if (server.exitCode !== null || Date.now() > deadline) throw new Error(`The demo fleet's history did not come in within 2 minutes:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  } catch (error) {
    await stop();
    throw error;
  }

  project.provide('baseURL', baseURL);
  project.provide('chromePath', chromePath);
  project.provide('demoMobile', DEMO.mobile);
  project.provide('demoPin', DEMO.pin);

  return stop;
}
