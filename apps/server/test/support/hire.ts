import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { DEVICE_CADENCE, type DayTruth, type FieldPlot, type FieldTruth, type SimProfile, simulateDay } from '../../src/sim/farm-day';
import type { TractorRow } from '../../src/modules/tractors/repo';
import { at, FARM, ingest } from './alerts';
import { sampleToReading } from '../../src/sim/to-reading';

/** Fixtures of the hire ledger's tests (issue 17). */

/** Any JSON call, PATCH included, through app.inject. */
export function hireCall(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  token: string | undefined,
  body?: unknown,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
}

/** Three customers' fields of 3–5 acres around the demo farm, each worked once over on a hire day. */
export const CUSTOMER_FIELDS: readonly FieldPlot[] = [
  { corner: at(400, 300), lengthM: 220, widthM: 90, headingDeg: 20 },
  { corner: at(-700, 600), lengthM: 200, widthM: 81, headingDeg: 95 },
  { corner: at(300, -900), lengthM: 240, widthM: 72, headingDeg: 170 },
];

/** The simulated tractor's seed (its days are the same every run). */
const HIRE_SIM_IMEI = '860000000000303';

/** Simulates a tractor's hire day over `fields` and sends it through ingestion; answers the day's ground truth. */
export async function ingestHireDay(
  app: FastifyInstance,
  tractor: TractorRow,
  date: string,
  fields: readonly FieldPlot[] = CUSTOMER_FIELDS,
): Promise<DayTruth & { samples: number; fields: FieldTruth[] }> {
  const profile: SimProfile = { imei: HIRE_SIM_IMEI, home: FARM, fields: [], implementWidthM: tractor.implement_width_m, tankCapacityL: 55 };
  const day = simulateDay(profile, { fuelL: 50, engineMin: 150 * 60, odometerM: 0, position: FARM }, date, { cadence: DEVICE_CADENCE, fields });
  for (let i = 0; i < day.samples.length; i += 500) await ingest(app, tractor, day.samples.slice(i, i + 500).map(sampleToReading));
  return { ...day.truth, samples: day.samples.length, fields: day.fields ?? [] };
}

export const newId = () => randomUUID();

/** A job of a rotavator 2 m wide at ₹1,200 an acre for `customerId` on the tractor `vin`; `overrides` set its times and the rest. */
export const jobBody = <O extends Record<string, unknown>>(customerId: string, vin: string, overrides: O = {} as O) => ({
  id: newId(),
  customerId,
  vin,
  implement: 'rotavator',
  implementWidthM: 2,
  rateKind: 'acre',
  ratePaise: 120_000,
  ...overrides,
});

export const customerBody = (overrides: Record<string, unknown> = {}) => ({
  id: newId(),
  name: 'Sunil Shinde',
  phone: '9822012345',
  village: 'Shirsgaon',
  language: 'mr',
  ...overrides,
});
