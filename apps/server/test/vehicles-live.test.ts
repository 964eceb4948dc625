import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { Reading } from '@tractorlink/domain/telemetry';
import type { TractorHomepageResponse, TrackingResponse, VehicleEntry } from '@tractorlink/domain/vehicles-api';
import { call, get, login } from './support/api';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { HOUR, MINUTE, SECOND, TEST_START } from './support/test-clock';
import { insertTractorState, ownerWithTractor } from './support/vehicles';

const DAY = 24 * HOUR;
const PIMPALGAON = { lat: 20.1667, lon: 73.9833 };

/** Sends one raw HTTP request over a real socket; resolves with the response head exactly as received. */
function rawHead(port: number, request: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let received = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf('\r\n\r\n');
      if (end >= 0) {
        socket.destroy();
        resolve(received);
      }
    });
    socket.on('error', reject);
  });
}

describe.each(dbTargets)('live tractor data on $name', (target) => {
  const t = useTestApp(target, { OFFLINE_AFTER_MINUTES: '10' });
  const db = () => t.database.db.kysely;

  it('shows the home-page values of a saved tractor state', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const time = TEST_START - 2 * MINUTE;
    const reading: Reading = {
      time,
      lat: 20.17,
      lon: 73.99,
      speedKmh: 12,
      ignition: true,
      externalVoltage: 13.24,
      engineWorktimeMin: 750,
      gsmSignal: 4,
      batteryVoltage: 4.083,
    };
    await insertTractorState(db(), tractor.id, {
      time,
      seenAt: TEST_START - MINUTE,
      reading,
      fix: { lat: 20.17, lon: 73.99, time },
      processor: { diesel: { samples: [] }, fuelL: 45.04, lastStatus: 'moving' },
    });
    const res = await get(t.app, `tractorhomepage/${tractor.vin}?isSec=true`, { token: owner.accessToken });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TractorHomepageResponse>()).toEqual({
      vin: tractor.vin,
      regNo: tractor.reg_no,
      Veh_Name: 'Arjun 555 DI',
      vehicleStatus: 'moving',
      lastStatus: 'moving',
      devicePower: 13.24,
      devicePowerMode: 'normal_active',
      gsmSignal: 4,
      deviceBatteryV: 4.08,
      latitude: 20.17,
      longitude: 73.99,
      dieselLevel: 75,
      dieselLitres: 45,
      hasFuelSensor: true,
      tankCapacity: 60,
      engineHours: 12.5,
      lastUpdated: time / 1000,
      offline: false,
      offlineSince: null,
      notTransmitting: false,
      address: 'Pimpalgaon Baswant, Nashik, Maharashtra',
      place: { name: 'Pimpalgaon Baswant', district: 'Nashik', state: 'Maharashtra' },
      serviceDue: { status: 'ok', dueAtHours: 250, hoursLeft: 237.5 },
      showMenu: true,
      subscription: { expiresOn: Math.floor((TEST_START + 365 * DAY) / 1000), isExpired: false, numberOfDays: 365 },
    });
  });

  it("says 'na' and nothing else it cannot know for a tractor that has never reported", async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const home = (await get(t.app, `tractorhomepage/${tractor.vin}`, { token: owner.accessToken })).json<TractorHomepageResponse>();
    expect(home).toMatchObject({
      vehicleStatus: 'na',
      lastStatus: null,
      devicePower: null,
      devicePowerMode: 'unknown',
      gsmSignal: null,
      deviceBatteryV: null,
      latitude: null,
      longitude: null,
      dieselLevel: null,
      dieselLitres: null,
      hasFuelSensor: null,
      engineHours: 0,
      lastUpdated: null,
      offline: true,
      offlineSince: null,
      notTransmitting: false,
      address: null,
      serviceDue: { status: 'ok', dueAtHours: 250, hoursLeft: 250 },
    });
  });

  it('follows telemetry ingested through the real processors, then goes offline and stops transmitting', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    // 30 minutes of field work, one record a minute, ending now; the tank reads 50 % of 60 L.
    const readings: Reading[] = Array.from({ length: 31 }, (_, i) => ({
      time: TEST_START - 30 * MINUTE + i * MINUTE,
      lat: PIMPALGAON.lat + i * 0.0001,
      lon: PIMPALGAON.lon,
      speedKmh: 5,
      ignition: true,
      pto: true,
      rpm: 1600,
      fuelPercent: 50,
      externalVoltage: 13.8,
    }));
    const profile = { id: tractor.id, implementWidthM: tractor.implement_width_m, tankCapacityL: tractor.tank_capacity_l };
    expect(
      await t.app.services.telemetry.ingestor.submit(
        profile,
        readings.map((reading) => ({ reading })),
      ),
    ).toBe(31);

    const read = async () => (await get(t.app, `tractorhomepage/${tractor.vin}`, { token: owner.accessToken })).json<TractorHomepageResponse>();
    const last = readings.at(-1) as Reading;
    expect(await read()).toMatchObject({
      vehicleStatus: 'moving',
      lastStatus: 'moving',
      devicePower: 13.8,
      devicePowerMode: 'normal_active',
      latitude: last.lat,
      longitude: last.lon,
      dieselLevel: 50,
      dieselLitres: 30,
      // No worktime counter: ignition-on time from the rollups, 30 minutes.
      engineHours: 0.5,
      lastUpdated: TEST_START / 1000,
      offline: false,
      offlineSince: null,
      notTransmitting: false,
      address: 'Pimpalgaon Baswant, Nashik, Maharashtra',
    });

    t.clock.advance(10 * MINUTE);
    expect((await read()).offline).toBe(false);
    t.clock.advance(SECOND);
    expect(await read()).toMatchObject({ offline: true, offlineSince: TEST_START / 1000, notTransmitting: false, vehicleStatus: 'moving' });
    const tracking = await get(t.app, 'vehicles/tracking?isSec=true', { token: owner.accessToken });
    // Each item is the spec's vehicle entry (§3) as GET vehicles gives it, plus where and how the tractor is.
    const [entry] = (await get(t.app, 'vehicles', { token: owner.accessToken })).json<{ data: VehicleEntry[] }>().data;
    expect(entry).toMatchObject({ vin: tractor.vin, Veh_Name: 'Arjun 555 DI', isExpired: false });
    expect(entry?.expiresOn).toBeGreaterThan(TEST_START / 1000);
    expect(tracking.json<TrackingResponse>().data).toEqual([
      {
        ...entry,
        vin: tractor.vin,
        regNo: tractor.reg_no,
        Veh_Name: 'Arjun 555 DI',
        latitude: last.lat,
        longitude: last.lon,
        vehicleStatus: 'moving',
        lastUpdated: TEST_START / 1000,
        offline: true,
        notTransmitting: false,
      },
    ]);

    t.clock.advance(90 * DAY);
    // Sessions have long expired by then: sign in again on the same browser.
    const relogin = await login(t.app, owner, owner.pin);
    expect(relogin.statusCode, relogin.body).toBe(200);
    owner.accessToken = relogin.json<{ access_token: string }>().access_token;
    expect(await read()).toMatchObject({ offline: true, offlineSince: TEST_START / 1000, notTransmitting: true });
  });

  it('answers an unchanged home poll with 304 and no body, under 1 KB on the wire', async () => {
    const { owner, tractor } = await ownerWithTractor(t);
    const first = await get(t.app, `tractorhomepage/${tractor.vin}?isSec=true`, { token: owner.accessToken });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const again = await get(t.app, `tractorhomepage/${tractor.vin}?isSec=true`, { token: owner.accessToken, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // Weak and listed forms match too (RFC 9110 weak comparison for If-None-Match).
    const listed = await get(t.app, `tractorhomepage/${tractor.vin}`, { token: owner.accessToken, headers: { 'if-none-match': `"old", W/${etag}` } });
    expect(listed.statusCode).toBe(304);

    // A change the owner would see gives a new ETag and a full answer.
    await call(t.app, 'PUT', `vehicles/${tractor.vin}/name`, { vehName: 'Kaka' }, { token: owner.accessToken });
    const renamed = await get(t.app, `tractorhomepage/${tractor.vin}?isSec=true`, { token: owner.accessToken, headers: { 'if-none-match': etag } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.headers.etag).not.toBe(etag);
    expect(renamed.json<TractorHomepageResponse>().Veh_Name).toBe('Kaka');

    // On a real socket: the whole 304 response as a browser receives it.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const head = await rawHead(
      port,
      [
        `GET /api/v1/tractorhomepage/${tractor.vin}?isSec=true HTTP/1.1`,
        'Host: 127.0.0.1',
        `Authorization: Bearer ${owner.accessToken}`,
        `If-None-Match: ${renamed.headers.etag as string}`,
        '',
        '',
      ].join('\r\n'),
    );
    expect(head.toString('latin1')).toMatch(/^HTTP\/1\.1 304 Not Modified\r\n/);
    expect(head.length).toBeLessThanOrEqual(1024);
    // Security headers ride on the cached 200, not on each 304.
    expect(head.toString('latin1')).not.toMatch(/x-frame-options|strict-transport-security|content-security-policy/i);
    console.info(`304 home poll: ${head.length} bytes on the wire`);
  });

  it('gives the tracking list an ETag too', async () => {
    const { owner } = await ownerWithTractor(t);
    const first = await get(t.app, 'vehicles/tracking', { token: owner.accessToken });
    expect(first.statusCode).toBe(200);
    const again = await get(t.app, 'vehicles/tracking', { token: owner.accessToken, headers: { 'if-none-match': first.headers.etag as string } });
    expect(again.statusCode).toBe(304);
  });
});
