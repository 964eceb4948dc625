// Several server instances behind HAProxy on one machine: the HAProxy configuration and how to find
// and start HAProxy. Shared by `npm run cluster` and the cluster fault tests.
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Debian's haproxy, installed when missing and we may (root with apt-get, as CI runs). */
export function findHaproxy({ install = false } = {}) {
  for (const path of ['/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy']) if (existsSync(path)) return path;
  if (install && process.getuid?.() === 0) {
    execFileSync('bash', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends haproxy >/dev/null'], {
      stdio: 'inherit',
    });
    return findHaproxy();
  }
  return undefined;
}

export const HAPROXY_MISSING = 'HAProxy is not installed: apt-get install haproxy (CI installs it from Debian).';

/**
 * Devices: TCP, leastconn (a reconnecting fleet spreads over the instances that are up), each
 * connection prefixed with the PROXY protocol v2 so an instance sees the device's own address; the
 * health check sends a LOCAL header, which the device port closes quietly. HTTP: leastconn, the
 * client address in X-Forwarded-For (the instances run with TRUST_PROXY). Checks every second, an
 * instance out after two failures: a dead one stops getting devices within about 2 s.
 */
export function haproxyConfig({ host = '0.0.0.0', httpPort, devicePort, instances, maxconn = 8000 }) {
  const lines = [
    'global',
    // Within the usual open-file limit (HAProxy needs two handles a connection); raise it with the limit.
    `  maxconn ${maxconn}`,
    'defaults',
    '  timeout connect 5s',
    // Devices stay connected for minutes between frames (the server closes idle ones after 10 min).
    '  timeout client 15m',
    '  timeout server 15m',
    '  timeout check 2s',
    // A connection to an instance that just died is tried again on another (before checks notice it).
    '  retries 3',
    '  option redispatch',
    'frontend devices',
    '  mode tcp',
    `  bind ${host}:${devicePort}`,
    '  default_backend device_instances',
    'backend device_instances',
    '  mode tcp',
    '  balance leastconn',
    ...instances.map((i, n) => `  server d${n + 1} 127.0.0.1:${i.devicePort} send-proxy-v2 check check-send-proxy inter 1s fall 2 rise 2`),
    'frontend web',
    '  mode http',
    `  bind ${host}:${httpPort}`,
    '  option forwardfor',
    '  timeout http-request 10s',
    '  default_backend web_instances',
    'backend web_instances',
    '  mode http',
    '  balance leastconn',
    '  option httpchk GET /api/v1/health',
    ...instances.map((i, n) => `  server w${n + 1} 127.0.0.1:${i.httpPort} check inter 1s fall 2 rise 2`),
    '',
  ];
  return lines.join('\n');
}

/** Checks and writes the configuration and starts HAProxy in the foreground (-db), under `fileLimit` open files if given; the caller waits for its ports. */
export async function startHaproxy(binary, configPath, config, { stdio = 'inherit', fileLimit: files } = {}) {
  writeFileSync(configPath, config);
  execFileSync(binary, ['-c', '-q', '-f', configPath], { stdio: 'inherit' });
  const [command, args] = files ? withFileLimit(files, binary, ['-db', '-f', configPath]) : [binary, ['-db', '-f', configPath]];
  const child = spawn(command, args, { stdio });
  return child;
}

/** The environment of instance `n` behind the balancer. */
export function instanceEnv({ databaseUrl, dataDir, httpPort, devicePort }) {
  return {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(httpPort),
    DEVICE_TCP_PORT: String(devicePort),
    // UDP is not balanced here (HAProxy balances TCP); devices use TCP through the balancer.
    DEVICE_UDP_PORT: 'off',
    DEVICE_PROXY_PROTOCOL: 'true',
    DEVICE_PROXY_TRUSTED: '127.0.0.1,::1',
    TRUST_PROXY: 'true',
  };
}

/**
 * The open-file limit children get when started through `withFileLimit`: `wanted` when this process
 * may raise its hard limit (root), else the current hard limit.
 */
export function fileLimit(wanted) {
  const out = execFileSync('bash', ['-c', `ulimit -n ${wanted} 2>/dev/null || ulimit -n $(ulimit -Hn); ulimit -n`], { encoding: 'utf8' });
  return Number(out.trim());
}

/** [command, args] that run `command args…` with the open-file limit raised to `limit` (as far as allowed). */
export function withFileLimit(limit, command, args) {
  return ['bash', ['-c', `ulimit -n ${limit} 2>/dev/null || ulimit -n $(ulimit -Hn); exec "$0" "$@"`, command, ...args]];
}

/** Debian's PostgreSQL binaries (the newest installed), or undefined. */
export function postgresBin() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin/pg_ctl')))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest ? join(base, newest, 'bin') : undefined;
}

/**
 * A throwaway PostgreSQL cluster of its own in a temporary folder on `port`, as .ci/run starts one
 * (run as the postgres user when we are root): for faults that restart the server, which must never
 * touch a shared one. `restart()` is `pg_ctl restart -m fast`; `stop()` stops it and deletes the folder.
 */
export function startThrowawayPostgres({ port }) {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed: apt-get install postgresql');
  const dir = mkdtempSync(join(tmpdir(), 'tl-pg-'));
  const root = process.getuid?.() === 0;
  if (root)
    chownSync(
      dir,
      Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()),
      Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()),
    );
  const asPg = (command) => execFileSync(root ? 'su' : 'bash', root ? ['postgres', '-s', '/bin/bash', '-c', command] : ['-c', command], { stdio: 'pipe' });
  const data = join(dir, 'data');
  asPg(`${bin}/initdb -D ${data} -A trust -U postgres >/dev/null`);
  const pgCtl = (verb) =>
    asPg(`${bin}/pg_ctl -D ${data} -l ${dir}/log -o '-k ${dir} -h 127.0.0.1 -p ${port} -c max_connections=200 -c fsync=on' -m fast -w ${verb} >/dev/null`);
  pgCtl('start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: () => pgCtl('restart'),
    stop() {
      try {
        asPg(`${bin}/pg_ctl -D ${data} -m fast -w stop >/dev/null`);
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
