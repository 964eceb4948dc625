import { describe, expect, it } from 'vitest';
import { amountInWords } from './amount-words';
import { extendedPeriod, financialYear, gstOn, gstStateCode, invoiceNumber, percentOf, placeOfSupply, subscriptionState } from './subscription';
import { DAY_MS, istMidnight } from './time';

const noon = (date: string) => istMidnight(date) + 12 * 3600_000;

describe('subscription state (spec §4: valid, expiring in N days, expired or free)', () => {
  const now = noon('2026-11-24');
  it('is expired once the end has passed, even by a second', () => {
    expect(subscriptionState(now - 1000, 'year', now)).toEqual({ state: 'expired', daysLeft: 0 });
    expect(subscriptionState(istMidnight('2026-11-20'), 'month', now).state).toBe('expired');
  });
  it('is expiring within 7 IST days, counting calendar days, the 7th included', () => {
    expect(subscriptionState(istMidnight('2026-11-27') + 3600_000, 'year', now)).toEqual({ state: 'expiring', daysLeft: 3 });
    expect(subscriptionState(now + 1000, 'year', now)).toEqual({ state: 'expiring', daysLeft: 0 });
    expect(subscriptionState(noon('2026-11-30'), 'year', now)).toEqual({ state: 'expiring', daysLeft: 6 });
    // The 7-day reminder arrives exactly 7 × 24 h before the end: on this day, which says the same.
    expect(subscriptionState(noon('2026-12-01'), 'year', now)).toEqual({ state: 'expiring', daysLeft: 7 });
    expect(subscriptionState(istMidnight('2026-12-02') - 1000, 'free', now)).toEqual({ state: 'expiring', daysLeft: 7 });
    expect(subscriptionState(istMidnight('2026-12-02'), 'year', now)).toEqual({ state: 'valid', daysLeft: 8 });
    expect(subscriptionState(noon('2026-12-02'), 'free', now)).toEqual({ state: 'free', daysLeft: 8 });
  });
  it('is free on the free pack until it nears its end', () => {
    expect(subscriptionState(now + 20 * DAY_MS, 'free', now).state).toBe('free');
    expect(subscriptionState(now + 2 * DAY_MS, 'free', now).state).toBe('expiring');
  });
});

describe('extension', () => {
  it('runs from the current end while valid, and from now once expired', () => {
    const now = noon('2026-11-24');
    expect(extendedPeriod(now + 3 * DAY_MS, 'month', now)).toEqual({ validFrom: now + 3 * DAY_MS, validTill: now + 33 * DAY_MS });
    expect(extendedPeriod(now - 9 * DAY_MS, 'year', now)).toEqual({ validFrom: now, validTill: now + 365 * DAY_MS });
  });
});

describe('GST', () => {
  it('splits 9 % + 9 % within the supplier state and 18 % IGST across states', () => {
    expect(gstOn(199_900, 'Maharashtra', 'maharashtra')).toEqual({
      taxablePaise: 199_900,
      intraState: true,
      cgstPaise: 17_991,
      sgstPaise: 17_991,
      igstPaise: 0,
      totalPaise: 235_882,
    });
    expect(gstOn(199_900, 'Maharashtra', 'Gujarat')).toEqual({
      taxablePaise: 199_900,
      intraState: false,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 35_982,
      totalPaise: 235_882,
    });
  });
  it("places a supply to a buyer with no known state in the supplier's state (IGST Act s. 12(2)(b)(ii)): CGST + SGST", () => {
    expect(placeOfSupply('Maharashtra', '')).toEqual({ state: 'Maharashtra', code: '27' });
    expect(placeOfSupply('Maharashtra', 'Atlantis')).toEqual({ state: 'Maharashtra', code: '27' });
    expect(placeOfSupply('Maharashtra', ' Tamil Nadu ')).toEqual({ state: 'Tamil Nadu', code: '33' });
    expect(gstOn(10_000, 'Maharashtra', '')).toMatchObject({ intraState: true, cgstPaise: 900, sgstPaise: 900, igstPaise: 0 });
    expect(gstOn(10_000, 'Maharashtra', 'Atlantis').intraState).toBe(true);
  });
  it('rounds each tax half up to the paisa in integers, and every total adds up (₹1, ₹1.50, ₹999, ₹1,01,999.99, ten of them)', () => {
    expect(percentOf(150, 9)).toBe(14);
    expect(percentOf(149, 9)).toBe(13);
    expect(percentOf(10_199_999, 18)).toBe(1_836_000);
    for (const taxable of [100, 150, 99_900, 10_199_999, 10 * 10_199_999, 10 * 99_900, 1, 0]) {
      for (const state of ['Maharashtra', 'Gujarat']) {
        const tax = gstOn(taxable, 'Maharashtra', state);
        expect(tax.cgstPaise).toBe(tax.sgstPaise);
        expect(tax.totalPaise).toBe(tax.taxablePaise + tax.cgstPaise + tax.sgstPaise + tax.igstPaise);
        expect(Number.isInteger(tax.totalPaise)).toBe(true);
      }
    }
    expect(gstOn(10_199_999, 'Maharashtra', 'Maharashtra')).toMatchObject({ cgstPaise: 918_000, sgstPaise: 918_000, totalPaise: 12_035_999 });
    expect(gstOn(101_999_990, 'Maharashtra', 'Gujarat')).toMatchObject({ igstPaise: 18_359_998, totalPaise: 120_359_988 });
    // Half a paisa of 9 %: each of CGST and SGST rounds up, IGST (18 %) has no half.
    expect(gstOn(150, 'Maharashtra', 'Maharashtra')).toMatchObject({ cgstPaise: 14, sgstPaise: 14, totalPaise: 178 });
    expect(gstOn(150, 'Maharashtra', 'Gujarat')).toMatchObject({ igstPaise: 27, totalPaise: 177 });
    expect(() => gstOn(1.5, 'Maharashtra', 'Gujarat')).toThrow(RangeError);
  });
  it('knows state codes whatever the case or ampersand', () => {
    expect(gstStateCode('Tamil Nadu')).toBe('33');
    expect(gstStateCode('jammu & kashmir')).toBe('01');
  });
});

describe('invoice numbers', () => {
  it('belong to the Indian financial year, which turns on 1 April IST', () => {
    expect(financialYear(istMidnight('2027-03-31') + 86_399_000)).toBe('26-27');
    expect(financialYear(istMidnight('2027-04-01'))).toBe('27-28');
    expect(financialYear(istMidnight('2099-06-01'))).toBe('99-00');
  });
  it('are at most 16 characters', () => {
    expect(invoiceNumber('TL', '26-27', 1)).toBe('TL/26-27/000001');
    expect(() => invoiceNumber('TRACTOR', '26-27', 1)).toThrow(RangeError);
  });
});

describe('amount in words (Indian system)', () => {
  it('spells rupees and paise', () => {
    expect(amountInWords(235_882, 'en')).toBe('Rupees Two Thousand Three Hundred Fifty-Eight and Eighty-Two Paise Only');
    expect(amountInWords(12_345_678_900, 'en')).toBe('Rupees Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine Only');
    expect(amountInWords(100, 'en')).toBe('Rupees One Only');
    expect(amountInWords(0, 'en')).toBe('Rupees Zero Only');
  });
});
