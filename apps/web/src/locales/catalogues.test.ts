import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ALERT_SEVERITIES, ALERT_TYPES } from '@tractorlink/domain/alerts';
import type { AlertUnit } from '@tractorlink/domain/alerts';
import { ERROR_CODES } from '@tractorlink/domain/errors';
import { GEOFENCE_FIELD_CODES } from '@tractorlink/domain/geofences';
import { LANGUAGE_CODES } from '@tractorlink/domain/languages';
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
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
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
    // A real translation, not English copied over (brand names and 'OTP'/'PIN'/'VIN' may stay).
    const untranslated = Object.keys(en).filter((k) => {
      const text = String(cat[k])
        .replace(/[\w.-]+@[\w.-]+/g, '')
        .replace(/TractorLink|OTP|PIN|VIN|SMS|Wi-Fi|JPEG|PNG|MB|A–Z|\{\{\s*\w+\s*\}\}/g, '');
      return /[A-Za-z]{3,}/.test(text);
    });
    expect(untranslated, `${lang} entries still in English`).toEqual([]);
  });
});

describe('keys used by the code', () => {
  const en = catalogues.ui('en');
  const alertsEn = catalogues.alerts('en');
  const geofencesEn = catalogues.geofences('en');

  it('every t("…") literal in src exists in en.json (or, for the alert and geofence screens, their namespace)', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(src)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/\bt\(\s*['"]([^'"]+)['"]/g)) used.add(m[1] as string);
    }
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((k) => !(k in en) && !(k in alertsEn) && !(k in geofencesEn))).toEqual([]);
    // A namespace's keys are not also in the main catalogue (one place per word).
    expect(Object.keys(alertsEn).filter((k) => k in en)).toEqual([]);
    expect(Object.keys(geofencesEn).filter((k) => k in en)).toEqual([]);
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

  it('every API error code and every field-rule code has a message (error.<CODE>)', () => {
    const fieldCodes = [
      'MOBILE_INVALID', 'OTP_FORMAT', 'PIN_FORMAT', 'NAME_REQUIRED', 'NAME_TOO_LONG', 'NAME_INVALID', 'EMAIL_INVALID',
      'BIRTH_DATE_REQUIRED', 'BIRTH_DATE_INVALID', 'TERMS_NOT_ACCEPTED', 'DEVICE_ID_INVALID', 'PIN_MISMATCH', 'IMAGE_TYPE', 'IMAGE_TOO_LARGE',
      // Alert configuration, receivers and push subscription refusals (domain alerts.ts, server push service).
      'PHONE_REQUIRED', 'PHONE_INVALID', 'CHANNEL_INVALID', 'THRESHOLD_OUT_OF_RANGE', 'DURATION_OUT_OF_RANGE', 'NOT_CONFIGURABLE',
      'DUPLICATE_ALERT_TYPE', 'PUSH_ENDPOINT_NOT_ALLOWED',
    ];
    const clientCodes = ['NETWORK', 'UNKNOWN'];
    const missing = [...ERROR_CODES, ...fieldCodes, ...clientCodes].filter((c) => !(`error.${c}` in en));
    expect(missing).toEqual([]);
  });

  it('the field rules of the domain use only codes that have messages', () => {
    const domain = ['validation.ts', 'auth.ts', 'alerts.ts', 'geofences.ts'].map((f) => readFileSync(join(src, '../../../packages/domain/src', f), 'utf8')).join('\n');
    const codes = new Set([...domain.matchAll(/'([A-Z][A-Z0-9_]+)'\)/g)].map((m) => m[1] as string));
    expect(codes.size).toBeGreaterThan(5);
    const geofencesEn = catalogues.geofences('en');
    expect([...codes].filter((c) => !(`error.${c}` in en) && !(`error.${c}` in geofencesEn))).toEqual([]);
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
