import type { DeviceCommand } from '@tractorlink/domain/operator-api';
import type { KyselyPlugin } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { localWakeups } from '../src/db/wakeups';
import { DeviceCommands, waitingTractors } from '../src/modules/commands/service';
import { encodeResponse } from '../src/devices/teltonika/codec12';
import { encodeCodec8eFrame } from '../src/devices/teltonika/encoder';
import { expectError, get, post } from './support/api';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { planOf } from './support/query-plan';
import { standingRecord } from './support/teltonika-frames';
import { DevicePeer, readCommand } from './support/teltonika-peer';
import { provisionTractor } from './support/tractors';
import { validTractor } from './support/vehicles';

const OPERATOR_KEY = 'operator-key-for-tests-0123456789';
const key = { headers: { 'x-operator-key': OPERATOR_KEY } };

describe.each(dbTargets)('commands to a device (Codec 12) on $name', (target) => {
  const t = useTestApp(target, { OPERATOR_KEY });

  it('the operator queues a command; the connected device gets it after its next frame; its reply is stored', async () => {
    const app = await t.build({ DEVICE_TCP_PORT: '0', DEVICE_TCP_HOST: '127.0.0.1', DEVICE_UDP_PORT: 'off' }, { startDevices: true });
    const tractor = validTractor(1);
    expect((await post(app, 'operator/tractors', tractor, key)).statusCode).toBe(201);
    const queued = await post(app, `operator/tractors/${tractor.vin}/commands`, { command: 'getinfo' }, key);
    expect(queued.statusCode, queued.body).toBe(201);
    expect(queued.json<DeviceCommand>()).toMatchObject({ command: 'getinfo', status: 'queued', reply: null });
    expect((await post(app, `operator/tractors/${tractor.vin}/commands`, { command: 'setdigout 1' }, key)).statusCode).toBe(201);

    const device = await DevicePeer.connect(app.deviceServer?.port as number);
    expect(await device.handshake(tractor.imei)).toBe(1);
    const record = standingRecord(t.clock.now() - 60_000);
    expect(await device.sendFrame(encodeCodec8eFrame([record]))).toBe(1);
    // One at a time, oldest first.
    expect(await readCommand(device)).toBe('getinfo');
    const list = async () => (await get(app, `operator/tractors/${tractor.vin}/commands`, key)).json<{ data: DeviceCommand[] }>().data;
    await expect
      .poll(async () => (await list()).map((c) => [c.command, c.status]))
      .toEqual([
        ['setdigout 1', 'queued'],
        ['getinfo', 'sent'],
      ]);
    device.send(encodeResponse('RTC:2026/11/21 6:29 Init:2026/11/21 6:00 UpTime:1740s PWR:PwrVoltage RST:0 GPS:3 SAT:9'));
    // The reply answered the first; the second goes out at once.
    expect(await readCommand(device)).toBe('setdigout 1');
    device.send(encodeResponse('DOUT1:1 Timeout:INFINITY'));
    await expect
      .poll(async () => (await list()).map((c) => [c.command, c.status, c.reply]))
      .toEqual([
        ['setdigout 1', 'answered', 'DOUT1:1 Timeout:INFINITY'],
        ['getinfo', 'answered', 'RTC:2026/11/21 6:29 Init:2026/11/21 6:00 UpTime:1740s PWR:PwrVoltage RST:0 GPS:3 SAT:9'],
      ]);
    // The connection keeps serving records.
    expect(await device.sendFrame(encodeCodec8eFrame([{ ...record, timestamp: record.timestamp + 10_000 }]))).toBe(1);
    device.end();
  });

  it('a command sent on a connection that closes unanswered goes back to the queue, and is sent on the next', async () => {
    const app = await t.build({ DEVICE_TCP_PORT: '0', DEVICE_TCP_HOST: '127.0.0.1', DEVICE_UDP_PORT: 'off' }, { startDevices: true });
    const tractor = validTractor(2);
    expect((await post(app, 'operator/tractors', tractor, key)).statusCode).toBe(201);
    await post(app, `operator/tractors/${tractor.vin}/commands`, { command: 'getver' }, key);
    const record = (s: number) => standingRecord(t.clock.now() - 60_000 + s * 1000);
    const first = await DevicePeer.connect(app.deviceServer?.port as number);
    await first.handshake(tractor.imei);
    await first.sendFrame(encodeCodec8eFrame([record(0)]));
    expect(await readCommand(first)).toBe('getver');
    first.end();
    const status = async () => (await get(app, `operator/tractors/${tractor.vin}/commands`, key)).json<{ data: DeviceCommand[] }>().data[0]?.status;
    await expect.poll(status).toBe('queued');
    const second = await DevicePeer.connect(app.deviceServer?.port as number);
    await second.handshake(tractor.imei);
    await second.sendFrame(encodeCodec8eFrame([record(1)]));
    expect(await readCommand(second)).toBe('getver');
    second.end();
  });

  it('refuses what is not a command, an unknown tractor, and calls without the operator key', async () => {
    const tractor = validTractor(3);
    expect((await post(t.app, 'operator/tractors', tractor, key)).statusCode).toBe(201);
    for (const command of ['', 'x'.repeat(513), 'getinfo\n', 'पाठवा'])
      expectError(await post(t.app, `operator/tractors/${tractor.vin}/commands`, { command }, key), 'VALIDATION_FAILED');
    expectError(await post(t.app, 'operator/tractors/MBNAAHTR1NL099999/commands', { command: 'getinfo' }, key), 'NOT_FOUND');
    expectError(await post(t.app, `operator/tractors/${tractor.vin}/commands`, { command: 'getinfo' }), 'OPERATOR_KEY_INVALID');
    expectError(await get(t.app, `operator/tractors/${tractor.vin}/commands`), 'OPERATOR_KEY_INVALID');
  });
});

describe.each(dbTargets)('the command queue cap on $name', (target) => {
  const t = useTestApp(target, { OPERATOR_KEY });

  it('holds at 20 waiting commands per tractor, also for requests in parallel', async () => {
    const tractor = validTractor(4);
    expect((await post(t.app, 'operator/tractors', tractor, key)).statusCode).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => post(t.app, `operator/tractors/${tractor.vin}/commands`, { command: `getparam ${i}` }, key)),
    );
    const accepted = answers.filter((a) => a.statusCode === 201).length;
    expect(accepted).toBe(20);
    for (const refused of answers.filter((a) => a.statusCode !== 201))
      expect(expectError(refused, 'VALIDATION_FAILED').error.details).toEqual([{ path: 'command', code: 'TOO_MANY_QUEUED' }]);
    const listed = (await get(t.app, `operator/tractors/${tractor.vin}/commands`, key)).json<{ data: DeviceCommand[] }>().data;
    expect(listed).toHaveLength(accepted);
  });
});

/** Counts the statements a Kysely instance runs. */
function counting(): KyselyPlugin & { statements: number } {
  const plugin = {
    statements: 0,
    transformQuery: <T>(args: { node: T }) => {
      plugin.statements++;
      return args.node;
    },
    transformResult: async <R>(args: { result: R }) => args.result,
  };
  return plugin;
}

describe.each(dbTargets)('which devices have commands, on $name', (target) => {
  const t = useTestApp(target, { OPERATOR_KEY });

  /** Two instances' command queues on one database, woken by one channel as NOTIFY wakes them. */
  async function twoInstances() {
    const { db, clock } = t.app.services;
    const wakeups = localWakeups();
    const sql = counting();
    const a = new DeviceCommands({ db: db.kysely, clock, engine: db.engine, wakeups });
    const b = new DeviceCommands({ db: db.kysely.withPlugin(sql), clock, engine: db.engine, wakeups });
    const stop = wakeups.listen('tl_commands', () => b.forget());
    const tractors = [];
    for (const n of [5, 6]) {
      const tractor = validTractor(n);
      expect((await post(t.app, 'operator/tractors', tractor, key)).statusCode).toBe(201);
      const row = await db.kysely.selectFrom('tractors').select('id').where('vin', '=', tractor.vin).executeTakeFirstOrThrow();
      tractors.push({ ...tractor, id: row.id });
    }
    return { a, b, sql, stop, tractors: tractors as [(typeof tractors)[number], (typeof tractors)[number]] };
  }

  it('asks the database nothing after a frame while no command waits', async () => {
    const { b, sql, stop, tractors } = await twoInstances();
    expect(await b.take(tractors[0].id)).toBeUndefined();
    const afterFirst = sql.statements;
    // The list is read once; a thousand frames of the two tractors then cost no statement.
    for (let i = 0; i < 1000; i++) expect(await b.take((i % 2 === 0 ? tractors[0] : tractors[1]).id)).toBeUndefined();
    expect(sql.statements).toBe(afterFirst);
    await stop();
  });

  it('a command queued on one instance is taken on the other at the next frame, once', async () => {
    const { a, b, sql, stop, tractors } = await twoInstances();
    expect(await b.take(tractors[0].id)).toBeUndefined();
    await a.queue(tractors[0].vin, 'getinfo');
    const taken = await b.take(tractors[0].id);
    expect(taken?.command).toBe('getinfo');
    // Sent and unanswered: no second command, and the other tractor still costs nothing.
    await a.queue(tractors[0].vin, 'getver');
    expect(await b.take(tractors[0].id)).toBeUndefined();
    const before = sql.statements;
    expect(await b.take(tractors[1].id)).toBeUndefined();
    expect(sql.statements).toBe(before);
    // The device answers; the next goes out, then nothing is left.
    await b.answered(tractors[0].id, 'ok');
    expect((await b.take(tractors[0].id))?.command).toBe('getver');
    await b.answered(tractors[0].id, 'ok');
    expect(await b.take(tractors[0].id)).toBeUndefined();
    const settled = sql.statements;
    expect(await b.take(tractors[0].id)).toBeUndefined();
    expect(sql.statements).toBe(settled);
    await stop();
  });

  it('a command put back by a closed connection is taken by the instance the device reconnects to', async () => {
    const { a, b, stop, tractors } = await twoInstances();
    const { db, clock } = t.app.services;
    // Queued where the wake-up is lost: B, having read the list, does not know of it yet.
    const lost = new DeviceCommands({ db: db.kysely, clock, engine: db.engine });
    expect(await b.take(tractors[1].id)).toBeUndefined();
    await lost.queue(tractors[1].vin, 'getgps');
    expect(await b.take(tractors[1].id)).toBeUndefined();
    // A reads the list afresh and sends it; the connection closes unanswered; the device comes back on B.
    const sent = await a.take(tractors[1].id);
    expect(sent?.command).toBe('getgps');
    await a.unanswered(sent?.id as string);
    expect((await b.take(tractors[1].id))?.command).toBe('getgps');
    await stop();
  });

  it('a running server reads its list again when any instance queues a command', async () => {
    const wakeups = localWakeups();
    const app = await t.build({}, { startJobs: true, wakeups });
    const forget = vi.spyOn(app.services.commands, 'forget');
    wakeups.notify('tl_commands');
    expect(forget).toHaveBeenCalledTimes(1);
  });

  it('reads the waiting tractors by a seek on their status, not through the whole history', async () => {
    const { db } = t.app.services;
    const tractor = await provisionTractor(db.kysely);
    const history = Array.from({ length: 4000 }, (_, i) => ({
      id: `answered-${i}`,
      tractor_id: tractor.id,
      command: 'getgps',
      status: i < 3 ? ('queued' as const) : ('answered' as const),
      created_at: i,
      sent_at: i < 3 ? null : i,
      answered_at: i < 3 ? null : i,
      reply: i < 3 ? null : 'GPS:1',
    }));
    for (let i = 0; i < history.length; i += 200)
      await db.kysely
        .insertInto('device_commands')
        .values(history.slice(i, i + 200))
        .execute();
    expect(await planOf(db, waitingTractors(db.kysely))).toContain('device_commands_status');
  });
});
