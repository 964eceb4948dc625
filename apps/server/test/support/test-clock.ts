import type { Clock } from '../../src/clock';

/** 21 Nov 2026, 12:00 in India. */
export const TEST_START = Date.UTC(2026, 10, 21, 6, 30);

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;

/** A clock the test moves by hand: nothing sleeps. */
export class TestClock implements Clock {
  constructor(private t = TEST_START) {}

  now(): number {
    return this.t;
  }

  advance(ms: number): void {
    this.t += ms;
  }

  /** Moves to `t` (tests of public device vectors set the clock to the vectors' day). */
  set(t: number): void {
    this.t = t;
  }
}
