import { describe, expect, it } from 'vitest';
import { alertConfigsRequest } from '@tractorlink/domain/alerts-api';
import { ALERT_TYPES, defaultAlertSetting } from '@tractorlink/domain/alerts-catalog';
import { usualSettings } from './reset-alert-configs';

describe('the usual settings', () => {
  it('are the catalogue defaults of every type, and the server schema takes them', () => {
    const configs = usualSettings();
    expect(configs).toHaveLength(ALERT_TYPES.length);
    for (const type of ALERT_TYPES) {
      const d = defaultAlertSetting(type);
      const c = configs.find((x) => x.alertTypeId === type.id);
      expect(c?.enabled, type.id).toBe(true);
      expect(c?.thresholdValue ?? null, type.id).toBe(d.threshold);
      expect(c?.durationSeconds ?? null, type.id).toBe(d.durationS);
    }
    expect(alertConfigsRequest.safeParse({ vin: 'MBNAL0000000000001', configs }).success).toBe(true);
  });
});
