import { describe, expect, it } from 'vitest';
import { ALERT_TYPES, alertType } from '@tractorlink/domain/alerts-catalog';
import type { AlertBound } from '@tractorlink/domain/alerts-catalog';
import { checkSetting, durationUnit, shownBound, shownValue } from './bounds';

const temperature = alertType('A0003').threshold as AlertBound; // 95 … 120 °C
const battery = alertType('A0005').threshold as AlertBound; // 11.5 … 13.5 V
const idling = alertType('A0009').duration as AlertBound; // 300 … 7200 s, whole minutes

describe('threshold and duration inputs within the catalogue bounds', () => {
  it('takes the bounds themselves and values between, refuses just outside', () => {
    expect(checkSetting('95', temperature, 'threshold')).toEqual({ ok: true, value: 95 });
    expect(checkSetting('120', temperature, 'threshold')).toEqual({ ok: true, value: 120 });
    expect(checkSetting('108', temperature, 'threshold')).toEqual({ ok: true, value: 108 });
    expect(checkSetting('94', temperature, 'threshold')).toEqual({ ok: false, code: 'THRESHOLD_OUT_OF_RANGE' });
    expect(checkSetting('120.5', temperature, 'threshold')).toEqual({ ok: false, code: 'THRESHOLD_OUT_OF_RANGE' });
    expect(checkSetting('-100', temperature, 'threshold')).toEqual({ ok: false, code: 'THRESHOLD_OUT_OF_RANGE' });
  });

  it('reads decimals with a point or a comma', () => {
    expect(checkSetting('12.2', battery, 'threshold')).toEqual({ ok: true, value: 12.2 });
    expect(checkSetting('12,2', battery, 'threshold')).toEqual({ ok: true, value: 12.2 });
    expect(checkSetting('11.4', battery, 'threshold')).toEqual({ ok: false, code: 'THRESHOLD_OUT_OF_RANGE' });
  });

  it('refuses empty and non-numbers', () => {
    expect(checkSetting('  ', temperature, 'threshold')).toEqual({ ok: false, code: 'REQUIRED' });
    expect(checkSetting('10O', temperature, 'threshold')).toEqual({ ok: false, code: 'TYPE_INVALID' });
    expect(checkSetting('1e2', temperature, 'threshold')).toEqual({ ok: false, code: 'TYPE_INVALID' });
  });

  it('durations in whole minutes are typed in minutes and sent in seconds, within the same bounds', () => {
    expect(durationUnit(idling)).toBe('min');
    expect(shownBound(idling, 'min')).toMatchObject({ min: 5, max: 120 });
    expect(checkSetting('20', idling, 'duration', 'min')).toEqual({ ok: true, value: 1200 });
    expect(checkSetting('4', idling, 'duration', 'min')).toEqual({ ok: false, code: 'DURATION_OUT_OF_RANGE' });
    expect(checkSetting('121', idling, 'duration', 'min')).toEqual({ ok: false, code: 'DURATION_OUT_OF_RANGE' });
    expect(shownValue(1200, 'min')).toBe('20');
  });

  it('durations counted in seconds stay seconds, whole ones only', () => {
    const temperatureTime = alertType('A0003').duration as AlertBound; // 10 … 600 s
    expect(durationUnit(temperatureTime)).toBe('s');
    expect(checkSetting('60', temperatureTime, 'duration', 's')).toEqual({ ok: true, value: 60 });
    expect(checkSetting('9', temperatureTime, 'duration', 's')).toEqual({ ok: false, code: 'DURATION_OUT_OF_RANGE' });
    expect(checkSetting('60.5', temperatureTime, 'duration', 's')).toEqual({ ok: false, code: 'TYPE_INVALID' });
  });

  it('every default of the catalogue passes its own check', () => {
    for (const type of ALERT_TYPES) {
      const t = type as { threshold?: AlertBound; duration?: AlertBound };
      if (t.threshold) expect(checkSetting(String(t.threshold.default), t.threshold, 'threshold'), type.id).toEqual({ ok: true, value: t.threshold.default });
      if (t.duration) {
        const unit = durationUnit(t.duration);
        expect(checkSetting(shownValue(t.duration.default, unit), t.duration, 'duration', unit), type.id).toEqual({ ok: true, value: t.duration.default });
      }
    }
  });
});
