// `npm run sim -- --tractors N --interval S [--seconds T] [--host H] [--port P] [--burst] [--provision]`
// Drives load: N simulated tractors connect to a running server's Teltonika port and each send a
// record every S seconds of wall time, as real devices do, for T seconds; with --burst they send
// T/S records each as fast as the server acknowledges them. Prints acknowledged records per second.
// The tractors must be provisioned: --provision adds them to the database the environment names
// (DATA_DIR / DATABASE_URL, as for the server).
import { Socket } from 'node:net';
import { parseArgs } from 'node:util';
import { systemClock } from '../clock';
import { ConfigError, loadConfig } from '../config';
import { encodeImei } from '../devices/teltonika/encoder';
import { createDb } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { DEFAULT_DEVICE_MODEL } from '@tractorlink/domain/vehicles-rules';
import { DeviceModels } from '../modules/tractors/device-models';
import { TractorRegistry } from '../modules/tractors/registry';
import { findTractorByImei } from '../modules/tractors/repo';
import { counted } from './cli-words';
import { DeviceClient } from './device-client';
import { type SimProfile, type SimSample, simulateDay } from './farm-day';
import { loadProfiles } from './load-profiles';
import { sampleToAvl } from './to-avl';

const USAGE = `Usage: npm run sim -- [--tractors N] [--interval S] [--seconds T] [--host H] [--port P] [--burst] [--provision]

Simulated tractors connect to a running server's Teltonika port and send records, as real devices do.
  --tractors N   how many tractors (default 100, at most 100000)
  --interval S   seconds between one tractor's records (default 10)
  --seconds T    how long to run (default 60; 0 with --provision: provision only)
  --host H       the server's host (default 127.0.0.1)
  --port P       its Teltonika TCP port (default DEVICE_TCP_PORT if set, else 5027)
  --burst        send T/S records per tractor as fast as the server acknowledges them
  --provision    first add the tractors to the database the environment names (DATA_DIR / DATABASE_URL)
  --help         this text
Prints the records acknowledged per second.`;

/** The server's device port as `npm start` would take it from the same environment, else 5027. */
function defaultPort(): string {
  const fromEnv = process.env.DEVICE_TCP_PORT?.trim();
  return fromEnv && /^\d+$/.test(fromEnv) && Number(fromEnv) > 0 ? fromEnv : '5027';
}

function readArgs() {
  try {
    return parseArgs({
      options: {
        tractors: { type: 'string', default: '100' },
        interval: { type: 'string', default: '10' },
        host: { type: 'string', default: '127.0.0.1' },
        port: { type: 'string', default: defaultPort() },
        seconds: { type: 'string', default: '60' },
        provision: { type: 'boolean', default: false },
        burst: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }).values;
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
}

const values = readArgs();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const whole = (name: 'tractors' | 'interval' | 'seconds' | 'port', min: number, max: number): number => {
  const n = Number(values[name]);
  if (!Number.isInteger(n) || n < min || n > max) {
    console.error(`--${name}: expected a whole number ${min}-${max}\n\n${USAGE}`);
    process.exit(2);
  }
  return n;
};
const count = whole('tractors', 1, 100_000);
const intervalS = whole('interval', 1, 3600);
const seconds = whole('seconds', values.provision ? 0 : 1, 86_400);
const port = whole('port', 1, 65_535);

const profiles = loadProfiles(count);
if (values.provision) {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(2);
  }
  const db = createDb(config);
  await migrateToLatest(db);
  // Through the registry, as the provider provisions: the same checks as the operator API.
  const registry = new TractorRegistry({ db: db.kysely, clock: systemClock, models: DeviceModels.load(config.devices.modelsFile) });
  let created = 0;
  for (const p of profiles) {
    if (await findTractorByImei(db.kysely, p.imei)) continue;
    const n = p.imei.slice(-6);
    const outcome = await registry.provision({
      imei: p.imei,
      vin: `MBNLDTST0${n.padStart(8, '0')}`,
      engineNo: `LOAD${n}`,
      regNo: `MH15LD${n}`,
      model: 'Load 45',
      deviceModel: DEFAULT_DEVICE_MODEL,
      implementWidthM: p.implementWidthM,
      tankCapacityL: p.tankCapacityL,
      serviceIntervalH: 250,
      firstName: 'Load',
      lastName: 'Test',
      mobileNo: '9000000000',
      address: 'Load test',
      city: 'Nashik',
      pincode: '422001',
      state: 'Maharashtra',
      expiresOn: Math.floor(Date.now() / 1000) + 365 * 86_400,
    });
    if (!outcome.ok) throw new Error(`load tractor ${p.imei} refused: ${JSON.stringify(outcome.details)}`);
    created++;
  }
  await db.close();
  console.log(`provisioned ${counted(created, 'load tractor')}`);
  // --seconds 0: provisioning only (the ingestion bench times its burst apart from it).
  if (seconds === 0) process.exit(0);
}

/**
 * One connection before the fleet: a device client retries for ever (as a real device does), so a
 * server that is not running, or one that does not know these tractors, would leave the simulator
 * waiting in silence. Resolves with a sentence saying what is wrong, or undefined when the first
 * tractor's IMEI is accepted.
 */
function probe(host: string, port: number, imei: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    const socket = new Socket();
    let settled = false;
    const done = (problem: string | undefined) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(problem);
    };
    const timer = setTimeout(() => done(`${host}:${port} did not answer the IMEI within 10 s: is it TractorLink's device port (DEVICE_TCP_PORT)?`), 10_000);
    socket.once('connect', () => socket.write(encodeImei(imei)));
    socket.once('data', (answer) =>
      done(
        answer[0] === 0x01
          ? undefined
          : `The server at ${host}:${port} does not know the simulated tractors (IMEI ${imei} refused): add --provision, run with the server's DATA_DIR / DATABASE_URL.`,
      ),
    );
    socket.once('error', (err: NodeJS.ErrnoException) =>
      done(
        `Nothing answers on ${host}:${port} (${err.code ?? err.message}): start the server first (npm start), or point --host and --port at its device port (DEVICE_TCP_PORT).`,
      ),
    );
    socket.once('close', () =>
      done(
        `${host}:${port} closed the connection without answering the IMEI: a device port behind a balancer (DEVICE_PROXY_PROTOCOL) takes devices only through the balancer; point --port at the balancer's.`,
      ),
    );
    socket.connect(port, host);
  });
}

const problem = await probe(values.host, port, (profiles[0] as SimProfile).imei);
if (problem) {
  console.error(problem);
  process.exit(1);
}

// Each tractor replays a working day's samples, re-timed `intervalS` apart.
const clients = profiles.map((p) => new DeviceClient({ host: values.host, port, imei: p.imei, batch: 50 }));
const perTractor = Math.max(1, Math.ceil(seconds / intervalS));
const day = new Date().toISOString().slice(0, 10);
// Working samples where the day has them; a rest day's parked reports otherwise (a parked device
// reports too). Thousands of devices share 50 simulated days, each moved to the device's own home,
// and keep only the samples they will send: a day per device would cost minutes and gigabytes.
const TEMPLATES = 50;
const templates = new Map<number, SimSample[]>();
const samplesOf = (p: SimProfile, index: number): SimSample[] => {
  const k = index % TEMPLATES;
  let template = templates.get(k);
  const base = profiles[k] as SimProfile;
  if (!template) {
    const { samples } = simulateDay(base, { fuelL: 40, engineMin: 60_000, odometerM: 1e7, position: base.home }, day);
    const working = samples.filter((s) => s.ignition);
    template = (working.length > 0 ? working : samples).slice(0, perTractor);
    templates.set(k, template);
  }
  const dLat = p.home.lat - base.home.lat;
  const dLon = p.home.lon - base.home.lon;
  return template.map((s) => ({ ...s, lat: s.lat + dLat, lon: s.lon + dLon }));
};
let t0 = performance.now();
if (values.burst) {
  // Records are made before the clock starts: what is timed is the devices sending and the server acknowledging.
  const start = Date.now() - seconds * 1000;
  // Encoded into frames too: the simulator's encoding and its garbage would otherwise compete with the
  // server for the same cores during the burst.
  profiles.forEach((p, i) => clients[i]?.store(samplesOf(p, i).map((s, k) => sampleToAvl({ ...s, time: start + k * intervalS * 1000 }))));
  for (const client of clients) client.prepare();
  // Connected and accepted before the clock too, as devices are while they report: the burst is
  // their records streaming in, not a thousand handshakes arriving in the same second.
  await Promise.all(clients.map((client) => client.open()));
  t0 = performance.now();
  await Promise.all(
    clients.map(async (client) => {
      client.send();
      await client.drained();
    }),
  );
} else {
  await Promise.all(
    profiles.map(
      (p, i) =>
        new Promise<void>((resolve) => {
          const samples = samplesOf(p, i);
          const client = clients[i] as DeviceClient;
          let k = 0;
          // Staggered, so N devices do not all report in the same millisecond.
          setTimeout(
            () => {
              const timer = setInterval(() => {
                const s = samples[k % samples.length];
                if (s) client.enqueue([sampleToAvl({ ...s, time: Date.now() })]);
                if (++k >= perTractor) {
                  clearInterval(timer);
                  void client.drained().then(resolve);
                }
              }, intervalS * 1000);
            },
            (i / profiles.length) * intervalS * 1000,
          );
        }),
    ),
  );
}
const elapsed = (performance.now() - t0) / 1000;
const acked = clients.reduce((sum, c) => sum + c.stats.acknowledged, 0);
for (const c of clients) c.stop();
const rate = acked / elapsed;
// Under 10 a second (a few tractors at a real device's pace), whole numbers would round to 0.
console.log(
  `${counted(count, 'tractor')}: ${counted(acked, 'record')} acknowledged in ${elapsed.toFixed(2)} s = ${rate < 10 ? rate.toFixed(1) : Math.round(rate)} records/s`,
);
