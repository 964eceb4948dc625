import { describe, expect, it } from 'vitest';
import { formatDay, formatFigure, formatRupees, formatTime, parseRupees, rupeesText } from './customer-figures';

describe('money on both sides of a hire (issue 17)', () => {
  it('shows paise as rupees with Indian grouping, paise only when there are some', () => {
    expect(formatRupees(120_000, 'en')).toBe('₹1,200');
    expect(formatRupees(284_450, 'en')).toBe('₹2,844.50');
    expect(formatRupees(1_234_567_00, 'en')).toBe('₹12,34,567');
    // Marathi and Tamil keep Latin digits, as notes and UPI apps show them.
    expect(formatRupees(120_000, 'mr')).toBe('₹1,200');
    expect(formatRupees(120_000, 'ta')).toMatch(/^₹\s?1,200$/);
  });

  it('reads what the owner typed as whole paise, or refuses it', () => {
    expect(parseRupees('1200')).toBe(120_000);
    expect(parseRupees('1,200.5')).toBe(120_050);
    expect(parseRupees(' ₹ 850.05 ')).toBe(85_005);
    expect(parseRupees('0')).toBe(0);
    for (const bad of ['', '12.345', '-5', 'abc', '1.2.3', '1e5']) expect(parseRupees(bad), bad).toBeNull();
  });

  it('gives an input back what it showed', () => {
    expect(rupeesText(120_000)).toBe('1200');
    expect(rupeesText(120_050)).toBe('1200.50');
    expect(parseRupees(rupeesText(99_999))).toBe(99_999);
  });
});

describe('figures, days and times', () => {
  it('acres and hours with two decimals at most', () => {
    expect(formatFigure(2.374, 'en')).toBe('2.37');
    expect(formatFigure(1234.5, 'hi')).toBe('1,234.5');
  });

  it('a calendar day without a zone shift, a time in India', () => {
    expect(formatDay('2026-11-20', 'en')).toBe('20 Nov 2026');
    // 02:10 UTC is 7:40 in India.
    expect(formatTime(Date.UTC(2026, 10, 20, 2, 10) / 1000, 'en')).toBe('7:40 am');
  });
});
