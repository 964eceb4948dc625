import { describe, expect, it, vi } from 'vitest';
import { formatIstDateTime, istDate, istDayRangeSeconds, istHour, istHourStart } from './time';

describe('time in India', () => {
  it("formats in the spec's format 'h:mm:ss a | DD MMM, YYYY' in IST", () => {
    // 2026-11-21 09:34:05 UTC = 15:04:05 IST.
    expect(formatIstDateTime(Date.UTC(2026, 10, 21, 9, 34, 5) / 1000)).toBe('3:04:05 pm | 21 Nov, 2026');
    expect(formatIstDateTime(Date.UTC(2026, 0, 4, 19, 0, 0) / 1000)).toBe('12:30:00 am | 05 Jan, 2026');
    // MMM is three letters in every month (en-IN's own short name for September is 'Sept').
    const months = Array.from({ length: 12 }, (_, m) => /\| \d\d (\w+), /.exec(formatIstDateTime(Date.UTC(2026, m, 15, 6) / 1000))?.[1]);
    expect(months).toEqual(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']);
  });

  it.each([
    ['America/Los_Angeles', 480],
    ['Pacific/Kiritimati', -840],
    ['UTC', 0],
  ])('formats in IST when the process runs in %s', (zone, offset) => {
    vi.stubEnv('TZ', zone);
    try {
      // The zone really changed for this process…
      expect(new Date(Date.UTC(2026, 10, 21, 9, 34, 5)).getTimezoneOffset()).toBe(offset);
      // …and India's time is shown all the same.
      expect(formatIstDateTime(Date.UTC(2026, 10, 21, 9, 34, 5) / 1000)).toBe('3:04:05 pm | 21 Nov, 2026');
      expect(istDate(Date.UTC(2026, 10, 21, 19, 0))).toBe('2026-11-22');
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('formats month names in the chosen language', () => {
    expect(formatIstDateTime(Date.UTC(2026, 10, 21, 9, 34, 5) / 1000, 'hi')).toMatch(/^3:04:05 .+ \| 21 नव॰?, 2026$/);
  });

  it('day ranges run 00:00:00 to 23:59:59 IST in seconds', () => {
    const { startDateTime, endDateTime } = istDayRangeSeconds('2026-11-21');
    expect(startDateTime).toBe(Date.UTC(2026, 10, 20, 18, 30) / 1000);
    expect(endDateTime - startDateTime).toBe(86_399);
  });

  it('hours and dates follow IST, not UTC', () => {
    const t = Date.UTC(2026, 10, 20, 18, 45); // 00:15 IST on the 21st
    expect(istDate(t)).toBe('2026-11-21');
    expect(istHour(t)).toBe(0);
    expect(istHourStart(t)).toBe(Date.UTC(2026, 10, 20, 18, 30));
  });
});
