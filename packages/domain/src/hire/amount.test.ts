import { describe, expect, it } from 'vitest';
import { amountPaise, balancePaise, type Billable, jobAmount } from './amount';

const job = (overrides: Partial<Billable> = {}): Billable => ({
  rateKind: 'acre',
  ratePaise: 120_000,
  trips: 1,
  acreBasis: 'covered',
  hourBasis: 'pto',
  agreedQuantity: null,
  coveredAcres: 2.37,
  fieldAcres: 2.5,
  ptoHours: 1.93,
  engineHours: 2.4,
  ...overrides,
});

describe('hire amounts', () => {
  it('multiply the rate by the quantity the rate kind and basis pick', () => {
    expect(jobAmount(job())).toEqual({ quantity: 2.37, source: 'covered', amountPaise: 284_400 });
    expect(jobAmount(job({ acreBasis: 'field' }))).toEqual({ quantity: 2.5, source: 'field', amountPaise: 300_000 });
    expect(jobAmount(job({ acreBasis: 'field', fieldAcres: null }))).toEqual({ quantity: 2.37, source: 'covered', amountPaise: 284_400 });
    expect(jobAmount(job({ rateKind: 'hour', ratePaise: 90_000 }))).toEqual({ quantity: 1.93, source: 'pto', amountPaise: 173_700 });
    expect(jobAmount(job({ rateKind: 'hour', hourBasis: 'engine', ratePaise: 90_000 }))).toEqual({ quantity: 2.4, source: 'engine', amountPaise: 216_000 });
    expect(jobAmount(job({ rateKind: 'trip', ratePaise: 50_000, trips: 3 }))).toEqual({ quantity: 3, source: 'trips', amountPaise: 150_000 });
    expect(jobAmount(job({ agreedQuantity: 2.25 }))).toEqual({ quantity: 2.25, source: 'agreed', amountPaise: 270_000 });
  });

  it('multiply out exactly what the bill prints (no floating-point pennies)', () => {
    // 1.15 × 100 is 114.99999999999999 in floating point.
    expect(amountPaise(100, 1.15)).toBe(115);
    expect(amountPaise(33_333, 0.03)).toBe(1000);
    expect(amountPaise(0, 5)).toBe(0);
  });

  it('balance is what the jobs came to less what was paid', () => {
    expect(balancePaise([284_400, 150_000], [100_000])).toBe(334_400);
    expect(balancePaise([], [5_000])).toBe(-5_000);
  });
});
