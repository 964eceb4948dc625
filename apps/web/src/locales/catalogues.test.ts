import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ALERT_SEVERITIES, ALERT_TYPES } from '@tractorlink/domain/alerts-catalog';
import type { AlertUnit } from '@tractorlink/domain/alerts-catalog';
import { ERROR_CODES } from '@tractorlink/domain/errors';
import { GEOFENCE_FIELD_CODES } from '@tractorlink/domain/geofences';
import { LANGUAGE_CODES } from '@tractorlink/domain/languages';
import { BOOKING_STATUSES, SERVICE_TYPES } from '@tractorlink/domain/service-booking';
import { TERMS_SECTIONS } from '../components/legal/terms-dialog';

/** Every catalogue complete in all seven languages, and every key the code uses present in English. */
const here = dirname(fileURLToPath(import.meta.url));
const src = join(here, '..');
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;

const catalogues = {
  ui: (lang: string) => read(join(here, `${lang}.json`)),
  terms: (lang: string) => read(join(here, 'terms', `${lang}.json`)),
  // The alert screens' namespace (lib/signed-in/alert-texts.ts), loaded with those screens.
  alerts: (lang: string) => read(join(here, 'alerts', `${lang}.json`)),
  // The geofence screens' namespace (lib/signed-in/geofence-texts.ts), loaded with those screens.
  geofences: (lang: string) => read(join(here, 'geofences', `${lang}.json`)),
  // The signed-in screens' namespace (lib/signed-in/tractor-texts.ts), loaded with the signed-in shell.
  tractor: (lang: string) => read(join(here, 'tractor', `${lang}.json`)),
  // The renewal, payment, history and invoice screens' namespace (lib/signed-in/subscription-texts.ts).
  subscription: (lang: string) => read(join(here, 'subscription', `${lang}.json`)),
  // The reminder screens' namespace (lib/signed-in/reminders-texts.ts).
  reminders: (lang: string) => read(join(here, 'reminders', `${lang}.json`)),
  // The service booking screens' namespace (lib/signed-in/services-texts.ts, issue 15).
  services: (lang: string) => read(join(here, 'services', `${lang}.json`)),
  // Ask me's namespace: the screen, its quick questions and answer templates (lib/signed-in/askme-texts.ts).
  askme: (lang: string) => read(join(here, 'askme', `${lang}.json`)),
  // The hire ledger's namespace (lib/signed-in/hire-texts.ts, issue 17).
  hire: (lang: string) => read(join(here, 'hire', `${lang}.json`)),
  // What a hire customer reads: the shared bill and live pages and a shared link's text (public-pages/texts.ts, issue 17).
  public: (lang: string) => read(join(here, 'public', `${lang}.json`)),
  // What the server writes itself (push titles, SMS, the alert list's names: apps/server/src/i18n/server-texts.ts); the web never loads it.
  server: (lang: string) => read(join(here, 'server', `${lang}.json`)),
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** The app's modules that `entries` import statically (type imports and lazy `import()` left out), with the entries. */
function staticImports(entries: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(/^import (?!type )[^;]*?from '(\.[^']+)';/gms)) {
      const base = join(dirname(file), spec as string);
      const found = [base, `${base}.ts`, `${base}.tsx`].find((p) => /\.tsx?$/.test(p) && existsSync(p));
      if (found) visit(found);
    }
  };
  entries.forEach(visit);
  return seen;
}

const otherLanguages = LANGUAGE_CODES.filter((l) => l !== 'en');

describe.each(Object.entries(catalogues))('%s catalogues', (_name, load) => {
  const en = load('en');

  it('has only non-empty strings in English', () => {
    for (const [key, value] of Object.entries(en)) {
      expect(typeof value, key).toBe('string');
      expect((value as string).trim(), key).not.toBe('');
    }
  });

  it.each(otherLanguages)('%s has exactly the English keys, none empty or left in English', (lang) => {
    const cat = load(lang);
    const missing = Object.keys(en).filter((k) => typeof cat[k] !== 'string' || (cat[k] as string).trim() === '');
    const extra = Object.keys(cat).filter((k) => !(k in en));
    expect(missing, `missing or empty in ${lang}`).toEqual([]);
    expect(extra, `not in en.json`).toEqual([]);
    // Same placeholders, so no {{value}} is lost in translation.
    for (const [k, v] of Object.entries(en)) {
      const want = [...(v as string).matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
      const got = [...String(cat[k]).matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
      expect(got, `${lang} ${k}`).toEqual(want);
    }
    // A real translation, not English copied over (brand names, 'OTP'/'PIN'/'VIN' and the tax terms GST/SAC may stay).
    const untranslated = Object.keys(en).filter((k) => {
      const text = String(cat[k])
        .replace(/[\w.-]+@[\w.-]+/g, '')
        .replace(/TractorLink|OTP|PIN|VIN|SMS|Wi-Fi|JPEG|PNG|MB|A–Z|[CSI]?GST|SAC|PDF|\{\{\s*\w+\s*\}\}/g, '');
      return /[A-Za-z]{3,}/.test(text);
    });
    expect(untranslated, `${lang} entries still in English`).toEqual([]);
  });
});

describe('counted words (i18next plural forms)', () => {
  it.each(Object.keys(catalogues))("%s: a count is never written '(s)' or 'N of M' for a limit; each plural has its one and other forms", (name) => {
    const en = catalogues[name as keyof typeof catalogues]('en') as Record<string, string>;
    // 'Basic charges for 1 tractor(s)', '1 of 50 geofences' (50 being the most allowed, not a total).
    expect(Object.entries(en).filter(([, text]) => /\(s\)/.test(text))).toEqual([]);
    for (const key of Object.keys(en)) {
      const base = key.replace(/_(one|other)$/, '');
      if (base !== key) expect([`${base}_one` in en, `${base}_other` in en], key).toEqual([true, true]);
    }
  });

  it.each(LANGUAGE_CODES)('%s: every plural form the language uses is there (Intl.PluralRules, as i18next picks it)', (lang) => {
    const forms = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
    for (const [name, load] of Object.entries(catalogues)) {
      const cat = load(lang);
      const plurals = [
        ...new Set(
          Object.keys(cat)
            .filter((k) => k.endsWith('_other'))
            .map((k) => k.slice(0, -'_other'.length)),
        ),
      ];
      for (const base of plurals) for (const form of forms) expect(`${base}_${form}` in cat, `${name} ${base}_${form}`).toBe(true);
    }
  });
});

describe('the brand (issue 19 item 5)', () => {
  // 'Tractor' + 'link' spelt in a script of ours, or TractorLink spelt another way in Latin letters.
  const otherwise = /(ट्रैक्टर|ट्रॅक्टर|ਟਰੈਕਟਰ|ਟ੍ਰੈਕਟਰ|ટ્રેક્ટર|டிராக்டர்|ட்ராக்டர்|ట్రాక్టర్)[\s\u200c-]*(लिंक|ਲਿੰਕ|લિંક|லிங்க|లింక్)|Tractor[ -]?link|TRACTORLINK|Tractor Link/;

  it.each(Object.keys(catalogues))('%s: written TractorLink in every language, never transliterated', (name) => {
    const load = catalogues[name as keyof typeof catalogues];
    const found = LANGUAGE_CODES.flatMap((lang) =>
      Object.entries(load(lang))
        .filter(([, text]) => otherwise.test(String(text)))
        .map(([key]) => `${lang} ${key}`),
    );
    expect(found).toEqual([]);
  });
});

describe('Tamil asks politely (issue 19 item 5)', () => {
  // A bare verb stem at the end (சேர், நீக்கு, திருத்து …) is the informal imperative; buttons and
  // titles use the polite -வும் form (சேர்க்கவும், நீக்கவும், திருத்தவும் …) throughout.
  const informal =
    /(^|\s)(செய்|சேர்|திருத்து|நீக்கு|மாற்று|தேடு|அழி|முடி|இயக்கு|நிறுத்து|இடைநிறுத்து|அனுப்பு|பார்|காண்|குறி|மீட்டமை|ஒதுக்கு|நகர்த்து|அழை|கைவிடு|பெரிதாக்கு|சிறிதாக்கு|உருவாக்கு|கண்டுபிடி|சேமி|திற|மூடு|செலுத்து|வை|தேர்வுசெய்)[.!]?$/;

  it.each(Object.keys(catalogues))('%s: no informal imperative in Tamil', (name) => {
    const ta = catalogues[name as keyof typeof catalogues]('ta');
    expect(Object.entries(ta).filter(([, text]) => informal.test(String(text).trim()))).toEqual([]);
  });

  it("'Off' is switched off (அணைக்கப்பட்டுள்ளது), not a bus stop (நிறுத்தத்தில்)", () => {
    for (const name of Object.keys(catalogues)) {
      const ta = catalogues[name as keyof typeof catalogues]('ta');
      expect(Object.entries(ta).filter(([, text]) => String(text).includes('நிறுத்தத்தில்'))).toEqual([]);
    }
    expect(catalogues.alerts('ta')['alertConfig.isOff']).toBe('அணைக்கப்பட்டுள்ளது');
  });
});

describe('keys used by the code', () => {
  const en = catalogues.ui('en');
  const alertsEn = catalogues.alerts('en');
  const geofencesEn = catalogues.geofences('en');
  const tractorEn = catalogues.tractor('en');
  const subscriptionEn = catalogues.subscription('en');
  const remindersEn = catalogues.reminders('en');
  const askmeEn = catalogues.askme('en');
  const servicesEn = catalogues.services('en');
  const hireEn = catalogues.hire('en');
  const publicEn = catalogues.public('en');

  it('every t("…") literal in src exists in en.json (or in the namespace of the signed-in, alert or geofence screens)', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(src)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/\bt\(\s*['"]([^'"]+)['"]/g)) used.add(m[1] as string);
    }
    expect(used.size).toBeGreaterThan(50);
    // t('x', { count }) finds x_one, x_other … (i18next's plural forms): x_other stands for them.
    const plural = (k: string) => (k.endsWith('_other') ? k : `${k}_other`);
    expect(
      [...used]
        .map((k) =>
          k in en || [tractorEn, subscriptionEn, remindersEn, servicesEn, hireEn, alertsEn, geofencesEn, askmeEn, publicEn].some((ns) => k in ns)
            ? k
            : plural(k),
        )
        .filter(
          (k) =>
            !(k in en) &&
            !(k in alertsEn) &&
            !(k in geofencesEn) &&
            !(k in tractorEn) &&
            !(k in subscriptionEn) &&
            !(k in remindersEn) &&
            !(k in askmeEn) &&
            !(k in servicesEn) &&
            !(k in hireEn) &&
            !(k in publicEn),
        ),
    ).toEqual([]);
    // A namespace's keys are in no other catalogue (one place per word).
    const namespaces = [alertsEn, geofencesEn, tractorEn, subscriptionEn, remindersEn, askmeEn, servicesEn, hireEn, publicEn];
    namespaces.forEach((ns, i) => {
      const elsewhere = [en, ...namespaces.filter((_, j) => j !== i)];
      expect(Object.keys(ns).filter((k) => elsewhere.some((other) => k in other))).toEqual([]);
    });
  });

  it('code that runs before sign-in uses no word of the signed-in namespace (it is not loaded there)', () => {
    // The app's start and the screens open without a session (route guard), with all they import.
    const entries = [
      'main.tsx',
      'app/update-prompt.tsx',
      ...['login', 'register', 'verify-otp', 'create-new-pin', 'forgot-pin', 'reset-pin', 'registration-profile'].map((s) => `features/auth/${s}-screen.tsx`),
      'features/about/about-screen.tsx',
      'features/about/terms-screen.tsx',
    ].map((f) => join(src, f));
    const files = staticImports(entries);
    expect(files.size).toBeGreaterThan(20);
    const misplaced: string[] = [];
    for (const file of files) {
      const code = readFileSync(file, 'utf8');
      const name = file.slice(src.length + 1);
      for (const key of Object.keys(tractorEn)) {
        if (code.includes(`'${key}'`) || code.includes(`"${key}"`) || code.includes(`\`${key}\``)) misplaced.push(`${name}: ${key}`);
      }
      // t(`status.${…}`): a key built at run time, judged by its prefix.
      for (const [, prefix] of code.matchAll(/`([\w.]+\.)\$\{/g)) {
        if (Object.keys(tractorEn).some((k) => k.startsWith(prefix as string))) misplaced.push(`${name}: ${prefix}*`);
      }
    }
    expect(misplaced).toEqual([]);
  });

  it('the geofence catalogue has every field code, kind and spec §8 message (issue 6)', () => {
    const want = [
      ...GEOFENCE_FIELD_CODES.map((c) => `error.${c}`),
      ...['custom', 'state', 'district', 'circle', 'square', 'polygon'].map((k) => `geofence.kind.${k}`),
      ...['created', 'updated', 'deleted', 'updateError'].map((m) => `geofence.${m}`),
    ];
    expect(want.filter((k) => !(k in geofencesEn))).toEqual([]);
    expect(geofencesEn['error.COORDINATES_EMPTY']).toMatch(/^Coordinates cannot be empty/);
    expect(en['error.DUPLICATE_GEOFENCE_NAME']).toBeTruthy();
  });

  it('the alert catalogue names and describes every type, and has every unit and severity (issue 5)', () => {
    const units: AlertUnit[] = ['V', 'C', 'rpm', 'percent', 'L', 'm', 'min', 'h'];
    const want = [
      ...ALERT_TYPES.flatMap((a) => [`alert.${a.id}.name`, `alert.${a.id}.description`]),
      ...units.map((u) => `alert.unit.${u}`),
      ...ALERT_SEVERITIES.map((s) => `alert.severity.${s}`),
      ...['today', 'critical', 'unread', 'filter'].map((m) => `alerts.empty.${m}`),
      ...['critical', 'others'].map((m) => `alerts.tab.${m}`),
      ...['today', 'week', 'twoMonths'].map((m) => `alerts.frequency.${m}`),
      ...['engine', 'fuel', 'security', 'service'].map((g) => `alertConfig.group.${g}`),
      ...['sms', 'notification'].map((c) => `receivers.channel.${c}`),
      'push.denied',
      'push.failed',
    ];
    expect(ALERT_TYPES).toHaveLength(23);
    expect(want.filter((k) => !(k in alertsEn))).toEqual([]);
    for (const a of ALERT_TYPES) {
      if (a.unit) expect(units, a.id).toContain(a.unit);
    }
    // Spec §8's two messages stay in the main catalogue, word for word.
    expect(en['pwa.noServiceWorker']).toBe('This browser does not support service worker');
    expect(en['pwa.noPush']).toBe('This browser does not support push notification');
  });

  it.each(LANGUAGE_CODES)('the server names every alert type as the alert screens do, in %s (issue 18)', (lang) => {
    const names = (catalogue: Record<string, unknown>) => Object.fromEntries(Object.entries(catalogue).filter(([k]) => /^alert\.\w+\.name$/.test(k)));
    const server = names(catalogues.server(lang));
    expect(Object.keys(server).sort()).toEqual(ALERT_TYPES.map((a) => `alert.${a.id}.name`).sort());
    // Same words: a push or SMS names the alert as the list and the detail screen do.
    expect(server).toEqual(names(catalogues.alerts(lang)));
  });

  it('every API error code and every field-rule code has a message (error.<CODE>)', () => {
    const fieldCodes = [
      'MOBILE_INVALID',
      'OTP_FORMAT',
      'PIN_FORMAT',
      'NAME_REQUIRED',
      'NAME_TOO_LONG',
      'NAME_INVALID',
      'EMAIL_INVALID',
      'BIRTH_DATE_REQUIRED',
      'BIRTH_DATE_INVALID',
      'TERMS_NOT_ACCEPTED',
      'DEVICE_ID_INVALID',
      'PIN_MISMATCH',
      'IMAGE_TYPE',
      'IMAGE_TOO_LARGE',
      // Alert configuration, receivers and push subscription refusals (domain alerts-api.ts, receivers-api.ts and push-api.ts, server push service).
      'PHONE_REQUIRED',
      'PHONE_INVALID',
      'CHANNEL_INVALID',
      'THRESHOLD_OUT_OF_RANGE',
      'DURATION_OUT_OF_RANGE',
      'NOT_CONFIGURABLE',
      'DUPLICATE_ALERT_TYPE',
      'PUSH_ENDPOINT_NOT_ALLOWED',
    ];
    const clientCodes = ['NETWORK', 'UNKNOWN'];
    // A message that says a number of minutes or seconds has plural forms: error.<CODE>_one, error.<CODE>_other.
    const missing = [...ERROR_CODES, ...fieldCodes, ...clientCodes].filter((c) => !(`error.${c}` in en) && !(`error.${c}_other` in en));
    expect(missing).toEqual([]);
  });

  it('the field rules of the domain use only codes that have messages', () => {
    const domain = ['validation.ts', 'auth.ts', 'alerts-api.ts', 'receivers-api.ts', 'push-api.ts', 'geofences.ts', 'reminders-api.ts']
      .map((f) => readFileSync(join(src, '../../../packages/domain/src', f), 'utf8'))
      .join('\n');
    const codes = new Set([...domain.matchAll(/'([A-Z][A-Z0-9_]+)'\)/g)].map((m) => m[1] as string));
    expect(codes.size).toBeGreaterThan(5);
    const geofencesEn = catalogues.geofences('en');
    const remindersEn = catalogues.reminders('en');
    expect([...codes].filter((c) => !(`error.${c}` in en) && !(`error.${c}` in geofencesEn) && !(`error.${c}` in remindersEn))).toEqual([]);
  });

  it('the service booking catalogue names every type and status and has the spec §8 messages (issue 15)', () => {
    const want = [
      ...SERVICE_TYPES.map((s) => `serviceType.${s}`),
      ...BOOKING_STATUSES.map((s) => `bookingStatus.step.${s}`),
      ...['owner', 'dealer'].map((by) => `bookingStatus.cancelledBy.${by}`),
      ...['line', 'city', 'pincode', 'state'].map((f) => `book.address.${f}`),
      ...['type', 'size', 'unreadable'].map((p) => `book.photo.${p}`),
      ...['notNeeded', 'fixedElsewhere', 'timeNotGood', 'other'].map((r) => `bookingStatus.reason.${r}`),
    ];
    expect(want.filter((k) => !(k in servicesEn))).toEqual([]);
    expect(servicesEn['book.noFreeLeft']).toBe('No free service left for the tractor');
    expect(servicesEn['serviceInfo.notAvailable']).toBe('Service due information not available');
  });

  it.each(LANGUAGE_CODES)("%s: the replay's Pause and the voice's Stop are different words (one holds, the other ends; issue 19)", (lang) => {
    const tractor = catalogues.tractor(lang) as Record<string, string>;
    expect(tractor['replay.pause']).not.toBe(tractor['voice.stop']);
  });

  it("the terms text has every section of spec §1 and the modal's own strings", () => {
    const terms = catalogues.terms('en');
    for (const s of TERMS_SECTIONS) {
      expect(terms[`terms.${s}.title`], s).toBeTruthy();
      expect(terms[`terms.${s}.body`], s).toBeTruthy();
    }
    expect(en['terms.title']).toBe('Terms and Conditions');
    expect(en['terms.agree']).toBe('I agree.');
  });
});
