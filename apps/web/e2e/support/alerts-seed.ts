import { randomInt } from 'node:crypto';
import type { AlertItem, AlertsResponse } from '@tractorlink/domain/alerts-api';
import { OPERATOR_KEY } from './seed';
import { DEFAULT_DEVICE_MODEL } from '@tractorlink/domain/vehicles-rules';

/**
 * Alerts made the way real ones are (issue 5): a tractor provisioned by the operator for an owner's
 * number, claimed by that owner, then device records posted to the batch ingest (operator key)
 * whose telemetry trips the server's own alert rules. Nothing is written to the database directly.
 */

export interface SeededTractor {
  imei: string;
  vin: string;
  engineNo: string;
  regNo: string;
  name: string;
}

export async function call<T>(base: string, path: string, init: { method?: string; body?: unknown; token?: string; operator?: boolean } = {}): Promise<T> {
  const res = await fetch(`${base}/api/v1/${path}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.operator ? { 'x-operator-key': OPERATOR_KEY } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const digits = (n: number) => Array.from({ length: n }, () => String(randomInt(0, 10))).join('');

/** A tractor of the operator's registry, registered to `mobile` (the owner claims it next). */
export async function provisionTractor(base: string, mobile: string, name: string): Promise<SeededTractor> {
  const tail = digits(6);
  const tractor = {
    imei: `86${digits(13)}`,
    vin: `MBNAL${Array.from({ length: 6 }, () => VIN_CHARS[randomInt(0, VIN_CHARS.length)]).join('')}${tail}`,
    engineNo: `KSNAL${tail}`,
    regNo: `MH12AL${tail.slice(2)}`,
  };
  await call(base, 'operator/tractors', {
    operator: true,
    body: {
      ...tractor,
      model: 'Arjun 555 DI',
      deviceModel: DEFAULT_DEVICE_MODEL,
      implementWidthM: 1.8,
      tankCapacityL: 60,
      serviceIntervalH: 250,
      firstName: name.split(' ')[0],
      lastName: name.split(' ').slice(1).join(' ') || 'Patil',
      mobileNo: mobile,
      address: 'Village Shirur',
      city: 'Pune',
      pincode: '412210',
      state: 'Maharashtra',
      expiresOn: '2027-12-31',
    },
  });
  return { ...tractor, name: `Tractor ${tail.slice(2)}` };
}

export async function claimTractor(base: string, token: string, tractor: SeededTractor): Promise<void> {
  await call(base, 'vehicles/claim', { token, body: { vin: tractor.vin } });
  await call(base, `vehicles/${tractor.vin}/name`, { method: 'PUT', token, body: { vehName: tractor.name } });
}

/** One record as the batch ingestion route takes it. */
export interface BatchRecord {
  deviceId: string;
  time: number;
  lat: number;
  lon: number;
  speedKmh: number;
  ignition: boolean;
  pto: boolean;
  rpm: number;
  coolantC: number;
  externalVoltage: number;
}

export const FIELD = { lat: 18.8226, lon: 74.3752 };

/**
 * About seven minutes of a parked tractor, one record every 10 s, that trips four rules in turn:
 * coolant at 110 °C for over 60 s (high engine temperature A0003: critical, high, counted), 3000 rpm
 * for over 60 s (high engine RPM A0007: other, medium, not counted), 12.0 V while running for over
 * 120 s (battery not charging A0005: other, high, counted) and the PTO on for over 30 s (PTO engaged
 * A0013: other, low, not counted). Two of the four count in the badge.
 */
export function alertScenario(imei: string, startMs: number): BatchRecord[] {
  const records: BatchRecord[] = [];
  const at = (i: number, over: Partial<BatchRecord>) =>
    records.push({
      deviceId: imei,
      time: startMs + i * 10_000,
      ...FIELD,
      speedKmh: 0,
      ignition: true,
      pto: false,
      rpm: 1500,
      coolantC: 88,
      externalVoltage: 13.9,
      ...over,
    });
  let i = 0;
  for (; i < 9; i++) at(i, { coolantC: 110 });
  for (; i < 18; i++) at(i, { rpm: 3000 });
  for (; i < 33; i++) at(i, { externalVoltage: 12.0 });
  for (; i < 39; i++) at(i, { pto: true });
  at(i, { ignition: false, rpm: 0 });
  return records;
}

/** One more high engine temperature episode (a new critical alert), after `afterMs`. */
export function temperatureEpisode(imei: string, afterMs: number): BatchRecord[] {
  const records: BatchRecord[] = [];
  for (let i = 0; i < 9; i++) {
    records.push({
      deviceId: imei,
      time: afterMs + i * 10_000,
      ...FIELD,
      speedKmh: 0,
      ignition: true,
      pto: false,
      rpm: 1500,
      coolantC: i < 8 ? 112 : 80,
      externalVoltage: 13.9,
    });
  }
  records.push({ deviceId: imei, time: afterMs + 90_000, ...FIELD, speedKmh: 0, ignition: false, pto: false, rpm: 0, coolantC: 80, externalVoltage: 12.6 });
  return records;
}

/** PTO engaged and disengaged are off until an owner turns them on: this owner wants them. */
export async function turnOnPtoAlerts(base: string, token: string, vin: string): Promise<void> {
  await call(base, 'vehicles/alertconfigs', {
    method: 'PUT',
    token,
    body: {
      vin,
      configs: [
        { alertTypeId: 'A0013', enabled: true },
        { alertTypeId: 'A0014', enabled: true },
      ],
    },
  });
}

/**
 * Ten seconds of idling in the field, then the engine off, already past and within today in India: a
 * minute ago, or just after midnight in an Indian day's first minute (waited for, a few seconds). The
 * usage screens show today's figures only once today has records; an alert scenario of a quarter of an
 * hour ago lies wholly in yesterday during the day's first minutes.
 */
export async function runToday(imei: string): Promise<BatchRecord[]> {
  const now = Date.now();
  const midnight = Date.parse(`${new Date(now + 5.5 * 3_600_000).toISOString().slice(0, 10)}T00:00:00+05:30`);
  const at = Math.max(now - 60_000, midnight + 1000);
  while (Date.now() <= at + 11_000) await new Promise((r) => setTimeout(r, 200));
  const record = (i: number, running: boolean): BatchRecord => ({
    deviceId: imei,
    time: at + i * 10_000,
    ...FIELD,
    speedKmh: 0,
    ignition: running,
    pto: false,
    rpm: running ? 850 : 0,
    coolantC: 80,
    externalVoltage: running ? 13.9 : 12.6,
  });
  return [record(0, true), record(1, false)];
}

export async function ingest(base: string, records: readonly BatchRecord[]): Promise<void> {
  await call(base, 'ingest/batch', { operator: true, body: { records } });
}

export async function alertsOf(base: string, token: string, vin: string): Promise<AlertItem[]> {
  return (await call<AlertsResponse>(base, `alerts?vin=${vin}&pageSize=200`, { token })).data;
}

export async function unreadCount(base: string, token: string, vin: string): Promise<number> {
  return (await call<{ count: number }>(base, `alerts/unread-count?vin=${vin}`, { token })).count;
}

/** Waits until the tractor has at least `n` alerts (the rules run as records are committed). */
export async function waitForAlerts(base: string, token: string, vin: string, n: number): Promise<AlertItem[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const list = await alertsOf(base, token, vin);
    if (list.length >= n) return list;
    if (Date.now() > deadline) throw new Error(`only ${list.length} of ${n} alerts for ${vin}: ${list.map((a) => a.alertTypeId).join(', ')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
