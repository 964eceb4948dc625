import type { JobSummary } from '@tractorlink/domain/hire-api';

/**
 * Ramesh Patil's rotavator job on Kisan 475 (2.37 acres covered at ₹1,200 an acre: ₹2,844), begun at
 * `startAt` (epoch s) and still running, as the jobs list answers it; `over` changes what a test is about.
 */
export const runningJob = (startAt: number, over: Partial<JobSummary> = {}): JobSummary => ({
  id: 'j1',
  customerId: 'c1',
  customerName: 'Ramesh Patil',
  vin: 'VIN1',
  regNo: 'MH15EX4521',
  vehName: 'Kisan 475',
  implement: 'rotavator',
  implementWidthM: 1.8,
  rateKind: 'acre',
  ratePaise: 120_000,
  trips: 1,
  acreBasis: 'covered',
  hourBasis: 'pto',
  agreedQuantity: null,
  startAt,
  endAt: null,
  running: true,
  origin: 'owner',
  position: null,
  place: null,
  coveredAcres: 2.37,
  fieldAcres: null,
  ptoHours: 1.93,
  engineHours: 2.4,
  quantity: 2.37,
  quantitySource: 'covered',
  amountPaise: 284_400,
  paidPaise: 0,
  note: null,
  createdAt: startAt,
  updatedAt: startAt,
  measuredAt: startAt,
  ...over,
});
