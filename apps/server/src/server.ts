import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import type { Config } from './config';
import { APP_VERSION } from './version';
import { runDemoFleet } from './sim/demo-runner';
import { DemoDealer } from './modules/service-bookings/demo-dealer';

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

/** Exits with `portProblem`'s sentence when it has one; otherwise rethrows. */
function failOnPort(err: unknown): never {
  const problem = portProblem(err);
  if (!problem) throw err;
  process.stderr.write(`\n${problem}\n`);
  process.exit(1);
}

const config = readConfig();
const app = await buildApp({ config, seedDemoOwner: config.demo.enabled, startDevices: true, startJobs: true }).catch(failOnPort);

let closing = false;
let fleet: { stop(): Promise<void> } | undefined;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Give in-flight requests a moment; never hang forever.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    Promise.resolve(fleet?.stop())
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
  if (!portProblem(err)) throw err;
  // The device ports and the writer thread are up: close them before saying why we stop.
  await app.close().catch(() => undefined);
  failOnPort(err);
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
  fleet = runDemoFleet({
    db: app.services.db.kysely,
    registry: app.services.registry,
    book: app.services.serviceBook,
    subscriptions: app.services.subscriptions.service,
    hire: app.services.hire,
    demoMobile: config.demo.mobile,
    devicePort: app.deviceServer.port,
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
