import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { AvlRecord } from '../src/devices/teltonika/codec';
import { crc16Ibm } from '../src/devices/teltonika/crc16';
import { encodeCodec8eFrame } from '../src/devices/teltonika/encoder';
import type { TractorRow } from '../src/modules/tractors/repo';
import { LocalSmsProvider } from '../src/providers/sms/local-sms';
import type { WriterThread } from '../src/writer/client';
import { post, registerOwner } from './support/api';
import { at, engineOn, ingest, series, storedAlerts } from './support/alerts';
import { dbTargets, type TestDatabase } from './support/db-targets';
import { createGeofence, polygonBody, rectangle } from './support/geofences';
import { silent, testConfig } from './support/harness';
import { DevicePeer } from './support/teltonika-peer';
import { MINUTE, SECOND } from './support/test-clock';
import { provisionTractor } from './support/tractors';

/**
 * INGEST_WRITER=thread: records are decoded, derived and committed on the writer thread, with its
 * own database connection, and acknowledged after its commit. The app runs on the system clock
 * (a controlled one cannot reach the thread), so the readings are dated from now.
 */

const IMEI = '356307042441013';

/** A record of a tractor standing with the engine on, `i` seconds from `from`. */
const avl = (from: number, i: number): AvlRecord => ({
  timestamp: from + i * 1000,
  priority: 0,
  gps: { longitude: 73.98, latitude: 20.16, altitude: 560, angle: 0, satellites: 9, speed: 0 },
  eventIoId: 0,
  io: [{ id: 239, size: 1, value: 1 }],
});

/** The writer thread of an app built with INGEST_WRITER=thread. */
const writerOf = (app: FastifyInstance): WriterThread => {
  const writer = app.services.writer;
  if (!writer) throw new Error('no writer thread');
  return writer;
};

describe.each(dbTargets)('the ingestion writer thread on $name', (target) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let sms: LocalSmsProvider;
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => {
    await database.dispose();
  });
  beforeEach(async () => {
    await database.reset();
    sms = new LocalSmsProvider({ now: Date.now }, silent);
    app = await buildApp({
      config: testConfig(database, { INGEST_WRITER: 'thread', DEVICE_TCP_PORT: '0', DEVICE_TCP_HOST: '127.0.0.1' }),
      sms,
      db: database.db,
      startDevices: true,
    });
  });
  afterEach(async () => {
    await app.close();
  });

  const db = () => database.db.kysely;
  const storedTimes = async (tractorId: string) =>
    (await db().selectFrom('telemetry').select('device_time').where('tractor_id', '=', tractorId).orderBy('device_time').execute()).map((r) => r.device_time);
  const connect = async () => {
    const port = app.deviceServer?.port;
    if (!port) throw new Error('device server not started');
    const device = await DevicePeer.connect(port);
    expect(await device.handshake(IMEI)).toBe(0x01);
    return device;
  };
  const ownerWithTractor = async (): Promise<{ token: string; tractor: TractorRow }> => {
    const owner = await registerOwner(app, sms, { mobileNo: '9876543210' });
    const tractor = await provisionTractor(db(), { mobileNo: '9876543210', imei: IMEI });
    const res = await post(app, 'vehicles/claim', { vin: tractor.vin }, { token: owner.accessToken });
    expect(res.statusCode, res.body).toBe(200);
    return { token: owner.accessToken, tractor };
  };

  it('runs below the thread that serves HTTP and sockets (INGEST_WRITER_NICE, 10 by default)', async () => {
    // Each thread's niceness is field 19 of /proc/self/task/<tid>/stat (the fields after the name's ')').
    const niceness = () =>
      readdirSync('/proc/self/task').map((tid) => Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]?.split(' ')[16]));
    await expect.poll(() => niceness().includes(10), { timeout: 10_000 }).toBe(true);
    expect(niceness().filter((n) => n === 10)).toHaveLength(1);
    expect(niceness()).toContain(0);
  });

  it('acknowledges a Teltonika frame after the writer commits it, and a resent frame stores nothing twice', async () => {
    const tractor = await provisionTractor(db(), { imei: IMEI });
    const from = Date.now() - 10 * MINUTE;
    const device = await connect();
    const frame = encodeCodec8eFrame(Array.from({ length: 20 }, (_, i) => avl(from, i)));
    expect(await device.sendFrame(frame)).toBe(20);
    // Readable as soon as the device is acknowledged.
    expect(await storedTimes(tractor.id)).toHaveLength(20);
    expect(await device.sendFrame(frame)).toBe(20);
    expect(await device.sendFrame(encodeCodec8eFrame([avl(from, 20)]))).toBe(1);
    expect(await storedTimes(tractor.id)).toHaveLength(21);
    device.end();
  });

  it('a frame whose records do not decode closes that connection unacknowledged; the writer goes on', async () => {
    const tractor = await provisionTractor(db(), { imei: IMEI });
    const from = Date.now() - 10 * MINUTE;
    // Valid envelope and CRC, but the second record count disagrees with the first: found only when decoding, on the writer.
    const good = encodeCodec8eFrame([avl(from, 0)]);
    const bad = Buffer.from(good);
    bad[bad.length - 5] = 2;
    bad.writeUInt32BE(crc16Ibm(bad, 8, bad.length - 4), bad.length - 4);
    const device = await connect();
    await expect(device.sendFrame(bad)).rejects.toThrow();
    expect(await storedTimes(tractor.id)).toEqual([]);
    const again = await connect();
    expect(await again.sendFrame(good)).toBe(1);
    expect(await storedTimes(tractor.id)).toEqual([from]);
    again.end();
  });

  it('alerts are raised on the writer; a settings change made on the API side reaches its rules at once', async () => {
    const { tractor } = await ownerWithTractor();
    const t0 = Date.now() - 60 * MINUTE;
    const hot = (start: number) => series(start, 72, 5 * SECOND, () => engineOn({ coolantC: 110 }));
    await ingest(app, tractor, hot(t0));
    expect(await storedAlerts(db(), tractor.id)).toEqual(['A0003']);
    // Turned off by the owner: without the writer hearing of it, its cached settings would alert again.
    await db()
      .insertInto('alert_configs')
      .values({ tractor_id: tractor.id, type_id: 'A0003', enabled: 0, threshold: null, duration_s: null, updated_by: 'test', updated_at: Date.now() })
      .execute();
    app.services.alerts.invalidate(tractor.id);
    await ingest(
      app,
      tractor,
      series(t0 + 10 * MINUTE, 12, 5 * SECOND, () => engineOn({ coolantC: 80 })),
    );
    await ingest(app, tractor, hot(t0 + 20 * MINUTE));
    expect(await storedAlerts(db(), tractor.id)).toEqual(['A0003']);
  });

  it('a geofence drawn after the writer cached the tractor’s list is watched from the next record', async () => {
    const { token, tractor } = await ownerWithTractor();
    const t0 = Date.now() - 60 * MINUTE;
    await ingest(
      app,
      tractor,
      series(t0, 6, 10 * SECOND, () => engineOn(at(0, 0))),
    );
    const body = polygonBody('North-Field', rectangle(-200, -200, 400, 400), { vins: [tractor.vin] });
    await createGeofence(app, token, body);
    await ingest(
      app,
      tractor,
      series(t0 + 5 * MINUTE, 6, 10 * SECOND, () => engineOn(at(0, 0))),
    );
    await ingest(
      app,
      tractor,
      series(t0 + 10 * MINUTE, 40, 10 * SECOND, (i) => engineOn({ speedKmh: 7, ...at(i * 20, 0) })),
    );
    await ingest(
      app,
      tractor,
      series(t0 + 20 * MINUTE, 6, 10 * SECOND, () => engineOn(at(800, 0))),
    );
    expect(await storedAlerts(db(), tractor.id)).toEqual(['A0110']);
  });

  it('when the writer thread dies, what it had not committed is refused and a new thread takes over', async () => {
    const tractor = await provisionTractor(db(), { imei: IMEI });
    const from = Date.now() - 10 * MINUTE;
    const writer = writerOf(app);
    const pending = ingest(
      app,
      tractor,
      series(from, 50, SECOND, () => engineOn()),
    );
    // The thread killed as if it had crashed (a test's reach into the client: nothing else stops it).
    await (writer as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
    const outcome = await pending.then(
      () => 'committed',
      () => 'refused',
    );
    const kept = await storedTimes(tractor.id);
    // Either it committed before the kill (all 50 kept) or it was refused (none kept): never a part.
    expect(kept).toHaveLength(outcome === 'committed' ? 50 : 0);
    let stored = 0;
    for (let attempt = 0; attempt < 100 && stored === 0; attempt++) {
      stored = await ingest(
        app,
        tractor,
        series(from + MINUTE, 10, SECOND, () => engineOn()),
      ).catch(async () => {
        await new Promise((r) => setTimeout(r, 100)); // the new thread starts a second after the death
        return 0;
      });
    }
    expect(stored).toBe(10);
    expect(await storedTimes(tractor.id)).toHaveLength(kept.length + 10);
  });

  if (target.name === 'sqlite')
    it('commits while the thread that serves HTTP and sockets is busy', async () => {
      const tractor = await provisionTractor(db(), { imei: IMEI });
      const from = Date.now() - 10 * MINUTE;
      const reader = new SQLite(path.join(database.dataDir, 'tractorlink.db'), { readonly: true });
      try {
        const count = reader.prepare('SELECT count(*) AS n FROM telemetry WHERE tractor_id = ?');
        const committed = ingest(
          app,
          tractor,
          series(from, 30, SECOND, () => engineOn()),
        );
        // This thread busy (nothing of it runs) until the rows appear: only another thread can commit them.
        const deadline = Date.now() + 10_000;
        let seen = 0;
        while (seen < 30 && Date.now() < deadline) seen = (count.get(tractor.id) as { n: number }).n;
        expect(seen).toBe(30);
        expect(await committed).toBe(30);
      } finally {
        reader.close();
      }
    });
});
