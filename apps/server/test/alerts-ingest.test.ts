import type { Reading } from '@tractorlink/domain/telemetry';
import { describe, expect, it } from 'vitest';
import { rebuildDirtyDays } from '../src/modules/telemetry/rebuild-days';
import { type SimEvent, oneFieldFarm, simulateDay } from '../src/sim/farm-day';
import { at, engineOn, FARM, ingest, noise, parkedOff, series, storedAlerts, tank } from './support/alerts';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { HOUR, MINUTE, SECOND, TEST_START } from './support/test-clock';
import { provisionTractor } from './support/tractors';
import { sampleToReading } from '../src/sim/to-reading';

/**
 * Each rule on synthetic telemetry through the real ingestion path (group commit, rules inside the
 * transaction): a case that alerts exactly once and a near miss that does not.
 */

const T0 = TEST_START - 4 * HOUR;

describe.each(dbTargets)('alert rules on ingest, $name', (target) => {
  const t = useTestApp(target);
  const db = () => t.database.db.kysely;

  /** A fresh tractor, fed `near` (must raise nothing) then `hit` (must raise `expected`, once). */
  /** PTO engaged and disengaged are off until the owner turns them on: this owner has. */
  const turnOnPto = (tractorId: string) =>
    db()
      .insertInto('alert_configs')
      .values(
        ['A0013', 'A0014'].map((type_id) => ({
          tractor_id: tractorId,
          type_id,
          enabled: 1,
          threshold: null,
          duration_s: null,
          updated_by: 'test',
          updated_at: T0,
        })),
      )
      .execute();

  async function nearMissThenHit(near: Reading[], hit: Reading[], expected: string[], options: { pto?: boolean } = {}) {
    const tractor = await provisionTractor(db());
    if (options.pto) await turnOnPto(tractor.id);
    await ingest(t.app, tractor, near);
    expect(await storedAlerts(db(), tractor.id), 'near miss').toEqual([]);
    await ingest(t.app, tractor, hit);
    expect(await storedAlerts(db(), tractor.id)).toEqual(expected);
    return tractor;
  }

  it('low oil pressure: 10 s low is a flicker; 60 s low with the engine running alerts once', async () => {
    await nearMissThenHit(
      series(T0, 12, 5 * SECOND, (i) => engineOn({ oilPressureLow: i >= 3 && i < 5 })),
      series(T0 + 5 * MINUTE, 12, 5 * SECOND, () => engineOn({ oilPressureLow: true })),
      ['A0001'],
    );
  });

  it('high engine temperature: 110 °C for 30 s is a near miss; for 5 minutes, one alert', async () => {
    await nearMissThenHit(
      [...series(T0, 7, 5 * SECOND, () => engineOn({ coolantC: 110 })), ...series(T0 + MINUTE, 3, 5 * SECOND, () => engineOn({ coolantC: 90 }))],
      series(T0 + 5 * MINUTE, 60, 5 * SECOND, () => engineOn({ coolantC: 110 })),
      ['A0003'],
    );
  });

  it('battery not charging: a resting battery with the engine off raises nothing; 11.2 V while running alerts once', async () => {
    await nearMissThenHit(
      series(T0, 30, MINUTE, () => parkedOff({ externalVoltage: 11.9 })),
      series(T0 + HOUR, 40, 10 * SECOND, () => engineOn({ externalVoltage: 11.2 })),
      ['A0005'],
    );
  });

  it('high engine RPM: a 30 s burst is a near miss; 2 minutes at 2650 alerts once', async () => {
    await nearMissThenHit(
      [...series(T0, 7, 5 * SECOND, () => engineOn({ rpm: 2700 })), ...series(T0 + MINUTE, 2, 5 * SECOND, () => engineOn())],
      series(T0 + 5 * MINUTE, 24, 5 * SECOND, () => engineOn({ rpm: 2650 })),
      ['A0007'],
    );
  });

  it('air filter clog: 40 s is a near miss; 2 minutes clogged alerts once, not again after a restart of the engine', async () => {
    const tractor = await nearMissThenHit(
      [
        ...series(T0, 5, 10 * SECOND, () => engineOn({ airFilterClogged: true })),
        ...series(T0 + MINUTE, 2, 10 * SECOND, () => engineOn({ airFilterClogged: false })),
      ],
      series(T0 + 5 * MINUTE, 12, 10 * SECOND, () => engineOn({ airFilterClogged: true })),
      ['A0011'],
    );
    await ingest(t.app, tractor, [
      ...series(T0 + 10 * MINUTE, 3, MINUTE, () => parkedOff()),
      ...series(T0 + 15 * MINUTE, 12, 10 * SECOND, () => engineOn({ airFilterClogged: true })),
    ]);
    expect(await storedAlerts(db(), tractor.id)).toEqual(['A0011']);
  });

  it('excessive idling: 15 minutes at idle is a near miss; 25 minutes alerts once', async () => {
    const idle = () => engineOn({ rpm: 800 });
    await nearMissThenHit(
      [...series(T0, 16, MINUTE, idle), ...series(T0 + 16 * MINUTE, 2, MINUTE, () => engineOn({ speedKmh: 15 }))],
      series(T0 + HOUR, 26, MINUTE, idle),
      ['A0009'],
    );
  });

  it('engine start without key and key removed: each once per ignition session; a key glitch of 5 s is a near miss', async () => {
    const tractor = await nearMissThenHit(
      [
        ...series(T0, 6, 10 * SECOND, () => engineOn({ rpm: 800 })),
        { time: T0 + 61 * SECOND, ...engineOn({ rpm: 800, keyPresent: false }) },
        { time: T0 + 66 * SECOND, ...engineOn({ rpm: 800 }) },
      ],
      series(T0 + 2 * MINUTE, 12, 5 * SECOND, () => engineOn({ rpm: 800, keyPresent: false })),
      ['A0107'],
    );
    await ingest(t.app, tractor, [
      ...series(T0 + 10 * MINUTE, 3, MINUTE, () => parkedOff()),
      ...series(T0 + HOUR, 12, 10 * SECOND, () => engineOn({ rpm: 800, keyPresent: false })),
    ]);
    expect(await storedAlerts(db(), tractor.id)).toEqual(['A0107', 'A0105']);
  });

  it('PTO: a 20 s engagement is a near miss; an hour of passes with headland turns is one engaged and one disengaged', async () => {
    await nearMissThenHit(
      [...series(T0, 3, 10 * SECOND, () => engineOn({ pto: true })), ...series(T0 + 30 * SECOND, 10, MINUTE, () => engineOn())],
      [
        ...series(T0 + HOUR, 360, 10 * SECOND, (i) => engineOn({ pto: i % 26 < 24, speedKmh: 5, ...at((i % 26) * 10, Math.floor(i / 26) * 2) })),
        ...series(T0 + 2 * HOUR, 8, MINUTE, () => engineOn({ speedKmh: 18 })),
      ],
      ['A0013', 'A0014'],
      { pto: true },
    );
  });

  it('PTO engaged and disengaged are not raised until the owner turns them on', async () => {
    const tractor = await provisionTractor(db());
    await ingest(t.app, tractor, [
      ...series(T0 + HOUR, 360, 10 * SECOND, (i) => engineOn({ pto: i % 26 < 24, speedKmh: 5, ...at((i % 26) * 10, Math.floor(i / 26) * 2) })),
      ...series(T0 + 2 * HOUR, 8, MINUTE, () => engineOn({ speedKmh: 18 })),
    ]);
    expect(await storedAlerts(db(), tractor.id)).toEqual([]);
  });

  it('20 L siphoned over 10 minutes with the ignition off alerts fuel theft once; 8 L does not', async () => {
    const rnd = noise(1);
    const siphon = (litres: number, start: number) => [
      ...series(start - HOUR, 6, 10 * MINUTE, () => parkedOff(tank(40, 0.5, rnd))),
      ...series(start, 61, 10 * SECOND, (i) => parkedOff(tank(40 - (litres * i) / 60, 0.5, rnd))),
      ...series(start + 11 * MINUTE, 10, 5 * MINUTE, () => parkedOff(tank(40 - litres, 0.5, rnd))),
    ];
    const small = await provisionTractor(db());
    await ingest(t.app, small, siphon(8, T0));
    expect(await storedAlerts(db(), small.id)).toEqual([]);
    const tractor = await provisionTractor(db());
    await ingest(t.app, tractor, siphon(20, T0));
    expect(await storedAlerts(db(), tractor.id)).toEqual(['A0100']);
    const alert = await db().selectFrom('alerts').selectAll().where('tractor_id', '=', tractor.id).executeTakeFirstOrThrow();
    expect(alert).toMatchObject({ threshold: 10, config_by: 'oem', read_at: null });
    expect(alert.value).toBeGreaterThanOrEqual(10);
    expect(alert.lat).toBeCloseTo(FARM.lat, 4);
    // Its delivery was queued in the same transaction.
    expect(await db().selectFrom('alert_outbox').select(['kind', 'alert_id']).execute()).toEqual([{ kind: 'fanout', alert_id: alert.id }]);
  });

  it('a fuel sensor bouncing ±8 % for an hour of field work raises no fuel alert', async () => {
    const rnd = noise(3);
    const tractor = await provisionTractor(db());
    await turnOnPto(tractor.id);
    const work = series(T0, 361, 10 * SECOND, (i) =>
      engineOn({ pto: true, speedKmh: 5, ...at((i % 30) * 12, Math.floor(i / 30) * 2), ...tank(36 - (5.5 * i) / 360, 8, rnd) }),
    );
    for (let i = 0; i < work.length; i += 50) await ingest(t.app, tractor, work.slice(i, i + 50));
    expect(await storedAlerts(db(), tractor.id)).toEqual(['A0013']);
  });

  it('a refuel of 30 L alerts refill, not theft', async () => {
    const rnd = noise(4);
    const tractor = await provisionTractor(db());
    await ingest(t.app, tractor, [
      ...series(T0, 30, 30 * SECOND, () => parkedOff(tank(20, 0.5, rnd))),
      ...series(T0 + 15 * MINUTE, 25, 10 * SECOND, (i) => parkedOff(tank(20 + Math.min(30, (30 * i) / 18), 1, rnd))),
      ...series(T0 + 20 * MINUTE, 20, MINUTE, () => parkedOff(tank(50, 0.5, rnd))),
    ]);
    expect(await storedAlerts(db(), tractor.id)).toEqual(['A0104']);
    const alert = await db().selectFrom('alerts').select(['value']).where('tractor_id', '=', tractor.id).executeTakeFirstOrThrow();
    expect(alert.value).toBeGreaterThan(27);
    expect(alert.value).toBeLessThan(33);
  });

  it('sudden fuel drop: normal burn raises nothing; 15 L gone in 4 minutes with the engine running alerts once', async () => {
    const rnd = noise(5);
    const field = (litres: number) => engineOn({ speedKmh: 5, ...tank(litres, 3, rnd) });
    await nearMissThenHit(
      series(T0, 180, 10 * SECOND, (i) => field(40 - (5.5 * i) / 360)),
      [
        ...series(T0 + 30 * MINUTE, 60, 10 * SECOND, (i) => field(37 - Math.min(15, (15 * i) / 24))),
        ...series(T0 + 40 * MINUTE, 60, 10 * SECOND, () => field(22)),
      ],
      ['A0111'],
    );
  });

  it('low fuel: 20 % raises nothing; falling under 15 % alerts once', async () => {
    const rnd = noise(6);
    await nearMissThenHit(
      series(T0, 60, 10 * SECOND, () => engineOn(tank(12, 3, rnd))),
      series(T0 + 10 * MINUTE, 240, 10 * SECOND, (i) => engineOn(tank(10 - (6 * i) / 360, 3, rnd))),
      ['A0103'],
    );
  });

  it('a tractor moved 500 m on a trailer with the ignition off alerts towing; GPS jitter while parked does not', async () => {
    const rnd = noise(7);
    const jitter = [
      ...series(T0 - HOUR, 5, 10 * SECOND, () => engineOn()),
      ...series(T0 - 50 * MINUTE, 100, MINUTE, (i) =>
        parkedOff({ ...at(rnd() * 15 + (i % 37 === 20 ? 250 : 0), rnd() * 15), satellites: i % 29 === 0 ? 3 : 10 }),
      ),
    ];
    const towed = [
      ...series(T0 + HOUR, 13, 10 * SECOND, (i) => parkedOff({ ...at(0, Math.min(500, i * 41.7)), speedKmh: 15 })),
      ...series(T0 + HOUR + 3 * MINUTE, 6, 10 * MINUTE, () => parkedOff({ ...at(0, 500) })),
    ];
    const tractor = await nearMissThenHit(jitter, towed, ['A0101']);
    const alert = await db().selectFrom('alerts').select(['value', 'threshold']).where('tractor_id', '=', tractor.id).executeTakeFirstOrThrow();
    expect(alert.threshold).toBe(300);
    expect(alert.value).toBeGreaterThanOrEqual(300);
  });

  it('service due: pre-reminders 1–5 then service due, each once, from the worktime counter', async () => {
    const tractor = await provisionTractor(db(), { serviceIntervalH: 250 });
    const hours = (i: number) => ({ ...engineOn(), engineWorktimeMin: Math.round((190 + i * 0.5) * 60) });
    await ingest(t.app, tractor, series(T0 - 130 * 30 * MINUTE, 130, 30 * MINUTE, hours));
    expect(await storedAlerts(db(), tractor.id)).toEqual(['A0102P1', 'A0102P2', 'A0102P3', 'A0102P4', 'A0102P5', 'A0102']);
  });

  it('resent records never alert twice; records older than the processed ones alert once replayed, at their own time', async () => {
    const rnd = noise(9);
    const tractor = await provisionTractor(db());
    const siphonAt = (start: number) => [
      ...series(start - HOUR, 6, 10 * MINUTE, () => parkedOff(tank(40, 0.5, rnd))),
      ...series(start, 61, 10 * SECOND, (i) => parkedOff(tank(40 - (20 * i) / 60, 0.5, rnd))),
      ...series(start + 11 * MINUTE, 6, 5 * MINUTE, () => parkedOff(tank(20, 0.5, rnd))),
    ];
    const today = siphonAt(T0);
    await ingest(t.app, tractor, today);
    // The device did not get its acknowledgement and sends it all again.
    expect(await ingest(t.app, tractor, today)).toBe(today.length);
    // A backlog from yesterday arrives after today's records: stored, not processed.
    await ingest(t.app, tractor, siphonAt(T0 - 24 * HOUR));
    expect(await storedAlerts(db(), tractor.id)).toEqual(['A0100']);
    expect(await rebuildDirtyDays(db())).toBe(1);
    expect(await storedAlerts(db(), tractor.id)).toEqual(['A0100']);
    // Replayed in device-time order, yesterday's theft is alerted once, at yesterday's time.
    await t.app.services.telemetry.ingestor.replayDue(0);
    const thefts = await db().selectFrom('alerts').select(['time_ms']).where('tractor_id', '=', tractor.id).orderBy('time_ms').execute();
    expect(thefts.map((a) => Math.floor((Number(a.time_ms) - (T0 - 24 * HOUR)) / HOUR))).toEqual([0, 24]);
    await ingest(t.app, tractor, siphonAt(T0 - 24 * HOUR));
    await t.app.services.telemetry.ingestor.replayDue(0);
    expect(await storedAlerts(db(), tractor.id)).toEqual(['A0100', 'A0100']);
  });

  it('a simulated farm day with injected events raises each event once, and no false fuel alert', { timeout: 60_000 }, async () => {
    const tractor = await provisionTractor(db(), { tankCapacityL: 60, serviceIntervalH: 250 });
    // The simulated days are seeded by this id, not the test tractor's random one: day one is a
    // working day (the key is seen, so a start without it can be told) and day two a full one (a day
    // that ends at lunch has no engine running at 13:30 for the low-battery event).
    const profile = oneFieldFarm('356307042441003', FARM, { eastM: 400, northM: 900, lengthM: 200, widthM: 60, headingDeg: 15 });
    // Worktime at 150 h: the service schedule (due at 250 h) stays out of the way.
    const first = simulateDay(profile, { fuelL: 55, engineMin: 150 * 60, odometerM: 0, position: FARM }, '2026-11-19');
    const midnight = Date.UTC(2026, 10, 19, 18, 30); // 20 Nov 00:00 IST
    const events: SimEvent[] = [
      { kind: 'siphon', at: midnight + HOUR, litres: 20 },
      { kind: 'start_without_key', at: midnight + 2 * HOUR },
      { kind: 'towing', at: midnight + 4 * HOUR, meters: 800 },
      { kind: 'overheat', at: midnight + 9 * HOUR },
      { kind: 'high_rpm', at: midnight + 10 * HOUR },
      { kind: 'low_battery', at: midnight + 13.5 * HOUR },
      { kind: 'key_removed', at: midnight + 14.25 * HOUR },
    ];
    const second = simulateDay(profile, first.carry, '2026-11-20', { events });
    expect(first.truth.engineS, 'day one is a working day').toBeGreaterThan(3600);
    const readings = [...first.samples, ...second.samples].map(sampleToReading);
    for (let i = 0; i < readings.length; i += 200) await ingest(t.app, tractor, readings.slice(i, i + 200));
    const types = await storedAlerts(db(), tractor.id);
    const once = (id: string) => types.filter((x) => x === id).length;
    for (const id of ['A0100', 'A0105', 'A0101', 'A0003', 'A0007', 'A0005', 'A0107']) expect(once(id), id).toBe(1);
    expect(once('A0111')).toBe(0);
    const theft = await db()
      .selectFrom('alerts')
      .select(['time_ms'])
      .where('tractor_id', '=', tractor.id)
      .where('type_id', '=', 'A0100')
      .executeTakeFirstOrThrow();
    expect(theft.time_ms).toBeGreaterThan(midnight + HOUR);
    expect(theft.time_ms).toBeLessThan(midnight + HOUR + 15 * MINUTE);
  });
});
