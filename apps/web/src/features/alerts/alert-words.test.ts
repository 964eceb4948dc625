import { beforeAll, describe, expect, it } from 'vitest';
import type { AlertItem } from '@tractorlink/domain/alerts-api';
import { formatIstDateTime } from '@tractorlink/domain/time';
import { i18next, initI18n } from '../../lib/i18n';
import { ALERTS_NS, loadAlertTexts } from '../../lib/signed-in/alert-texts';
import { storage } from '../../lib/secure-storage';
import { alertWords } from './alert-words';

const alert: AlertItem = {
  alertId: 'a1',
  alertName: 'High engine temperature',
  alertTypeId: 'A0003',
  alertSeverity: 'HIGH',
  critical: true,
  alertDescription: 'server words',
  alertthresholdvalue: 105,
  alertValue: 110,
  unit: 'C',
  latitude: 18.8,
  longitude: 74.4,
  timeStamp: 1_795_311_201,
  vin: 'MBNAL0000000000001',
  regNo: 'MH12AL1234',
  Veh_Name: 'Arjun',
  vehicleModel: 'Arjun 555 DI',
  vehicleType: 'TRACTOR',
  vehicleCategory: 'FD_DOM',
  vehicleGroup: 'DiGiSENSE',
  alertConfigBy: 'oem',
  alertStatus: 'unread',
};

beforeAll(async () => {
  await storage.load();
  await initI18n('en');
  await Promise.all([loadAlertTexts('en'), loadAlertTexts('hi')]);
});

describe('an alert in words', () => {
  const t = (lang: string) => i18next.getFixedT(lang, [ALERTS_NS, 'translation']);

  it('names it from the web catalogue, with the value against the limit and the unit', () => {
    const w = alertWords(t('en'), 'en', alert);
    expect(w.name).toBe('High engine temperature');
    expect(w.reading).toBe('110 °C, above 105 °C');
    expect(w.description).toBe('The engine temperature reached 110 °C, above your limit of 105 °C. Stop the engine and let it cool down.');
    expect(w.severity).toBe('High');
    expect(w.tractor).toBe('Arjun · MH12AL1234');
    expect(w.time).toBe(formatIstDateTime(alert.timeStamp, 'en'));
  });

  it('in Hindi', () => {
    const w = alertWords(t('hi'), 'hi', { ...alert, alertTypeId: 'A0100', unit: 'L', alertValue: 20.4, alertthresholdvalue: 10 });
    expect(w.name).toBe('डीज़ल चोरी');
    expect(w.reading).toBe('टंकी से 20.4 लीटर गया');
  });

  it('reads like a person wrote it: durations in hours and minutes, diesel below the limit, not "(limit …)"', () => {
    const en = t('en');
    const idle = alertWords(en, 'en', { ...alert, alertTypeId: 'A0009', unit: 'min', alertValue: 223, alertthresholdvalue: 20 });
    expect(idle.reading).toBe('Idle for 3 h 43 min');
    expect(idle.description).toBe('The engine idled for 3 h 43 min (your limit is 20 min). Idling burns diesel without doing any work.');
    expect(alertWords(en, 'en', { ...alert, alertTypeId: 'A0014', unit: 'min', alertValue: 120, alertthresholdvalue: 5 }).reading).toBe(
      'PTO off after 2 h of work',
    );
    expect(alertWords(en, 'en', { ...alert, alertTypeId: 'A0103', unit: 'percent', alertValue: 12, alertthresholdvalue: 15 }).reading).toBe(
      'Diesel below 15 %',
    );
    expect(alertWords(en, 'en', { ...alert, alertTypeId: 'A0005', unit: 'V', alertValue: 12.1, alertthresholdvalue: 12.8 }).reading).toBe(
      '12.1 V, below 12.8 V',
    );
    expect(alertWords(t('hi'), 'hi', { ...alert, alertTypeId: 'A0009', unit: 'min', alertValue: 65, alertthresholdvalue: 20 }).reading).toBe(
      '1 घंटे 5 मिनट तक बिना काम चला',
    );
    for (const w of [idle]) expect(`${w.reading} ${w.description}`).not.toMatch(/limit \d|223/);
  });

  it('says service-due engine hours as the hour meter on every tractor screen: to a tenth', () => {
    const due = alertWords(t('en'), 'en', { ...alert, alertTypeId: 'A0102', unit: 'h', alertValue: 3458.9, alertthresholdvalue: 3250 });
    expect(due.description).toBe('The engine has run 3,458.9 h; the service was due at 3,250 h. Book a service soon.');
  });

  it('a plain event has no reading; a type this version does not know keeps the server words', () => {
    expect(alertWords(t('en'), 'en', { ...alert, alertTypeId: 'A0105', unit: null, alertValue: null, alertthresholdvalue: null }).reading).toBeNull();
    const unknown = alertWords(t('en'), 'en', { ...alert, alertTypeId: 'A9999' });
    expect(unknown.name).toBe('High engine temperature');
    expect(unknown.description).toBe('server words');
  });
});
