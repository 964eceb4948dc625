import { accessSync, constants, existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import type { Config } from './config';
import { APP_VERSION } from './version';
import { runDemoFleet } from './sim/demo-runner';
import { DemoDealer } from './modules/service-bookings/demo-dealer';
import { startFleetRelay } from './fleet-relay';

/** Entry point: listen, print where, close gracefully on SIGTERM/SIGINT. The app is app.ts, its services services.ts, its background jobs jobs.ts. */

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\nSee apps/server/CONFIG.md.\n`);
      process.exit(1);
    }
    throw err;
  }
}

/**
 * A port another program holds (often an earlier `npm start` still running), or one this user may
 * not open: one sentence naming the setting to change, instead of a stack trace. Anything else is
 * left to fail as it would.
 */
function portProblem(err: unknown): string | undefined {
  if (!(err instanceof Error)) return undefined;
  const { code, port } = err as NodeJS.ErrnoException & { port?: unknown };
  if ((code !== 'EADDRINUSE' && code !== 'EACCES') || typeof port !== 'number') return undefined;
  const { tcpPort, udpPort } = config.devices;
  const [setting, what] =
    port === config.port
      ? ['PORT', 'the app and API']
      : port === tcpPort
        ? ['DEVICE_TCP_PORT', 'the devices (TCP)']
        : port === udpPort
          ? ['DEVICE_UDP_PORT', 'the devices (UDP)']
          : ['PORT', 'the server'];
  const why =
    code === 'EADDRINUSE'
      ? `is already in use: another TractorLink (an \`npm start\` still running in another terminal?) or another program holds it`
      : 'may not be opened by this user (ports below 1024 need root)';
  return [
    `TractorLink did not start: port ${port} (${setting}, for ${what}) ${why}.`,
    // A second TractorLink holds both ports: the device port fails first, so name both.
    `Stop that program, or start on other ports, e.g. \`${setting === 'PORT' ? `PORT=${port + 1}` : `PORT=${config.port + 1} ${setting}=${port + 1}`} npm start\`.`,
  ].join('\n');
}

/** An interface to listen on that this machine does not have (HOST or DEVICE_TCP_HOST). */
function hostProblem(err: unknown): string | undefined {
  const { code, hostname, address } = err as NodeJS.ErrnoException & { hostname?: unknown; address?: unknown };
  const host = code === 'ENOTFOUND' || code === 'EAI_AGAIN' ? hostname : code === 'EADDRNOTAVAIL' ? address : undefined;
  if (typeof host !== 'string') return undefined;
  const setting = host === config.host ? 'HOST' : 'DEVICE_TCP_HOST';
  return `TractorLink did not start: ${setting} ${host} is not an address of this machine (${code}). Use 0.0.0.0 (every interface, the default), 127.0.0.1 (this machine only) or one of its own addresses.`;
}

/**
 * DATA_DIR must be a folder this user may write (the SQLite database and the voice cache live there):
 * checked before anything opens it, so a read-only disk or a file in the way is one sentence, not
 * SQLite's "unable to open database file" and a stack trace.
 */
function dataDirProblem(): string | undefined {
  const dir = config.dataDir;
  const database = path.join(dir, 'tractorlink.db');
  const fix = 'Point DATA_DIR at a folder this user may write, e.g. `DATA_DIR=$HOME/tractorlink-data npm start`.';
  try {
    mkdirSync(dir, { recursive: true });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why =
      code === 'EEXIST' || code === 'ENOTDIR'
        ? 'is not a folder (a file is in the way)'
        : code === 'EROFS'
          ? 'cannot be created: the disk is read-only'
          : code === 'EACCES' || code === 'EPERM'
            ? 'cannot be created by this user'
            : `cannot be created (${code ?? String(err)})`;
    return `TractorLink did not start: DATA_DIR ${dir} ${why}. ${fix}`;
  }
  if (!statSync(dir).isDirectory()) return `TractorLink did not start: DATA_DIR ${dir} is not a folder. ${fix}`;
  for (const target of [dir, ...(existsSync(database) ? [database] : [])]) {
    try {
      accessSync(target, constants.W_OK);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      const what = target === dir ? `DATA_DIR ${dir}` : `The database ${database}`;
      const why = code === 'EROFS' ? 'is on a read-only disk' : 'may not be written by this user';
      return `TractorLink did not start: ${what} ${why}; the server writes there (SQLite database and voice cache). ${fix}`;
    }
  }
  return undefined;
}

/** The database did not open: the SQLite file is not one, or PostgreSQL (DATABASE_URL) did not let us in. */
function databaseProblem(err: unknown): string | undefined {
  const cause = (err instanceof Error && err.cause) || err;
  const code = (cause as { code?: unknown }).code;
  if (typeof code !== 'string') return undefined;
  if (code.startsWith('SQLITE_')) {
    const database = path.join(config.dataDir, 'tractorlink.db');
    return `TractorLink did not start: the SQLite database ${database} could not be used (${code}: ${(cause as Error).message}). Move it away to start afresh, or point DATA_DIR at another folder.`;
  }
  if (!config.databaseUrl) return undefined;
  let where = 'DATABASE_URL';
  try {
    const url = new URL(config.databaseUrl);
    // Never the password: user, host, port and database only.
    where = `PostgreSQL at ${url.hostname}:${url.port || '5432'}${url.pathname} (DATABASE_URL)`;
  } catch {
    // an unparsable URL: pg says why below
  }
  const why: Record<string, string> = {
    ECONNREFUSED: 'does not answer: is it running? `npm run postgres` starts a throwaway one on 127.0.0.1:54329',
    ENOTFOUND: 'names a host that does not resolve',
    ETIMEDOUT: 'did not answer in time',
    '3D000': 'has no such database: create it (`createdb`) or name one that exists',
    '28P01': 'refused the user name or password',
    '28000': 'refused this user (pg_hba.conf)',
  };
  const text = why[code];
  if (text) return `TractorLink did not start: ${where} ${text}.`;
  // Node gives an AggregateError (one per address tried) when every connection attempt is refused.
  if (cause instanceof AggregateError && cause.errors.some((e: NodeJS.ErrnoException) => e.code === 'ECONNREFUSED'))
    return `TractorLink did not start: ${where} ${why.ECONNREFUSED}.`;
  return undefined;
}

/** Exits with one sentence saying what stopped the start when it is one we know; otherwise rethrows. */
function failToStart(err: unknown): never {
  const problem = portProblem(err) ?? hostProblem(err) ?? databaseProblem(err);
  if (!problem) throw err;
  process.stderr.write(`\n${problem}\n`);
  process.exit(1);
}

const config = readConfig();
if (!config.databaseUrl) {
  const problem = dataDirProblem();
  if (problem) {
    process.stderr.write(`\n${problem}\n`);
    process.exit(1);
  }
}
const app = await buildApp({ config, seedDemoOwner: config.demo.enabled, startDevices: true, startJobs: true }).catch(failToStart);

let closing = false;
let fleet: { stop(): Promise<void> } | undefined;
let fleetRelay: { close(): Promise<void> } | undefined;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Give in-flight requests a moment; never hang forever.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    Promise.resolve(fleet?.stop())
      .then(() => fleetRelay?.close())
      .catch((err: unknown) => app.log.warn({ err }, 'simulated fleet did not stop cleanly'))
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (err: unknown) => {
          app.log.error({ err }, 'error while closing');
          process.exit(1);
        },
      );
  });
}

await app.listen({ port: config.port, host: config.host }).catch(async (err: unknown) => {
  if (!portProblem(err) && !hostProblem(err)) throw err;
  // The device ports and the writer thread are up: close them before saying why we stop.
  await app.close().catch(() => undefined);
  failToStart(err);
});
// Out of file handles on accept (EMFILE/ENFILE) is an 'error' on the listening server: logged and
// survived, never fatal; accepting resumes as handles free up.
app.server.on('error', (err: NodeJS.ErrnoException) => app.log.error({ code: err.code, err: err.message }, 'HTTP accept failed'));
const shownHost = ['0.0.0.0', '::', '::0'].includes(config.host) ? 'localhost' : config.host;
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
const url = `http://${shownHost}:${port}`;

const lines = [`TractorLink ${APP_VERSION} listening on ${url}  (open it in a browser; Ctrl-C stops it)`];
if (app.deviceServer) lines.push(`  Teltonika devices: TCP port ${app.deviceServer.port}; OsmAnd / Traccar Client: ${url}/api/v1/ingest/osmand`);
if (config.demo.enabled) {
  const m = config.demo.mobile;
  lines.push(
    `  Log in as the demo owner: mobile ${m.slice(0, 5)} ${m.slice(5)}, PIN ${config.demo.pin} (the PIN set when the demo account was first created).`,
  );
}
if (config.sms.provider === 'local') {
  // The inbox route exists only outside production (app.ts).
  const inbox = config.nodeEnv === 'production' ? '' : `, and listed at ${url}/api/v1/dev/sms-inbox (from this machine)`;
  lines.push(
    `  One-time codes (a new browser's first login, registering a number, Forgot PIN) are not sent: each is printed in this console in a "LOCAL SMS INBOX" block${inbox}.`,
  );
} else lines.push('  One-time codes go out by SMS to the number asked.');
lines.push(`  API reference (OpenAPI): ${url}/api/v1/openapi.json`);
process.stdout.write(`${lines.join('\n')}\n`);

// The invoice PDF thread starts and decodes its fonts' layout tables (~150 ms) once the server
// answers, so the first owner to open an invoice does not wait for them.
// Out of file handles then (a flood), it is only logged: the first invoice loads them instead.
setTimeout(() => {
  app.services.subscriptions.invoicePdf.warmUp().catch((err: unknown) => app.log.warn({ err }, 'invoice fonts not loaded ahead'));
}, 1000).unref();

// The demo fleet: after listening, so the app answers at once while history streams in. With several
// instances on one database, the one holding the fleet's lease drives it (issue 20).
if (config.simulateFleet && config.demo.enabled && app.deviceServer) {
  // The demo tractors' history skips the per-device record budget while it back-fills (sim/demo-runner.ts):
  // at a real device's 6,000 a minute, 90 days took a quarter of an hour before the tractors went live.
  const unbudgeted = app.services.telemetry.rate.exempt;
  // Behind a balancer's PROXY protocol the device port refuses bare connections: the fleet goes
  // through a loopback relay that adds the header (fleet-relay.ts), still to this instance, whose
  // record budget lets its back-fill through.
  let devicePort = app.deviceServer.port;
  if (config.devices.proxyProtocol) {
    const relay = await startFleetRelay(devicePort);
    fleetRelay = relay;
    devicePort = relay.port;
  }
  fleet = runDemoFleet({
    db: app.services.db.kysely,
    registry: app.services.registry,
    book: app.services.serviceBook,
    subscriptions: app.services.subscriptions.service,
    hire: app.services.hire,
    demoMobile: config.demo.mobile,
    devicePort,
    days: config.simulateFleetDays,
    unbudgeted,
    log: (m) => process.stdout.write(`  ${m}\n`),
    logError: (err, message) => app.log.error({ err }, message),
  });
}

// The demo's dealer: confirms a booking a minute after it is made and assigns a technician a minute
// later, so the whole doorstep flow shows; the rest is `npm run admin -- bookings …` (issue 15).
if (config.demo.enabled)
  new DemoDealer({ db: app.services.db.kysely, clock: app.services.clock, desk: app.services.serviceBookings.desk, log: app.log }).start();
