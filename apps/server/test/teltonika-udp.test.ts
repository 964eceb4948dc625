import { describe, expect, it, vi } from 'vitest';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { LogCapture } from './support/log-capture';
import { useUdpPeers } from './support/teltonika-peer';
import { provisionTractor } from './support/tractors';

// UDP packets from shared/protocol/device-protocols.md §1.2 (Teltonika wiki UDP examples): Codec 8,
// 8 Extended and 16, each with its packet id (0xCAFE) and AVL packet id, and no CRC.
const U8 = '003DCAFE0105000F33353230393330383634303336353508010000016B4F815B30010000000000000000000000000000000103021503010101425DBC000001';
const U8E =
  '005FCAFE0107000F3335323039333038363430333635358E010000016B4F831C680100000000000000000000000000000000010005000100010100010011009D00010010015E2C880002000B000000003544C87A000E000000001DD7E06A000001';
const U16 =
  '0048CAFE0101000F33353230393430383532333135393210010000015117E40FE80000000000000000000000000000000000EF05050400010000030000B40000EF01010042111A000001';
const IMEI_A = '352093086403655';
const IMEI_B = '352094085231592';

const VECTORS_WEEK = Date.UTC(2019, 5, 13, 12);

describe.each(dbTargets)('Teltonika ingestion over UDP on $name', (target) => {
  const t = useTestApp(target);
  const openPeer = useUdpPeers();
  // The public vectors are from June 2019: the server's clock is set to their week, as records more
  // than a year old are refused.
  const start = async (logs?: LogCapture) => {
    t.clock.set(VECTORS_WEEK);
    const env = { DEVICE_TCP_PORT: '0', DEVICE_TCP_HOST: '127.0.0.1', ...(logs ? { LOG_LEVEL: 'info' } : {}) };
    const app = await t.build(env, { startDevices: true, ...(logs ? { logStream: logs } : {}) });
    const port = app.deviceUdpServer?.port;
    if (!port) throw new Error('UDP device server not started');
    const peer = await openPeer();
    return { app, port, peer };
  };
  const stored = (tractorId: string) =>
    t.database.db.kysely
      .selectFrom('telemetry')
      .select(['device_time', 'odometer_m', 'ignition'])
      .where('tractor_id', '=', tractorId)
      .orderBy('device_time')
      .execute();

  it('commits each packet, then acknowledges it with its packet id, AVL packet id and record count', async () => {
    const a = await provisionTractor(t.database.db.kysely, { imei: IMEI_A });
    const b = await provisionTractor(t.database.db.kysely, { imei: IMEI_B });
    const { port, peer } = await start();
    peer.send(port, U8);
    expect(await peer.answer(1)).toBe('0005CAFE010501');
    // The answer comes after the commit: the record is already readable.
    expect(await stored(a.id)).toEqual([{ device_time: 1560407006000, odometer_m: null, ignition: null }]);
    peer.send(port, U8E);
    expect(await peer.answer(2)).toBe('0005CAFE010701');
    expect((await stored(a.id)).at(-1)).toEqual({ device_time: 1560407121000, odometer_m: 22949000, ignition: null });
    t.clock.set(Date.UTC(2015, 10, 18, 12)); // the Codec 16 vector's day
    peer.send(port, U16);
    expect(await peer.answer(3)).toBe('0005CAFE010101');
    expect(await stored(b.id)).toEqual([{ device_time: 1447804801000, odometer_m: null, ignition: 1 }]);
  });

  it('stores a resent packet once and acknowledges it again', async () => {
    const a = await provisionTractor(t.database.db.kysely, { imei: IMEI_A });
    const { port, peer } = await start();
    peer.send(port, U8);
    await peer.answer(1);
    peer.send(port, U8);
    expect(await peer.answer(2)).toBe('0005CAFE010501');
    expect(await stored(a.id)).toHaveLength(1);
  });

  it('answers neither an unknown device nor a broken packet, and keeps serving the others', async () => {
    const a = await provisionTractor(t.database.db.kysely, { imei: IMEI_A });
    const logs = new LogCapture();
    const { port, peer } = await start(logs);
    peer.send(port, U16); // IMEI_B is not provisioned
    peer.send(port, Buffer.from(U8, 'hex').subarray(0, 40)); // cut short
    peer.send(port, Buffer.from('00FFCAFE01', 'hex')); // a length that does not match
    const messages = () => logs.records().map((r) => r.msg);
    // Two broken packets from one address: one warning (the next one would count the held-back one).
    await vi.waitFor(() => expect(messages().filter((m) => m === 'device packet dropped')).toHaveLength(1), { timeout: 5000, interval: 10 });
    await vi.waitFor(() => expect(messages()).toContain('unknown device refused'), { timeout: 5000, interval: 10 });
    expect(peer.answers).toEqual([]);
    peer.send(port, U8);
    expect(await peer.answer(1)).toBe('0005CAFE010501');
    expect(peer.answers).toHaveLength(1);
    expect(await stored(a.id)).toHaveLength(1);
  });

  it.each(['902070', '359881234567890'])("does not take a phone's id %s (the OsmAnd model, guarded by its key on HTTP) as a Teltonika IMEI", async (id) => {
    const phone = await provisionTractor(t.database.db.kysely, { imei: id, deviceModel: 'OsmAnd', deviceKey: `S3cret-for-${id}` });
    const logs = new LogCapture();
    const { port, peer } = await start(logs);
    // U8 with its IMEI (15 bytes at 8) replaced by the phone's id.
    const u8 = Buffer.from(U8, 'hex');
    const body = Buffer.concat([u8.subarray(2, 6), Buffer.of(0, id.length), Buffer.from(id), u8.subarray(23)]);
    const packet = Buffer.concat([Buffer.of(body.length >> 8, body.length & 0xff), body]);
    peer.send(port, packet);
    await vi.waitFor(() => expect(logs.records().map((r) => r.msg)).toContain('unknown device refused'), { timeout: 5000, interval: 10 });
    expect(peer.answers).toEqual([]);
    expect(await stored(phone.id)).toEqual([]);
  });

  it('is off with DEVICE_UDP_PORT=off while TCP stays on', async () => {
    const app = await t.build({ DEVICE_TCP_PORT: '0', DEVICE_TCP_HOST: '127.0.0.1', DEVICE_UDP_PORT: 'off' }, { startDevices: true });
    expect(app.deviceServer?.port).toBeGreaterThan(0);
    expect(app.deviceUdpServer).toBeUndefined();
  });
});
