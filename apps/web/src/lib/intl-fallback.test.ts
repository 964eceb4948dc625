import { describe, expect, it } from 'vitest';
import { formatIstDateTime } from '@tractorlink/domain/time';
import { installIntlFallback } from './intl-fallback';
import type { IntlFormatters } from './intl-fallback';

/**
 * Chromium's bundled ICU has no Punjabi: it wrote '2026 M11 27', 'Sun' and '₹ 123,456.50' on the
 * Punjabi screens. Node has full ICU, so it gives the reference; a browser without Punjabi is
 * imitated by constructors that answer 'pa' with another locale's data.
 */
const isPunjabi = (locales: unknown) => String(Array.isArray(locales) ? locales[0] : locales).startsWith('pa');

class NoPunjabiDates extends Intl.DateTimeFormat {
  constructor(locales?: string | string[], options?: Intl.DateTimeFormatOptions) {
    super(isPunjabi(locales) ? 'en-US' : locales, options);
  }
}
class NoPunjabiNumbers extends Intl.NumberFormat {
  constructor(locales?: string | string[], options?: Intl.NumberFormatOptions) {
    super(isPunjabi(locales) ? 'en-US' : locales, options);
  }
}

// The built-ins are also callable without `new`; these classes are only ever constructed here.
const noPunjabi: IntlFormatters = {
  DateTimeFormat: NoPunjabiDates as unknown as typeof Intl.DateTimeFormat,
  NumberFormat: NoPunjabiNumbers as unknown as typeof Intl.NumberFormat,
};

function browserWithoutPunjabi(): IntlFormatters {
  const intl: IntlFormatters = { ...noPunjabi };
  installIntlFallback(intl);
  return intl;
}

const at = Date.UTC(2026, 10, 27, 5, 12, 9); // Friday 27 November 2026, 10:42:09 in India
const DATE_OPTIONS: Intl.DateTimeFormatOptions[] = [
  { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' },
  { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' },
  { timeZone: 'UTC', month: 'long', year: 'numeric' },
  { timeZone: 'UTC', weekday: 'short' },
  { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  { timeZone: 'Asia/Kolkata', hour: 'numeric', minute: '2-digit', hour12: true },
];

describe('Intl fallback for a language the browser has no data for', () => {
  it('the imitation is faithful: without the fallback Punjabi dates come out in English', () => {
    expect(new NoPunjabiDates('pa-IN-u-nu-latn', DATE_OPTIONS[0]).format(at)).toBe('Nov 27, 2026');
  });

  it.each(DATE_OPTIONS)('writes Punjabi dates as a browser with the data does (%o)', (options) => {
    const intl = browserWithoutPunjabi();
    expect(new intl.DateTimeFormat('pa-IN-u-nu-latn', options).format(at)).toBe(new Intl.DateTimeFormat('pa-IN-u-nu-latn', options).format(at));
  });

  it('every month and weekday name, long and short', () => {
    const intl = browserWithoutPunjabi();
    for (let m = 0; m < 12; m++) {
      for (const month of ['long', 'short'] as const) {
        const options = { timeZone: 'UTC', day: 'numeric', month, year: 'numeric' } as const;
        expect(new intl.DateTimeFormat('pa-IN', options).format(Date.UTC(2026, m, 3))).toBe(
          new Intl.DateTimeFormat('pa-IN', options).format(Date.UTC(2026, m, 3)),
        );
      }
    }
    for (let d = 1; d <= 7; d++) {
      for (const weekday of ['long', 'short', 'narrow'] as const) {
        const options = { timeZone: 'UTC', weekday } as const;
        expect(new intl.DateTimeFormat('pa', options).format(Date.UTC(2026, 1, d))).toBe(new Intl.DateTimeFormat('pa', options).format(Date.UTC(2026, 1, d)));
      }
    }
  });

  it('money and figures in Indian grouping, as Punjabi writes them', () => {
    const intl = browserWithoutPunjabi();
    const money = { style: 'currency', currency: 'INR', minimumFractionDigits: 2 } as const;
    expect(new intl.NumberFormat('pa-IN-u-nu-latn', money).format(123456.5)).toBe('₹1,23,456.50');
    expect(new intl.NumberFormat('pa-IN-u-nu-latn').format(1234567.25)).toBe('12,34,567.25');
  });

  it('the domain formatters that use Intl directly (last updated on home) read Punjabi once installed globally', () => {
    const real = { DateTimeFormat: Intl.DateTimeFormat, NumberFormat: Intl.NumberFormat };
    const reference = formatIstDateTime(at / 1000, 'pa');
    Intl.DateTimeFormat = noPunjabi.DateTimeFormat;
    try {
      expect(formatIstDateTime(at / 1000, 'pa')).not.toBe(reference);
      installIntlFallback();
      expect(formatIstDateTime(at / 1000, 'pa')).toBe(reference);
      expect(reference).toContain('ਨਵੰ');
    } finally {
      Intl.DateTimeFormat = real.DateTimeFormat;
      Intl.NumberFormat = real.NumberFormat;
    }
  });

  it('leaves other languages, and a browser that has Punjabi, as they were', () => {
    const intl = browserWithoutPunjabi();
    const options = DATE_OPTIONS[4];
    expect(new intl.DateTimeFormat('hi-IN', options).format(at)).toBe(new Intl.DateTimeFormat('hi-IN', options).format(at));
    expect(new intl.DateTimeFormat('pa-IN', options)).toBeInstanceOf(Intl.DateTimeFormat);
    const full: IntlFormatters = { DateTimeFormat: Intl.DateTimeFormat, NumberFormat: Intl.NumberFormat };
    installIntlFallback(full);
    expect(new full.DateTimeFormat('pa-IN', options).resolvedOptions().locale).toBe('pa-IN');
  });
});
