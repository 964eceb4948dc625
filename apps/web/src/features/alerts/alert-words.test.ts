import { beforeAll, describe, expect, it } from 'vitest';
import type { AlertItem } from '@tractorlink/domain/alerts';
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
    expect(w.reading).toBe('110 °C (limit 105 °C)');
    expect(w.description).toBe('The engine temperature reached 110 °C, above your limit of 105 °C. Stop the engine and let it cool down.');
    expect(w.severity).toBe('High');
    expect(w.tractor).toBe('Arjun · MH12AL1234');
    expect(w.time).toBe(formatIstDateTime(alert.timeStamp, 'en'));
  });

  it('in Hindi', () => {
    const w = alertWords(t('hi'), 'hi', { ...alert, alertTypeId: 'A0100', unit: 'L', alertValue: 20.4, alertthresholdvalue: 10 });
    expect(w.name).toBe('डीज़ल चोरी');
    expect(w.reading).toBe('20.4 लीटर (सीमा 10 लीटर)');
  });

  it('a plain event has no reading; a type this version does not know keeps the server words', () => {
    expect(alertWords(t('en'), 'en', { ...alert, alertTypeId: 'A0105', unit: null, alertValue: null, alertthresholdvalue: null }).reading).toBeNull();
    const unknown = alertWords(t('en'), 'en', { ...alert, alertTypeId: 'A9999' });
    expect(unknown.name).toBe('High engine temperature');
    expect(unknown.description).toBe('server words');
  });
});
