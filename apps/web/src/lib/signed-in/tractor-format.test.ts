import { describe, expect, it } from 'vitest';
import { durationParts, formatHourMeter, shownCount } from './tractor-format';

describe('the hour meter: to a tenth, as the dashboard meter reads, on every screen', () => {
  it('keeps the tenth with Indian grouping, as home, engine usage and service information show it', () => {
    // 3,458.9 on one screen and 3,459 on another was the same reading written two ways.
    expect(formatHourMeter(3458.9, 'en')).toBe('3,458.9');
    expect(formatHourMeter(3403, 'en')).toBe('3,403');
    expect(formatHourMeter(123456.44, 'hi')).toBe('1,23,456.4');
    expect(formatHourMeter(0, 'en')).toBe('0');
    expect(formatHourMeter(0.3, 'en')).toBe('0.3');
  });

  it('writes Latin digits in every language (as the dials do)', () => {
    expect(formatHourMeter(3458.9, 'ta')).toBe('3,458.9');
    expect(formatHourMeter(3458.9, 'pa')).toBe('3,458.9');
  });
});

describe('a length of time in hours and minutes', () => {
  it('splits minutes into whole hours and the minutes left, rounded to the minute', () => {
    expect(durationParts(350)).toEqual({ hours: 5, minutes: 50 });
    // 5.9 h of a day's engine use is 5 h 54 min, not "5.9 h".
    expect(durationParts(5.9 * 60)).toEqual({ hours: 5, minutes: 54 });
    expect(durationParts(45)).toEqual({ hours: 0, minutes: 45 });
    expect(durationParts(120)).toEqual({ hours: 2, minutes: 0 });
    expect(durationParts(59.6)).toEqual({ hours: 1, minutes: 0 });
    expect(durationParts(-3)).toEqual({ hours: 0, minutes: 0 });
  });
});

describe('the count a plural form follows', () => {
  it('is the number as shown, grouping taken out', () => {
    expect(shownCount('1')).toBe(1);
    expect(shownCount('1,234.5')).toBe(1234.5);
    expect(shownCount('1,23,456')).toBe(123456);
  });
});
