#!/usr/bin/env node
// `npm run cluster [-- --instances N]`: PostgreSQL (a throwaway one in ./data/postgres when DATABASE_URL
// is unset, as CI starts one), N server instances on it, and HAProxy in front: the web app and API on
// PORT (8080) and the device port on DEVICE_TCP_PORT (5027), as one server would have them. Ctrl-C stops
// everything. See the README's "Several instances" section to spread the same over machines.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { findHaproxy, HAPROXY_MISSING, haproxyConfig, instanceEnv, startHaproxy } from './cluster-lib.mjs';
import { ensureServerBuilt } from './server-build.mjs';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';
import { ensureWebBuilt, root } from './web-build.mjs';

const USAGE = `Usage: npm run cluster [-- --instances N]

Runs TractorLink as N server instances (2 by default, at most 16) on one PostgreSQL behind HAProxy:
  the app and API on PORT (8080), devices on DEVICE_TCP_PORT (5027), both balanced by HAProxy;
  the instances on 127.0.0.1, HTTP on 18080…, devices on 15027….
  PostgreSQL: DATABASE_URL, or a throwaway one in ./data/postgres (npm run postgres) when unset.
Ctrl-C stops them all.`;

let values;
try {
  ({ values } = parseArgs({ options: { instances: { type: 'string', default: '2' }, help: { type: 'boolean', short: 'h', default: false } } }));
} catch (err) {
  console.error(`${err.message}\n\n${USAGE}`);
  process.exit(2);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const count = Number(values.instances);
if (!Number.isInteger(count) || count < 1 || count > 16) {
  console.error(`--instances must be a whole number from 1 to 16\n\n${USAGE}`);
  process.exit(2);
}

/** PORT and DEVICE_TCP_PORT as the server reads them (unset or empty: the default). */
function portSetting(name, fallback) {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port < 1 || port > 65535) {
    console.error(`Invalid configuration:\n  - ${name}: expected a port number 1-65535 (HAProxy listens on it for the cluster)`);
    process.exit(2);
  }
  return port;
}
const httpPort = portSetting('PORT', 8080);
const devicePort = portSetting('DEVICE_TCP_PORT', 5027);
const instances = Array.from({ length: count }, (_, i) => ({ httpPort: 18080 + i, devicePort: 15027 + i }));

/** Whether `port` can be listened on (as HAProxy and the instances will), else why not. */
function portFree(port, host) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (err) => resolve(err.code ?? err.message));
    probe.listen(port, host, () => probe.close(() => resolve(undefined)));
  });
}

// Before anything starts: a port another program holds (often an `npm start` still running) would
// otherwise leave HAProxy or an instance failing behind the others' output, and the rest waiting.
const wanted = [
  [httpPort, '0.0.0.0', 'PORT, the app and API through HAProxy'],
  [devicePort, '0.0.0.0', 'DEVICE_TCP_PORT, the devices through HAProxy'],
  ...instances.flatMap((p, i) => [
    [p.httpPort, '127.0.0.1', `instance ${i + 1}'s HTTP port`],
    [p.devicePort, '127.0.0.1', `instance ${i + 1}'s device port`],
  ]),
];
for (const [port, host, what] of wanted) {
  const code = await portFree(port, host);
  if (code === undefined) continue;
  const why =
    code === 'EADDRINUSE'
      ? 'is already in use: another TractorLink (an `npm start` or `npm run cluster` still running?) or another program holds it'
      : `cannot be opened (${code})`;
  console.error(`The cluster did not start: port ${port} (${what}) ${why}.`);
  console.error(
    port === httpPort || port === devicePort
      ? `Stop that program, or use other ports, e.g. \`PORT=${httpPort + 1} DEVICE_TCP_PORT=${devicePort + 1} npm run cluster\`.`
      : 'Stop that program: the instances use 18080… and 15027… on 127.0.0.1.',
  );
  process.exit(1);
}

const haproxy = findHaproxy({ install: true });
if (!haproxy) {
  console.error(HAPROXY_MISSING);
  process.exit(1);
}

let databaseUrl = process.env.DATABASE_URL?.trim();
const throwaway = !databaseUrl;
if (!databaseUrl) {
  execFileSync('bash', [join(root, 'scripts/throwaway-postgres.sh')], { stdio: 'inherit' });
  databaseUrl = `postgres://postgres@127.0.0.1:${process.env.PGPORT ?? 54329}/tractorlink`;
}
if (process.env.SKIP_WEB_BUILD !== 'true') ensureWebBuilt();
const bundle = await ensureServerBuilt();

const dir = join(root, 'data/cluster');
mkdirSync(dir, { recursive: true });
const children = [];
let stopping = false;

/** Stops every child, waits for them to close (each instance gives its requests 10 s at most), then exits. */
async function stop(signal, code) {
  if (stopping) return;
  stopping = true;
  const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
  for (const child of running) child.kill(signal);
  const force = setTimeout(() => process.exit(code || 1), 15_000);
  force.unref();
  await Promise.all(
    running.map((child) => new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', resolve)))),
  );
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stop(signal, 0));

let clusterUp = false;
let instancesUp = 0;

/**
 * A child that exits: while the cluster starts (an instance that cannot start, HAProxy that cannot
 * bind) or when HAProxy or the last instance goes, the cluster stops, saying which (its own output is
 * above); an instance that dies while others run is the fault the balancer is for, so it is only said.
 */
function watch(child, name, isInstance) {
  child.once('exit', (code, signal) => {
    if (stopping) return;
    const how = signal ?? `code ${code}`;
    if (isInstance && clusterUp && --instancesUp > 0) {
      console.error(`\n${name} exited (${how}); HAProxy sends its devices and requests to the others.`);
      return;
    }
    console.error(`\nThe cluster stopped: ${name} exited (${how}); its own output is above.`);
    void stop('SIGTERM', 1);
  });
}

function startInstance(i) {
  const env = { ...process.env, ...instanceEnv({ databaseUrl, dataDir: join(dir, `instance-${i + 1}`), ...instances[i] }) };
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, bundle], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
  child.stdout.on('data', (chunk) => process.stdout.write(chunk.toString().replace(/^(?=.)/gm, `[${i + 1}] `)));
  children.push(child);
  instancesUp++;
  watch(child, `instance ${i + 1}`, true);
  return child;
}

async function healthy(port) {
  while (!stopping) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

// The first instance migrates the database; the others start once it answers.
startInstance(0);
await healthy(instances[0].httpPort);
for (let i = 1; i < count; i++) startInstance(i);
await Promise.all(instances.map((i) => healthy(i.httpPort)));
if (!stopping) {
  const balancer = await startHaproxy(haproxy, join(dir, 'haproxy.cfg'), haproxyConfig({ httpPort, devicePort, instances }));
  children.push(balancer);
  watch(balancer, 'HAProxy', false);
  clusterUp = true;
  console.log(`\nTractorLink cluster: ${count} instances on ${databaseUrl.replace(/\/\/[^@]*@/, '//…@')}`);
  console.log(`  web and API: http://localhost:${httpPort} (HAProxy, leastconn)`);
  console.log(`  devices: TCP port ${devicePort} (HAProxy, leastconn, PROXY protocol to the instances)`);
  console.log(`  Ctrl-C stops the instances and HAProxy${throwaway ? ' (the throwaway PostgreSQL keeps running: npm run postgres -- stop)' : ''}.`);
}
