import { describe, expect, it } from 'vitest';
import { oneOffPassed } from '@tractorlink/domain/alarms';
import { istMidnight } from '@tractorlink/domain/time';
import { blankReminder } from './reminder-time';

describe('a new reminder starts in an hour (IST)', () => {
  it('at 10:15 IST: 11:15 am today', () => {
    const now = istMidnight('2026-11-24') + (10 * 60 + 15) * 60_000;
    expect(blankReminder(now)).toMatchObject({ time: '11:15', ampm: 'am', repeat: { date: '2026-11-24' } });
  });
  it('at 23:30 IST: 12:30 am tomorrow, not a time already passed today', () => {
    const now = istMidnight('2026-11-24') + (23 * 60 + 30) * 60_000;
    const blank = blankReminder(now);
    expect(blank).toMatchObject({ time: '12:30', ampm: 'am', repeat: { date: '2026-11-25' } });
    expect(oneOffPassed(blank, now)).toBe(false);
  });
});
