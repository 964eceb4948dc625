import { describe, expect, it } from 'vitest';
import { crc16Ibm } from '../src/devices/teltonika/crc16';
import { encodeCodec8eFrame } from '../src/devices/teltonika/encoder';
import { seededRandom } from '../src/sim/random';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { standingRecord } from './support/teltonika-frames';
import { DevicePeer } from './support/teltonika-peer';
import { TEST_START } from './support/test-clock';
import { provisionTractor } from './support/tractors';

// Frames from shared/protocol/device-protocols.md §1.2.
const W1 = '000000000000003608010000016B40D8EA30010000000000000000000000000000000105021503010101425E0F01F10000601A014E0000000000000000010000C7CF';
const W3 =
  '000000000000004308020000016B40D57B480100000000000000000000000000000001010101000000000000016B40D5C198010000000000000000000000000000000101010101000000020000252C';
const W4 =
  '000000000000004A8E010000016B412CEE000100000000000000000000000000000000010005000100010100010011001D00010010015E2C880002000B000000003544C87A000E000000001DD7E06A00000100002994';
const IMEI = '356307042441013';

const VECTORS_WEEK = Date.UTC(2019, 5, 13, 12);

describe.each(dbTargets)('Teltonika ingestion over TCP on $name', (target) => {
  const t = useTestApp(target);
  // The public vectors are from June 2019: the server's clock is set to their week, as records more
  // than a year old are refused.
  const start = async (clockAt: number = VECTORS_WEEK) => {
    t.clock.set(clockAt);
    const app = await t.build({ DEVICE_TCP_PORT: '0', DEVICE_TCP_HOST: '127.0.0.1' }, { startDevices: true });
    const tractor = await provisionTractor(t.database.db.kysely, { imei: IMEI });
    const port = app.deviceServer?.port;
    if (!port) throw new Error('device server not started');
    return { app, tractor, port };
  };
  const stored = (tractorId: string) =>
    t.database.db.kysely
      .selectFrom('telemetry')
      .select(['device_time', 'ignition', 'odometer_m'])
      .where('tractor_id', '=', tractorId)
      .orderBy('device_time')
      .execute();

  it('accepts a provisioned IMEI with 01 and acknowledges the committed record count', async () => {
    const { tractor, port } = await start();
    const device = await DevicePeer.connect(port);
    expect(await device.handshake(IMEI)).toBe(0x01);
    expect(await device.sendFrame(W1)).toBe(1);
    // The acknowledgement comes after the commit: the row is already readable.
    expect(await stored(tractor.id)).toEqual([{ device_time: 1560161086000, ignition: null, odometer_m: null }]);
    expect(await device.sendFrame(W3)).toBe(2);
    expect(await device.sendFrame(W4)).toBe(1);
    const rows = await stored(tractor.id);
    expect(rows.map((r) => r.device_time)).toEqual([1560160861000, 1560160879000, 1560161086000, 1560166592000]);
    expect(rows.at(-1)?.odometer_m).toBe(22949000); // IO 16 of W4 through the FMB mapping
    device.end();
  });

  it('keeps every mapped reading: fuel-used counter, device battery, GSM signal, movement, oil and air-filter switches; counts NX elements', async () => {
    const { tractor, port } = await start(TEST_START);
    const device = await DevicePeer.connect(port);
    await device.handshake(IMEI);
    const record = (time: number, fuelUsedTenths: number) =>
      standingRecord(time, [
        { id: 239, size: 1, value: 1 },
        { id: 240, size: 1, value: 1 },
        { id: 3, size: 1, value: 1 },
        { id: 4, size: 1, value: 0 },
        { id: 21, size: 1, value: 4 },
        { id: 67, size: 2, value: 4100 },
        { id: 83, size: 4, value: fuelUsedTenths },
        { id: 385, size: 3, value: undefined, bytes: Uint8Array.of(1, 2, 3) },
      ]);
    const t0 = Date.UTC(2026, 10, 21, 4, 0);
    expect(await device.sendFrame(encodeCodec8eFrame([record(t0, 12_345), record(t0 + 600_000, 12_360)]))).toBe(2);
    const rows = await t.database.db.kysely
      .selectFrom('telemetry')
      .select(['movement', 'oil_low', 'air_filter', 'gsm', 'batt_v', 'fuel_used_l', 'attributes'])
      .where('tractor_id', '=', tractor.id)
      .orderBy('device_time')
      .execute();
    expect(rows[0]).toMatchObject({ movement: 1, oil_low: 1, air_filter: 0, gsm: 4, attributes: JSON.stringify({ ioNx: 1 }) });
    expect(rows[0]?.batt_v).toBeCloseTo(4.1, 6);
    expect(rows.map((r) => r.fuel_used_l)).toEqual([1234.5, 1236]);
    // The counter's 1.5 L is the consumption of those ten minutes.
    const hours = await t.database.db.kysely.selectFrom('usage_hourly').select(['fuel_counter_l']).where('tractor_id', '=', tractor.id).execute();
    expect(hours.reduce((sum, h) => sum + h.fuel_counter_l, 0)).toBeCloseTo(1.5, 6);
    device.end();
  });

  it('refuses an unknown IMEI with 00 and closes', async () => {
    const { port } = await start();
    const device = await DevicePeer.connect(port);
    expect(await device.handshake('490154203237518')).toBe(0x00);
    await device.whenClosed();
  });

  it.each(['902070', '359881234567890'])(
    "refuses a phone's id %s (the OsmAnd model, guarded by its key on HTTP; a phone may send its own IMEI) as a Teltonika IMEI, so the key cannot be gone round",
    async (id) => {
      const { port } = await start(TEST_START);
      const phone = await provisionTractor(t.database.db.kysely, { imei: id, deviceModel: 'OsmAnd', deviceKey: `S3cret-for-${id}` });
      const device = await DevicePeer.connect(port);
      expect(await device.handshake(id)).toBe(0x00);
      await device.whenClosed();
      expect(await stored(phone.id)).toEqual([]);
    },
  );

  it("lets go of frames that are not positions — Codec 13 (a serial reader's text), a camera's Codec 12 — without an acknowledgement, and keeps the connection", async () => {
    const { tractor, port } = await start();
    const device = await DevicePeer.connect(port);
    // A keep-alive byte may come before the IMEI too.
    device.send('ff');
    expect(await device.handshake(IMEI)).toBe(0x01);
    // Traccar's vectors: an RFID reader's line in Codec 13, and a DualCam's Codec 12 of type 0x0D.
    device.send('00000000000000240d01060000001c642b3ad14754534c7c367c317c307c31323734393838347c317c0d0a010000ec11');
    device.send('00000000000000090c010D00000001000100000CD8');
    // No acknowledgement came for those (else this would read it), and the connection is open.
    expect(await device.sendFrame(W1)).toBe(1);
    expect(await stored(tractor.id)).toHaveLength(1);
    device.end();
  });

  it('stores a resent record once and still acknowledges it', async () => {
    const { tractor, port } = await start();
    const device = await DevicePeer.connect(port);
    await device.handshake(IMEI);
    expect(await device.sendFrame(W3)).toBe(2);
    expect(await device.sendFrame(W3)).toBe(2);
    expect(await stored(tractor.id)).toHaveLength(2);
    device.end();
  });

  it('reassembles frames sent a byte at a time', async () => {
    const { tractor, port } = await start();
    const device = await DevicePeer.connect(port);
    await device.handshake(IMEI);
    for (const byte of Buffer.from(W3, 'hex')) device.send(Buffer.of(byte));
    expect((await device.read(4)).readUInt32BE(0)).toBe(2);
    expect(await stored(tractor.id)).toHaveLength(2);
    device.end();
  });

  /** Two devices connected, both past the handshake (a device connecting anew replaces its own old connection). */
  const healthyAndBroken = async (port: number) => {
    const other = await provisionTractor(t.database.db.kysely, { imei: '356307042441021' });
    const healthy = await DevicePeer.connect(port);
    await healthy.handshake('356307042441021');
    const broken = await DevicePeer.connect(port);
    await broken.handshake(IMEI);
    return { healthy, broken, other };
  };

  it('closes on a corrupted CRC, stores nothing from it, and other connections keep working', async () => {
    const { tractor, port } = await start();
    const { healthy, broken, other } = await healthyAndBroken(port);
    const bad = Buffer.from(W1, 'hex');
    bad.writeUInt8(bad.readUInt8(bad.length - 1) ^ 0xff, bad.length - 1);
    broken.send(bad);
    await broken.whenClosed();
    expect(await stored(tractor.id)).toHaveLength(0);
    expect(await healthy.sendFrame(W1)).toBe(1);
    const again = await DevicePeer.connect(port);
    expect(await again.handshake(IMEI)).toBe(0x01);
    expect(await again.sendFrame(W3)).toBe(2);
    expect(await stored(tractor.id)).toHaveLength(2);
    expect(await stored(other.id)).toHaveLength(1);
    healthy.end();
    again.end();
  });

  it('closes on a frame with a right CRC but records that do not decode, stores nothing of it, and commits a healthy frame sent beside it', async () => {
    const { tractor, port } = await start();
    const { healthy, broken, other } = await healthyAndBroken(port);
    // W3 says 2 records at the start and 3 at the end; the CRC is made right, so only decoding finds it.
    const bad = Buffer.from(W3, 'hex');
    const countAt = bad.length - 5;
    bad.writeUInt8(3, countAt);
    bad.writeUInt32BE(crc16Ibm(bad, 8, countAt + 1), countAt + 1);
    broken.send(bad);
    const ack = healthy.sendFrame(W1);
    await broken.whenClosed();
    expect(await ack).toBe(1);
    expect(await stored(tractor.id)).toEqual([]);
    expect((await stored(other.id)).map((r) => r.device_time)).toEqual([1560161086000]);
    healthy.end();
  });

  it('acknowledges a record dated past 2^53 ms (a corrupt clock) without storing it, keeps the good record beside it and the connection', async () => {
    const { tractor, port } = await start(TEST_START);
    const device = await DevicePeer.connect(port);
    await device.handshake(IMEI);
    const t0 = TEST_START - 60_000;
    const frame = encodeCodec8eFrame([standingRecord(t0 - 1000), standingRecord(t0)]);
    // The first record's 8-byte time becomes all ones; the CRC is made right again.
    frame.fill(0xff, 10, 18);
    frame.writeUInt32BE(crc16Ibm(frame, 8, frame.length - 4), frame.length - 4);
    expect(await device.sendFrame(frame)).toBe(2);
    expect((await stored(tractor.id)).map((r) => Number(r.device_time))).toEqual([t0]);
    // Not resent for ever: the device goes on to its next frame on the same connection.
    expect(await device.sendFrame(encodeCodec8eFrame([standingRecord(t0 + 1000)]))).toBe(1);
    expect(await stored(tractor.id)).toHaveLength(2);
    device.end();
  });

  it('closes on an oversize frame header without waiting for its body', async () => {
    const { port } = await start();
    const device = await DevicePeer.connect(port);
    await device.handshake(IMEI);
    device.send('0000000000100000');
    await device.whenClosed();
  });

  it('survives a seeded fuzz run of 10,000 random inputs and keeps serving', { timeout: 120_000 }, async () => {
    const { app, tractor, port } = await start();
    const random = seededRandom(20261121);
    const valid = [W1, W3, W4].map((h) => Buffer.from(h, 'hex'));
    const input = (i: number): Buffer => {
      const kind = i % 4;
      if (kind === 0) return Buffer.from(Array.from({ length: 1 + Math.floor(random() * 200) }, () => Math.floor(random() * 256)));
      // Mutations of valid frames: flipped bytes, truncations, wrong lengths.
      const base = Buffer.from(valid[Math.floor(random() * valid.length)] as Buffer);
      const flips = 1 + Math.floor(random() * 4);
      for (let f = 0; f < flips; f++) {
        const at = Math.floor(random() * base.length);
        base.writeUInt8(Math.floor(random() * 256), at);
      }
      return kind === 1 ? base : base.subarray(0, Math.floor(random() * base.length));
    };
    const INPUTS = 10_000;
    const PER_CONNECTION = 20;
    const PARALLEL = 25;
    let sent = 0;
    const worker = async () => {
      while (sent < INPUTS) {
        const device = await DevicePeer.connect(port);
        // Half the connections fuzz after a valid handshake, half from the first byte.
        if (random() < 0.5) await device.handshake(IMEI).catch(() => undefined);
        for (let k = 0; k < PER_CONNECTION && sent < INPUTS && !device.closed; k++) {
          device.send(input(sent++));
        }
        device.end();
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    expect(sent).toBe(INPUTS);
    // Still healthy: the API answers and a real device still gets its records stored.
    expect((await app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
    const device = await DevicePeer.connect(port);
    expect(await device.handshake(IMEI)).toBe(0x01);
    expect(await device.sendFrame('000000000000002808010000016B40D9AD80010000000000000000000000000000000103021503010101425E100000010000F22A')).toBe(1);
    expect((await stored(tractor.id)).map((r) => r.device_time)).toContain(1560161136000);
    device.end();
  });
});
