#!/usr/bin/env node
// `npm run cluster [-- --instances N]`: PostgreSQL (a throwaway one in ./data/postgres when DATABASE_URL
// is unset, as CI starts one), N server instances on it, and HAProxy in front: the web app and API on
// PORT (8080) and the device port on DEVICE_TCP_PORT (5027), as one server would have them. Ctrl-C stops
// everything. See the README's "Several instances" section to spread the same over machines.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { findHaproxy, HAPROXY_MISSING, haproxyConfig, instanceEnv, startHaproxy } from './cluster-lib.mjs';
import { ensureServerBuilt } from './server-build.mjs';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';
import { ensureWebBuilt, root } from './web-build.mjs';

const { values } = parseArgs({ options: { instances: { type: 'string', default: '2' } } });
const count = Number(values.instances);
if (!Number.isInteger(count) || count < 1 || count > 16) {
  console.error('--instances must be a whole number from 1 to 16');
  process.exit(2);
}
const haproxy = findHaproxy({ install: true });
if (!haproxy) {
  console.error(HAPROXY_MISSING);
  process.exit(1);
}

let databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  execFileSync('bash', [join(root, 'scripts/throwaway-postgres.sh')], { stdio: 'inherit' });
  databaseUrl = `postgres://postgres@127.0.0.1:${process.env.PGPORT ?? 54329}/tractorlink`;
}
if (process.env.SKIP_WEB_BUILD !== 'true') ensureWebBuilt();
const bundle = await ensureServerBuilt();

const httpPort = Number(process.env.PORT ?? 8080);
const devicePort = Number(process.env.DEVICE_TCP_PORT ?? 5027);
const dir = join(root, 'data/cluster');
mkdirSync(dir, { recursive: true });
const instances = Array.from({ length: count }, (_, i) => ({ httpPort: 18080 + i, devicePort: 15027 + i }));
const children = [];

function startInstance(i) {
  const env = { ...process.env, ...instanceEnv({ databaseUrl, dataDir: join(dir, `instance-${i + 1}`), ...instances[i] }) };
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, bundle], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
  child.stdout.on('data', (chunk) => process.stdout.write(chunk.toString().replace(/^(?=.)/gm, `[${i + 1}] `)));
  children.push(child);
  return child;
}

async function healthy(port) {
  for (;;) {
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
children.push(await startHaproxy(haproxy, join(dir, 'haproxy.cfg'), haproxyConfig({ httpPort, devicePort, instances })));
console.log(`\nTractorLink cluster: ${count} instances on ${databaseUrl.replace(/\/\/[^@]*@/, '//…@')}`);
console.log(`  web and API: http://localhost:${httpPort} (HAProxy, leastconn)`);
console.log(`  devices: TCP port ${devicePort} (HAProxy, leastconn, PROXY protocol to the instances)`);

const stop = (signal) => {
  for (const child of children) child.kill(signal);
  setTimeout(() => process.exit(0), 3000).unref();
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
