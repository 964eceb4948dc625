import { describe, expect, it } from 'vitest';
import { RecordRateLimiter } from './record-rate';

describe('record budget per device', () => {
  it('takes a batch whole or not at all, and says how long until it fits', () => {
    let now = 0;
    const rate = new RecordRateLimiter(600, () => now);
    expect(rate.take([['a', 600]])).toBe(0);
    // Empty now: 60 records come back in 6 s (600 a minute).
    expect(rate.take([['a', 60]])).toBe(6_000);
    now = 6_000;
    expect(rate.take([['a', 60]])).toBe(0);
  });

  it('lets an exempt device past (the demo back-fill), and budgets it again once taken out', () => {
    const rate = new RecordRateLimiter(600, () => 0);
    rate.exempt.add('demo');
    expect(rate.take([['demo', 5_000]])).toBe(0);
    expect(rate.take([['demo', 5_000]])).toBe(0);
    rate.exempt.delete('demo');
    expect(rate.take([['demo', 600]])).toBe(0);
    expect(rate.take([['demo', 1]])).toBeGreaterThan(0);
  });
});
