import type { DeviceCommand } from '@tractorlink/domain/operator-api';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { RecordSink } from '../src/modules/telemetry/ingestor';
import { startTeltonikaServer } from '../src/devices/teltonika/server';
import { type AvlRecord, decodeTcpFrame, type IoElement } from '../src/devices/teltonika/codec';
import { encodeResponse } from '../src/devices/teltonika/codec12';
import { crc16Ibm } from '../src/devices/teltonika/crc16';
import { encodeCodec8eFrame, encodeImei } from '../src/devices/teltonika/encoder';
import { get, post } from './support/api';
import { dbTargets } from './support/db-targets';
import { testConfig, useTestApp } from './support/harness';
import { DevicePeer, readCommand } from './support/teltonika-peer';
import { provisionTractor } from './support/tractors';
import { validTractor } from './support/vehicles';

/**
 * How real Teltonika devices behave on a TCP connection (read boundaries, reconnects, resends, odd
 * frames, commands between records), through the real device server: after each case the rows
 * stored and the bytes sent back are checked.
 */

const IMEI = '356307042441013';
const OPERATOR_KEY = 'operator-key-for-tests-0123456789';
const key = { headers: { 'x-operator-key': OPERATOR_KEY } };

// Traccar's TeltonikaProtocolDecoderTest vectors: Codec 16 (generation type) with four records of
// July 2020, and Codec 8 Extended with a variable-length (NX) element (fault codes, IO 281) of April 2021.
const C16 =
  '00000000000003831004000001735ace37f80000e3b9331c71e290006900e211005100fd072e1600010100160300470300f00100150400b20000c80000ef01009000004f00005101005201005300005538006e00006f00007a03007d00007f5600890000fd0200fe1f09004326b00044000000b5000b00b6000600427029001800540046015d00ce4ec10080000f0f00f10000515400cd007404ab00d80f5022a1005000000054005400000000005600015568005700000060005800000420006800001113006d303330300071fffd8c85008700000020008800000002008a000155f5008b0000b86000000001735ace3ca80000e3b08a1c71dd29006900e311005100fd072e1600010100160300470300f00100150400b20000c80000ef01009000004f00005101005201005300005537006e00006f00007a03007d00007f5600890000fd0200fe1d09004326ac0044000000b5000b00b600060042701f001800540046015d00ce4ec10080000f0f00f10000515400cd007404ab00d80f5022ce00500000005400540000000000560001556800570000006000580000041f006800001113006d303330300071fffd8c85008700000020008800000002008a000155f5008b0000b86000000001735ace3fc80000e3a7c01c71d7c2006900e311005100fd072e1600010100160300470300f00100150400b20000c80000ef01009000004f00005101005201005300005537006e00006f00007a03007d00007f5600890000fd0200fe2309004326ac0044000000b5000b00b6000600427015001800540046015e00ce4ec10080000f0f00f10000515400cd007404ab00d80f5022e700500000005400540000000000560001556800570000006000580000041f006800001113006d303330300071fffd8c85008700000020008800000002008a000155f5008b0000b86000000001735ace3ffa0000e3a7c01c71d7c2006900e311005100fd072e1600010100160300470300f00100150400b20000c80000ef01009000004f00005101005201005300005537006e00006f00007a03007d00007f5600890000fd0300fe2309004326ac0044000000b5000b00b6000600427015001800540046015e00ce4ec10080000f0f00f10000515400cd007404ab00d80f5022e700500000005400540000000000560001556800570000006000580000041f006800001113006d303330300071fffd8c85008700000020008800000002008a000155f5008b0000b86000040000eb85';
const NX8E =
  '00000000000000a38e0100000178b11c9e1000040bbbc91f03190c002100e113001300000010000600ef0100f00100150300c800004501001e070005004237e00018000a00ce166200430f970024059f000300f10000665900c70000001e00100000a1b500000002010000115756315a5a5a32455a38363031353338380119002950303239392c50303637352c50303637342c50303637322c50303637312c50303437312c50324241430100001ad8';

/** A record as an FMB device on a tractor sends it every minute: the usual IO set, about 110 bytes. */
function fmbRecord(time: number, n = 0): AvlRecord {
  const io: IoElement[] = [
    { id: 239, size: 1, value: 1 }, // ignition
    { id: 240, size: 1, value: 1 }, // movement
    { id: 21, size: 1, value: 4 }, // GSM signal
    { id: 200, size: 1, value: 0 }, // sleep mode
    { id: 69, size: 1, value: 1 }, // GNSS status
    { id: 1, size: 1, value: 1 }, // DIN1 (PTO)
    { id: 66, size: 2, value: 13_800 }, // external voltage, mV
    { id: 67, size: 2, value: 4_100 }, // device battery, mV
    { id: 24, size: 2, value: 12 }, // speed
    { id: 181, size: 2, value: 9 }, // PDOP
    { id: 182, size: 2, value: 7 }, // HDOP
    { id: 89, size: 1, value: 61 }, // fuel level %
    { id: 16, size: 4, value: 1_000_000 + n * 200 }, // odometer, m
    { id: 199, size: 4, value: n * 200 }, // trip odometer
    { id: 241, size: 4, value: 40_445 }, // GSM operator
    { id: 11, size: 8, value: 8_991_000_000_000_000 }, // ICCID part 1
    { id: 14, size: 8, value: 1_234_567 }, // ICCID part 2
  ];
  return {
    timestamp: time,
    priority: 0,
    gps: { longitude: 73.98 + n * 1e-5, latitude: 20.17, altitude: 560, angle: 90, satellites: 11, speed: 12 },
    eventIoId: 0,
    io,
  };
}

/** A frame of `count` one-minute records ending a minute before `end`. */
const framesOf = (end: number, count: number, first = 0): Buffer =>
  encodeCodec8eFrame(Array.from({ length: count }, (_, i) => fmbRecord(end - (count - i) * 60_000, first + i)));

const count = async (device: DevicePeer) => (await device.read(4)).readUInt32BE(0);

const timesOf = (frame: Buffer) => decodeTcpFrame(frame).records.map((r) => r.timestamp);

/** The device port on a fresh app, one provisioned tractor, and how to read its stored record times. */
function deviceHarness(target: (typeof dbTargets)[number], writer: 'inline' | 'thread') {
  const t = useTestApp(target, { OPERATOR_KEY });
  // The writer thread cannot see a controlled clock: with it the records are dated from the real one.
  const now = () => (writer === 'inline' ? t.clock.now() : Date.now());
  const env = { DEVICE_TCP_PORT: '0', DEVICE_TCP_HOST: '127.0.0.1', DEVICE_UDP_PORT: 'off', INGEST_WRITER: writer };
  const threaded: FastifyInstance[] = [];
  afterEach(async () => {
    while (threaded.length > 0) await threaded.pop()?.close();
  });
  const build = async () => {
    if (writer === 'inline') return t.build(env, { startDevices: true });
    const app = await buildApp({ config: testConfig(t.database, { OPERATOR_KEY, ...env }), sms: t.sms, db: t.database.db, startDevices: true });
    threaded.push(app);
    return app;
  };
  const start = async () => {
    const app = await build();
    const tractor = await provisionTractor(t.database.db.kysely, { imei: IMEI });
    const port = app.deviceServer?.port;
    if (!port) throw new Error('device server not started');
    return { app, tractor, port };
  };
  const times = async (tractorId: string) =>
    (await t.database.db.kysely.selectFrom('telemetry').select('device_time').where('tractor_id', '=', tractorId).orderBy('device_time').execute()).map((r) =>
      Number(r.device_time),
    );
  return { t, now, build, start, times };
}

// Both ways records reach the database: on the main thread (the tests' default) and on the writer
// thread (production's), which acknowledges from another thread's commit.
const setups = dbTargets.flatMap((target) => (['inline', 'thread'] as const).map((writer) => ({ target, writer, name: target.name })));

describe.each(setups)('real devices on the Teltonika TCP port ($name, writer $writer)', ({ target, writer }) => {
  const { now, build, start, times } = deviceHarness(target, writer);

  it('takes the IMEI and the first frame in one segment: 01, then the record count', async () => {
    const { tractor, port } = await start();
    const device = await DevicePeer.connect(port);
    const frame = framesOf(now(), 2);
    device.send(Buffer.concat([encodeImei(IMEI), frame]));
    expect((await device.read(5)).toString('hex')).toBe('0100000002');
    expect(await times(tractor.id)).toEqual(timesOf(frame));
    device.end();
  });

  it('reassembles an IMEI and a frame cut inside their length fields, and a whole session sent a byte per segment', async () => {
    const { tractor, port } = await start();
    const frame = framesOf(now(), 1);
    const cut = await DevicePeer.connect(port);
    // Cut inside the IMEI's 2-byte length, then inside the frame's 4-byte data length.
    const stream = Buffer.concat([encodeImei(IMEI), frame]);
    const imeiEnd = 17;
    cut.send(stream.subarray(0, 1));
    cut.send(stream.subarray(1, imeiEnd + 6));
    expect((await cut.read(1))[0]).toBe(0x01);
    cut.send(stream.subarray(imeiEnd + 6));
    expect(await count(cut)).toBe(1);
    cut.end();

    const dribbled = framesOf(now() - 3600_000, 2, 10);
    const slow = await DevicePeer.connect(port);
    // A poor GPRS link: every byte its own segment, from the IMEI's first byte.
    for (const byte of Buffer.concat([encodeImei(IMEI), dribbled])) slow.send(Buffer.of(byte));
    expect((await slow.read(5)).toString('hex')).toBe('0100000002');
    expect(await times(tractor.id)).toEqual([...timesOf(dribbled), ...timesOf(frame)]);
    slow.end();
  });

  it('acknowledges two and three frames sent in one segment, one count per frame, in order', async () => {
    const { tractor, port } = await start();
    const device = await DevicePeer.connect(port);
    expect(await device.handshake(IMEI)).toBe(0x01);
    const frames = [framesOf(now() - 50 * 60_000, 3, 0), framesOf(now() - 40 * 60_000, 1, 3), framesOf(now() - 30 * 60_000, 2, 4)];
    device.send(Buffer.concat(frames.slice(0, 2)));
    expect((await device.read(8)).toString('hex')).toBe('0000000300000001');
    const more = [framesOf(now() - 20 * 60_000, 1, 6), framesOf(now() - 10 * 60_000, 4, 7)];
    device.send(Buffer.concat([frames[2] as Buffer, ...more]));
    expect((await device.read(12)).toString('hex')).toBe('000000020000000100000004');
    expect(await times(tractor.id)).toEqual([...frames, ...more].flatMap(timesOf));
    device.end();
  });

  it('acknowledges a frame followed by half of the next at once, and the next when its rest comes', async () => {
    const { tractor, port } = await start();
    const device = await DevicePeer.connect(port);
    await device.handshake(IMEI);
    const first = framesOf(now() - 30 * 60_000, 2, 0);
    const second = framesOf(now() - 10 * 60_000, 3, 2);
    const half = Math.floor(second.length / 2);
    device.send(Buffer.concat([first, second.subarray(0, half)]));
    expect(await count(device)).toBe(2);
    expect(await times(tractor.id)).toEqual(timesOf(first));
    device.send(second.subarray(half));
    expect(await count(device)).toBe(3);
    // A third frame's count comes next: no stray acknowledgement was sent in between.
    expect(await device.sendFrame(framesOf(now(), 1, 5))).toBe(1);
    expect(await times(tractor.id)).toHaveLength(6);
    device.end();
  });

  it('closes the old connection when the same IMEI connects again (its link died silently); the new one works and nothing is lost or stored twice', async () => {
    const { tractor, port } = await start();
    const old = await DevicePeer.connect(port);
    expect(await old.handshake(IMEI)).toBe(0x01);
    const a = framesOf(now() - 30 * 60_000, 2, 0);
    expect(await old.sendFrame(a)).toBe(2);
    // The link dies as the device sends its next frame, and half of the one after: the first is
    // committed but its acknowledgement never reaches the device; the half frame never completes.
    const b = framesOf(now() - 20 * 60_000, 3, 2);
    const c = framesOf(now() - 10 * 60_000, 2, 5);
    old.send(Buffer.concat([b, c.subarray(0, 20)]));

    const fresh = await DevicePeer.connect(port);
    expect(await fresh.handshake(IMEI)).toBe(0x01);
    await old.whenClosed();
    // The device resends what it has no acknowledgement for, then carries on.
    expect(await fresh.sendFrame(b)).toBe(3);
    expect(await fresh.sendFrame(c)).toBe(2);
    expect(await times(tractor.id)).toEqual([a, b, c].flatMap(timesOf));
    fresh.end();
  });

  it('stores once and acknowledges with the right count a frame the device resends after reconnecting (the ACK was lost)', async () => {
    const { tractor, port } = await start();
    const first = await DevicePeer.connect(port);
    await first.handshake(IMEI);
    const frame = framesOf(now(), 5);
    first.send(frame);
    // The server committed and answered, but the count was lost on the way and the link went down.
    await first.read(4);
    first.end();
    const again = await DevicePeer.connect(port);
    expect(await again.handshake(IMEI)).toBe(0x01);
    expect(await again.sendFrame(frame)).toBe(5);
    expect(await times(tractor.id)).toEqual(timesOf(frame));
    again.end();
  });

  it('acknowledges a frame of no records with 0 and keeps the connection', async () => {
    const { tractor, port } = await start();
    const device = await DevicePeer.connect(port);
    await device.handshake(IMEI);
    // Codec 8 Extended, no records: preamble, data length 3, codec, count 0, count 0, CRC.
    const empty = Buffer.from('00000000000000038e00000000000000', 'hex').subarray(0, 15);
    empty.writeUInt32BE(crc16Ibm(empty, 8, 11), 11);
    expect(await device.sendFrame(empty)).toBe(0);
    expect(await times(tractor.id)).toEqual([]);
    expect(await device.sendFrame(framesOf(now(), 1))).toBe(1);
    device.end();
  });

  it('stores a frame of 255 records of realistic size (a backlog) and acknowledges 255', async () => {
    const { tractor, port } = await start();
    const device = await DevicePeer.connect(port);
    await device.handshake(IMEI);
    const frame = framesOf(now(), 255);
    expect(frame.length).toBeGreaterThan(25_000);
    expect(await device.sendFrame(frame)).toBe(255);
    expect(await times(tractor.id)).toEqual(timesOf(frame));
    device.end();
  });

  it('acknowledges a good frame sent before one with a wrong CRC, not the bad one, and closes; the device resends it on a new connection and it is stored once', async () => {
    const { tractor, port } = await start();
    const device = await DevicePeer.connect(port);
    await device.handshake(IMEI);
    const good = framesOf(now() - 20 * 60_000, 2, 0);
    const next = framesOf(now() - 10 * 60_000, 3, 2);
    const damaged = Buffer.from(next);
    damaged.writeUInt8(damaged.readUInt8(40) ^ 0x01, 40); // one bit flipped on the air
    device.send(Buffer.concat([good, damaged]));
    expect(await count(device)).toBe(2);
    await device.whenClosed();
    expect(await times(tractor.id)).toEqual(timesOf(good));
    // What an FMB device does next: it reconnects and sends the unacknowledged records again.
    const again = await DevicePeer.connect(port);
    expect(await again.handshake(IMEI)).toBe(0x01);
    expect(await again.sendFrame(next)).toBe(3);
    expect(await times(tractor.id)).toEqual([...timesOf(good), ...timesOf(next)]);
    again.end();
  });

  it('takes a Codec 12 reply interleaved with record frames, in one segment either way, and keeps acknowledging', async () => {
    const app = await build();
    const tractor = validTractor(1);
    expect((await post(app, 'operator/tractors', tractor, key)).statusCode).toBe(201);
    for (const command of ['getinfo', 'getver', 'getgps'])
      expect((await post(app, `operator/tractors/${tractor.vin}/commands`, { command }, key)).statusCode).toBe(201);
    const list = async () => (await get(app, `operator/tractors/${tractor.vin}/commands`, key)).json<{ data: DeviceCommand[] }>().data;

    const device = await DevicePeer.connect(app.deviceServer?.port as number);
    expect(await device.handshake(tractor.imei)).toBe(0x01);
    expect(await device.sendFrame(framesOf(now() - 50 * 60_000, 1, 0))).toBe(1);
    expect(await readCommand(device)).toBe('getinfo');
    // Records due before the reply: acknowledged, and no second command while the first is unanswered.
    expect(await device.sendFrame(framesOf(now() - 40 * 60_000, 2, 1))).toBe(2);
    // A record frame and the reply in one segment: the count, then the next command.
    device.send(Buffer.concat([framesOf(now() - 30 * 60_000, 1, 3), encodeResponse('RTC:2026/11/21 6:29 GPS:3 SAT:9')]));
    expect(await count(device)).toBe(1);
    expect(await readCommand(device)).toBe('getver');
    // The reply first, then a record frame, in one segment: the next command, then the count.
    device.send(Buffer.concat([encodeResponse('Ver:03.27.07_00 GPS:AXN_5.10_3333 Hw:FMB920'), framesOf(now() - 20 * 60_000, 3, 4)]));
    expect(await readCommand(device)).toBe('getgps');
    expect(await count(device)).toBe(3);
    device.send(encodeResponse('GPS:1 Sat:9 Lat:20.17 Long:73.98'));
    await expect
      .poll(async () => (await list()).map((c) => [c.command, c.status, c.reply]), { timeout: 5000 })
      .toEqual([
        ['getgps', 'answered', 'GPS:1 Sat:9 Lat:20.17 Long:73.98'],
        ['getver', 'answered', 'Ver:03.27.07_00 GPS:AXN_5.10_3333 Hw:FMB920'],
        ['getinfo', 'answered', 'RTC:2026/11/21 6:29 GPS:3 SAT:9'],
      ]);
    expect(await device.sendFrame(framesOf(now() - 10 * 60_000, 1, 7))).toBe(1);
    device.end();
  });
});

describe.each(dbTargets)("real devices' frames of other codecs on the Teltonika TCP port ($name)", (target) => {
  const { t, start, times } = deviceHarness(target, 'inline');

  it.each([
    ['Codec 16 with generation type', C16, 4],
    ['Codec 8 Extended with a variable-length (NX) element', NX8E, 1],
  ])('stores a real %s frame and acknowledges its count', async (_name, hex, records) => {
    const frame = Buffer.from(hex, 'hex');
    const stamps = timesOf(frame);
    t.clock.set(Math.max(...stamps) + 60_000); // the vector's day: records over a year old are not stored
    const { tractor, port } = await start();
    const device = await DevicePeer.connect(port);
    await device.handshake(IMEI);
    expect(await device.sendFrame(frame)).toBe(records);
    expect(await times(tractor.id)).toEqual([...new Set(stamps)].sort((x, y) => x - y));
    device.end();
  });
});

describe('a command taken for a device whose connection closes meanwhile', () => {
  it('goes back to the queue (it was never written), instead of waiting as sent for ever', async () => {
    let release: (command: { id: string; command: string }) => void = () => undefined;
    const taken = new Promise<{ id: string; command: string }>((resolve) => (release = resolve));
    const requeued: string[] = [];
    const sink: RecordSink = {
      submit: async (_p, records) => ('count' in records ? records.count : records.length),
      idle: async () => undefined,
      connected: () => undefined,
      replayDue: async () => 0,
    };
    const server = await startTeltonikaServer({
      host: '127.0.0.1',
      port: 0,
      lookup: async () => ({ profile: { id: 'tractor-1', implementWidthM: 2, tankCapacityL: 60 }, model: 'FMB920', ioRules: [] }),
      ingestor: sink,
      log: { info: () => undefined, warn: () => undefined },
      commands: { take: () => taken, answered: async () => undefined, unanswered: async (id) => void requeued.push(id) },
    });
    try {
      const device = await DevicePeer.connect(server.port);
      await device.handshake(IMEI);
      expect(await device.sendFrame(framesOf(Date.now(), 1))).toBe(1);
      // The device goes while the server is still taking a command for it (a database round trip).
      device.end();
      await expect.poll(() => server.connections(), { timeout: 5000 }).toBe(0);
      release({ id: 'command-1', command: 'getinfo' });
      await expect.poll(() => requeued, { timeout: 5000 }).toEqual(['command-1']);
    } finally {
      await server.close();
    }
  });
});
