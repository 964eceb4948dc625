/**
 * Chromium's own ICU data (Chrome, and the WebView of many Android phones) leaves Punjabi out: `Intl`
 * answers 'pa-IN' with the root locale's '2026 M11 27', 'Sun' and '₹ 123,456.50'. Where the browser
 * has no data for one of our languages, dates and numbers are formatted as en-IN (the same Indian
 * grouping, Latin digits and day-month-year order) with the language's own month and weekday names
 * (CLDR's) put back. Installed once at start, before anything formats: the domain's formatters and
 * the calendar use `Intl` directly.
 */

interface CalendarNames {
  /** A letter of the language's script: a browser with its data writes month names in it. */
  script: RegExp;
  monthsLong: readonly string[];
  monthsShort: readonly string[];
  /** Sunday first. */
  weekdaysLong: readonly string[];
  weekdaysShort: readonly string[];
  weekdaysNarrow: readonly string[];
  am: string;
  pm: string;
}

// CLDR's Punjabi (Gurmukhi) names, as a browser with full ICU data writes them.
const PUNJABI: CalendarNames = {
  script: /[\u0A00-\u0A7F]/,
  monthsLong: ['ਜਨਵਰੀ', 'ਫ਼ਰਵਰੀ', 'ਮਾਰਚ', 'ਅਪ੍ਰੈਲ', 'ਮਈ', 'ਜੂਨ', 'ਜੁਲਾਈ', 'ਅਗਸਤ', 'ਸਤੰਬਰ', 'ਅਕਤੂਬਰ', 'ਨਵੰਬਰ', 'ਦਸੰਬਰ'],
  monthsShort: ['ਜਨ', 'ਫ਼ਰ', 'ਮਾਰਚ', 'ਅਪ੍ਰੈ', 'ਮਈ', 'ਜੂਨ', 'ਜੁਲਾ', 'ਅਗ', 'ਸਤੰ', 'ਅਕਤੂ', 'ਨਵੰ', 'ਦਸੰ'],
  weekdaysLong: ['ਐਤਵਾਰ', 'ਸੋਮਵਾਰ', 'ਮੰਗਲਵਾਰ', 'ਬੁੱਧਵਾਰ', 'ਵੀਰਵਾਰ', 'ਸ਼ੁੱਕਰਵਾਰ', 'ਸ਼ਨੀਵਾਰ'],
  weekdaysShort: ['ਐਤ', 'ਸੋਮ', 'ਮੰਗਲ', 'ਬੁੱਧ', 'ਵੀਰ', 'ਸ਼ੁੱਕਰ', 'ਸ਼ਨੀ'],
  weekdaysNarrow: ['ਐ', 'ਸੋ', 'ਮੰ', 'ਬੁੱ', 'ਵੀ', 'ਸ਼ੁੱ', 'ਸ਼'],
  am: 'AM',
  pm: 'PM',
};

const NAMES: Readonly<Record<string, CalendarNames>> = { pa: PUNJABI };

const EN_WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The two constructors patched; a parameter so a test can hand in a browser without Punjabi. */
export interface IntlFormatters {
  DateTimeFormat: typeof Intl.DateTimeFormat;
  NumberFormat: typeof Intl.NumberFormat;
}

type Locales = string | readonly string[] | undefined;

const firstLocale = (locales: Locales): string | undefined => (typeof locales === 'string' ? locales : locales?.[0]);

/** 'pa-IN-u-nu-latn' → 'en-IN-u-nu-latn': the unicode extension (digits, calendar) kept. */
const asIndianEnglish = (locale: string): string => `en-IN${/-u-.*$/.exec(locale)?.[0] ?? ''}`;

function fallbackFor(original: typeof Intl.DateTimeFormat, missing: Map<string, boolean>) {
  return (locales: Locales): { locale: string; names: CalendarNames } | null => {
    const locale = firstLocale(locales);
    const lang = locale?.split('-')[0]?.toLowerCase() ?? '';
    const names = NAMES[lang];
    if (!locale || !names) return null;
    let absent = missing.get(lang);
    if (absent === undefined) {
      const probe = new original(lang, { timeZone: 'UTC', month: 'long' }).format(Date.UTC(2026, 0, 15));
      absent = !names.script.test(probe);
      missing.set(lang, absent);
    }
    return absent ? { locale: asIndianEnglish(locale), names } : null;
  };
}

/** en-IN's parts with the language's month and weekday names and day period put in. */
function localDateTimeFormat(original: typeof Intl.DateTimeFormat) {
  return class LocalNames extends original {
    readonly #names: CalendarNames;
    /** Which month and weekday an instant is, in this formatter's time zone. */
    readonly #index: Intl.DateTimeFormat;

    constructor(locale: string, options: Intl.DateTimeFormatOptions | undefined, names: CalendarNames) {
      super(locale, options);
      this.#names = names;
      this.#index = new original('en-US', { timeZone: this.resolvedOptions().timeZone, month: 'numeric', weekday: 'short', calendar: 'gregory' });
    }

    override formatToParts(date?: Date | number): Intl.DateTimeFormatPart[] {
      const at = date ?? Date.now();
      const { month, weekday } = this.resolvedOptions();
      const index = this.#index.formatToParts(at);
      const monthNo = Number(index.find((p) => p.type === 'month')?.value) - 1;
      const dayNo = EN_WEEKDAYS.indexOf(index.find((p) => p.type === 'weekday')?.value ?? '');
      const n = this.#names;
      return super.formatToParts(at).map((part) => {
        if (part.type === 'month' && !/^\d+$/.test(part.value)) {
          const name = (month === 'long' ? n.monthsLong : n.monthsShort)[monthNo];
          return name ? { ...part, value: name } : part;
        }
        if (part.type === 'weekday') {
          const name = (weekday === 'long' ? n.weekdaysLong : weekday === 'narrow' ? n.weekdaysNarrow : n.weekdaysShort)[dayNo];
          return name ? { ...part, value: name } : part;
        }
        if (part.type === 'dayPeriod') return { ...part, value: /^a/i.test(part.value) ? n.am : n.pm };
        // English puts a narrow no-break space before am/pm; Punjabi a plain one.
        if (part.type === 'literal') return { ...part, value: part.value.replace(/\u202f/g, ' ') };
        return part;
      });
    }

    override format(date?: Date | number): string {
      return this.formatToParts(date)
        .map((p) => p.value)
        .join('');
    }
  };
}

/**
 * Replaces `DateTimeFormat` and `NumberFormat` on `intl` with ones that fall back as above for a
 * language the browser lacks; every other language (and every browser with the data) is untouched.
 */
export function installIntlFallback(intl: IntlFormatters = Intl): void {
  const OriginalDate = intl.DateTimeFormat;
  const OriginalNumber = intl.NumberFormat;
  const fallback = fallbackFor(OriginalDate, new Map());
  const LocalNames = localDateTimeFormat(OriginalDate);

  // Plain functions, callable with or without `new` like the built-ins; `instanceof` still holds.
  const DateTimeFormat = function (locales?: Locales, options?: Intl.DateTimeFormatOptions) {
    const local = fallback(locales);
    return local ? new LocalNames(local.locale, options, local.names) : new OriginalDate(locales as string[] | undefined, options);
  };
  const NumberFormat = function (locales?: Locales, options?: Intl.NumberFormatOptions) {
    const local = fallback(locales);
    return new OriginalNumber(local ? local.locale : (locales as string[] | undefined), options);
  };
  for (const [patched, original] of [
    [DateTimeFormat, OriginalDate],
    [NumberFormat, OriginalNumber],
  ] as const) {
    Object.defineProperty(patched, 'prototype', { value: original.prototype });
    Object.defineProperty(patched, 'supportedLocalesOf', { value: original.supportedLocalesOf.bind(original) });
  }
  intl.DateTimeFormat = DateTimeFormat as unknown as typeof Intl.DateTimeFormat;
  intl.NumberFormat = NumberFormat as unknown as typeof Intl.NumberFormat;
}
