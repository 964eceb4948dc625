import { describe, expect, it } from 'vitest';
import type { Reading } from '@tractorlink/domain/telemetry';
import type {
  AggregationResponse,
  DieselDetailsResponse,
  HistoryResponse,
  TractorHomepageResponse,
  TrackingResponse,
  TrackResponse,
} from '@tractorlink/domain/vehicles-api';
import { istDate } from '@tractorlink/domain/time';
import { get } from './support/api';
import { at, ingest, series } from './support/alerts';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { HOUR, MINUTE, SECOND, TEST_START } from './support/test-clock';
import { ownerWithTractor } from './support/vehicles';

/**
 * "Unknown" is never shown as 0: each figure whose source the tractor lacks (no fuel sensor, no PTO
 * input, no RPM, no GPS fix, no speed, no report at all) is null in every answer, while a source the
 * device has and that read nothing (a PTO input off all day) is a true 0. Readings go through the
 * real ingestion path.
 */
describe.each(dbTargets)('unknown figures are null, not 0, on $name', (target) => {
  const t = useTestApp(target);

  /** An owner's tractor fed `readings`; GETs of its answers. */
  async function tractorWith(readings: Reading[], mobileNo = '9876543210') {
    const { owner, tractor } = await ownerWithTractor(t, mobileNo, { tankCapacityL: 60 });
    for (let i = 0; i < readings.length; i += 200) await ingest(t.app, tractor, readings.slice(i, i + 200));
    const read = async <T>(path: string): Promise<T> => {
      const res = await get(t.app, path, { token: owner.accessToken });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<T>();
    };
    return {
      home: () => read<TractorHomepageResponse>(`tractorhomepage/${tractor.vin}`),
      diesel: () => read<DieselDetailsResponse>(`vehicles/${tractor.vin}`),
      today: () => read<AggregationResponse>(`vehicles/aggregations/${tractor.vin}?aggregationOption=day`),
      history: () => read<HistoryResponse>(`vehicles/${tractor.vin}/history`),
      track: () => read<TrackResponse>(`vehicles/${tractor.vin}/track?date=${istDate(TEST_START)}`),
      tracking: () => read<TrackingResponse>('vehicles/tracking'),
    };
  }

  /** A bare device at work: ignition and GPS with speed only, the fields of each case added. */
  const working = (extra: Omit<Reading, 'time'>) => (i: number) => ({ ignition: true, speedKmh: 5, ...at(i * 1.4, 0), ...extra });
  const TODAY = TEST_START - 2 * HOUR;

  it('a device that reports its PTO input, off all day on the road: PTO hours and acres a true 0', async () => {
    const x = await tractorWith(series(TODAY, 240, 10 * SECOND, working({ fuelPercent: 60, pto: false, rpm: 1500, speedKmh: 20 })));
    expect((await x.today()).allDay).toMatchObject({ ptoHours: 0, fieldWorkAcres: 0 });
  });

  it('a device with no fuel sensor (its tank input reads 0), no PTO input and no RPM: diesel used, PTO hours, acres and RPM unknown', async () => {
    const x = await tractorWith(series(TODAY, 360, 10 * SECOND, working({ fuelPercent: 0 })));
    const home = await x.home();
    expect(home).toMatchObject({ dieselLevel: null, dieselLitres: null, hasFuelSensor: false });
    expect(home.lastUpdated).not.toBeNull();
    expect(await x.diesel()).toMatchObject({ dieselLevel: null, dieselStatus: null, hasFuelSensor: false, consumedToday: null });
    const today = await x.today();
    expect(today.hasData).toBe(true);
    expect(today.allDay).toMatchObject({ dieselConsumedL: null, dieselRemainingL: null, ptoHours: null, fieldWorkAcres: null, averageRpm: null });
    // Engine time comes from the ignition, distance from the fixes: both known.
    expect(today.allDay.engineHours * 60 + today.allDay.engineMinutes).toBeGreaterThanOrEqual(59);
    expect(today.allDay.onRoadKm).not.toBeNull();
    const history = await x.history();
    expect(history.engineHoursPerDay.length).toBe(1);
    expect(history.averageRpmPerDay).toEqual([]);
    expect(history.fuelLevel).toEqual([]);
  });

  it('a device with a fuel sensor, a PTO input that worked yesterday and RPM: off all day today is a true 0, diesel used a number', async () => {
    const yesterday = series(TODAY - 24 * HOUR, 120, 30 * SECOND, working({ fuelPercent: 70, pto: true, rpm: 1600 }));
    const today = series(TODAY, 240, 30 * SECOND, working({ fuelPercent: 60, pto: false, rpm: 1500 }));
    const x = await tractorWith([...yesterday, ...today]);
    expect((await x.home()).hasFuelSensor).toBe(true);
    const diesel = await x.diesel();
    expect(diesel.hasFuelSensor).toBe(true);
    expect(typeof diesel.consumedToday).toBe('number');
    const report = (await x.today()).allDay;
    expect(report).toMatchObject({ ptoHours: 0, fieldWorkAcres: 0, averageRpm: 1500 });
    expect(typeof report.dieselConsumedL).toBe('number');
    expect(typeof report.dieselRemainingL).toBe('number');
  });

  it("a device without a tank sensor but with the engine's fuel counter: diesel used is the counter's, the level unknown", async () => {
    const x = await tractorWith(series(TODAY, 120, MINUTE, (i) => working({ fuelUsedLitres: 1000 + i * 0.05 })(i)));
    const diesel = await x.diesel();
    expect(diesel).toMatchObject({ dieselLevel: null, hasFuelSensor: false });
    expect(diesel.consumedToday).toBeCloseTo(5.95, 1);
    expect((await x.today()).allDay.dieselConsumedL).toBeCloseTo(5.95, 1);
  });

  it('a tractor that has never reported: no zeros, every figure unknown and the home page says it has not reported', async () => {
    const x = await tractorWith([]);
    const home = await x.home();
    expect(home).toMatchObject({ lastUpdated: null, vehicleStatus: 'na', hasFuelSensor: null, dieselLevel: null, latitude: null, longitude: null });
    expect(await x.diesel()).toMatchObject({ hasFuelSensor: null, consumedToday: null, dieselLevel: null, lastUpdated: null });
    const today = await x.today();
    expect(today.hasData).toBe(false);
    expect(today.allDay).toMatchObject({
      fieldWorkAcres: null,
      onRoadKm: null,
      ptoHours: null,
      averageRpm: null,
      dieselConsumedL: null,
      dieselRemainingL: null,
    });
    expect((await x.tracking()).data[0]).toMatchObject({ latitude: null, longitude: null, vehicleStatus: 'na', lastUpdated: null });
  });

  it('no GPS fix yet (none sent, or the 0,0 a device sends without one): the location unknown, not 0,0; road km and acres unknown', async () => {
    const x = await tractorWith(
      series(TODAY, 120, 30 * SECOND, (i) => ({ ignition: true, rpm: 1500, pto: true, fuelPercent: 50, ...(i % 2 === 0 ? { lat: 0, lon: 0 } : {}) })),
    );
    const home = await x.home();
    expect(home).toMatchObject({ latitude: null, longitude: null, address: null, place: null });
    expect((await x.tracking()).data[0]).toMatchObject({ latitude: null, longitude: null });
    const report = (await x.today()).allDay;
    expect(report).toMatchObject({ onRoadKm: null, fieldWorkAcres: null });
    expect(report.ptoHours).toBeGreaterThan(0.9);
    expect((await x.track()).points).toEqual([]);
  });

  it('a device that sends fixes without a speed: the replay says no speed (null) rather than 0 km/h', async () => {
    const x = await tractorWith(series(TODAY, 60, 30 * SECOND, (i) => ({ ignition: true, ...at(i * 40, 0) })));
    const track = await x.track();
    expect(track.points.length).toBe(60);
    for (const p of track.points) expect(p[3]).toBeNull();
  });
});
