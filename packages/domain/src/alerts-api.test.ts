import { describe, expect, it } from 'vitest';
import { alertConfigRequest, alertConfigsRequest, alertsQuery, markReadRequest } from './alerts-api';
import { ALERT_TYPE_IDS, ALERT_TYPES, alertType, COUNTED_ALERT_TYPE_IDS, defaultAlertSetting } from './alerts-catalog';
import { pushSubscriptionRequest } from './push-api';
import { receiverRequest } from './receivers-api';

const codes = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((i) => `${i.path.join('.')}:${i.message}`) ?? [];

describe('alert catalogue', () => {
  it('has every alert type of spec §3, each id once', () => {
    const keys = ALERT_TYPES.map((a) => a.key);
    expect(keys).toEqual([
      'low_oil_pressure',
      'high_engine_temperature',
      'battery_not_charging',
      'high_engine_rpm',
      'excessive_idling',
      'air_filter_clog',
      'pto_engaged',
      'pto_disengaged',
      'fuel_theft',
      'vehicle_towing',
      'service_due',
      'service_pre_reminder_1',
      'service_pre_reminder_2',
      'service_pre_reminder_3',
      'service_pre_reminder_4',
      'service_pre_reminder_5',
      'low_fuel',
      'fuel_refill',
      'engine_start_without_key',
      'key_removed',
      'geofence_entry',
      'geofence_exit',
      'sudden_fuel_drop',
    ]);
    expect(new Set(ALERT_TYPE_IDS).size).toBe(ALERT_TYPE_IDS.length);
  });

  it('counts exactly the spec §9 list in the unread badge', () => {
    expect([...COUNTED_ALERT_TYPE_IDS].sort()).toEqual(
      [
        'A0001',
        'A0003',
        'A0005',
        'A0011',
        'A0100',
        'A0101',
        'A0102',
        'A0102P1',
        'A0102P2',
        'A0102P3',
        'A0102P4',
        'A0102P5',
        'A0105',
        'A0107',
        'A0110',
        'A0111',
      ].sort(),
    );
  });

  it('names service due A0102 and its pre-reminders A0102P1 … A0102P5', () => {
    expect(alertType('A0102').key).toBe('service_due');
    for (let n = 1; n <= 5; n++) expect(alertType(`A0102P${n}` as 'A0102P1').key).toBe(`service_pre_reminder_${n}`);
  });

  it('marks theft, towing, start without key, oil, temperature and sudden drop critical, all HIGH', () => {
    const critical = ALERT_TYPES.filter((a) => a.critical).map((a) => a.key);
    expect(critical.sort()).toEqual([
      'engine_start_without_key',
      'fuel_theft',
      'high_engine_temperature',
      'low_oil_pressure',
      'sudden_fuel_drop',
      'vehicle_towing',
    ]);
    for (const a of ALERT_TYPES) if (a.critical) expect(a.severity).toBe('HIGH');
  });

  it('keeps every default inside its own bounds', () => {
    for (const a of ALERT_TYPES as readonly {
      threshold?: { default: number; min: number; max: number };
      duration?: { default: number; min: number; max: number };
    }[]) {
      for (const b of [a.threshold, a.duration]) if (b) expect(b.min <= b.default && b.default <= b.max).toBe(true);
    }
    expect(defaultAlertSetting(alertType('A0100'))).toEqual({ enabled: true, threshold: 10, durationS: null, configBy: 'oem' });
    expect(defaultAlertSetting(alertType('A0003'))).toEqual({ enabled: true, threshold: 105, durationS: 60, configBy: 'oem' });
  });
});

describe('alert API schemas', () => {
  it('bounds the list period and page size', () => {
    expect(alertsQuery.safeParse({ startDateTime: '1790000000', endDateTime: '1795000000' }).success).toBe(true);
    expect(codes(alertsQuery.safeParse({ startDateTime: '1790000000', endDateTime: '1800000000' }))).toEqual(['endDateTime:RANGE_TOO_LONG']);
    expect(codes(alertsQuery.safeParse({ startDateTime: '1795000000', endDateTime: '1790000000' }))).toEqual(['endDateTime:RANGE_BACKWARDS']);
    expect(codes(alertsQuery.safeParse({ pageSize: '201' }))).toEqual(['pageSize:TOO_LONG']);
    expect(alertsQuery.safeParse({ status: 'unread', critical: 'true', severity: 'HIGH', alertTypeId: 'A0100', isSec: 'true' }).success).toBe(true);
    expect(codes(alertsQuery.safeParse({ alertTypeId: 'A9999' }))).toEqual(['alertTypeId:ALERT_TYPE_UNKNOWN']);
  });

  it('marks read only with status 1', () => {
    expect(markReadRequest.safeParse({ alerts: ['a'], status: 1, isSec: true }).success).toBe(true);
    expect(codes(markReadRequest.safeParse({ alerts: ['a'], status: 0 }))).toEqual(['status:STATUS_INVALID']);
    expect(markReadRequest.safeParse({ alerts: [], status: 1 }).success).toBe(false);
  });

  it('refuses thresholds outside safe bounds, and settings a type does not have', () => {
    const vin = 'MBNAAHTR1NL000001';
    expect(alertConfigRequest.safeParse({ vin, alertTypeId: 'A0003', thresholdValue: 110, durationSeconds: 30 }).success).toBe(true);
    expect(codes(alertConfigRequest.safeParse({ vin, alertTypeId: 'A0003', thresholdValue: 130 }))).toEqual(['thresholdValue:THRESHOLD_OUT_OF_RANGE']);
    expect(codes(alertConfigRequest.safeParse({ vin, alertTypeId: 'A0003', durationSeconds: 1 }))).toEqual(['durationSeconds:DURATION_OUT_OF_RANGE']);
    expect(codes(alertConfigRequest.safeParse({ vin, alertTypeId: 'A0100', durationSeconds: 60 }))).toEqual(['durationSeconds:NOT_CONFIGURABLE']);
    expect(codes(alertConfigRequest.safeParse({ vin, alertTypeId: 'A0102', thresholdValue: 5 }))).toEqual(['thresholdValue:NOT_CONFIGURABLE']);
    expect(alertConfigRequest.safeParse({ vin, alertTypeId: 'A0102P3', enabled: false }).success).toBe(true);
    expect(
      codes(
        alertConfigsRequest.safeParse({
          vin,
          configs: [
            { alertTypeId: 'A0100', enabled: false },
            { alertTypeId: 'A0100', thresholdValue: 2 },
          ],
        }),
      ),
    ).toEqual(['configs.1.alertTypeId:DUPLICATE_ALERT_TYPE', 'configs.1.thresholdValue:THRESHOLD_OUT_OF_RANGE']);
  });

  it('takes receiver names of letters and single spaces, and 10-digit mobiles', () => {
    expect(receiverRequest.safeParse({ name: 'Suresh Patil', phone: '9123456789', channel: 'sms' }).success).toBe(true);
    expect(codes(receiverRequest.safeParse({ name: 'Suresh2', phone: '91234', channel: 'fax' }))).toEqual([
      'name:NAME_INVALID',
      'phone:PHONE_INVALID',
      'channel:CHANNEL_INVALID',
    ]);
    expect(codes(receiverRequest.safeParse({ name: 'Suresh  Patil', phone: '+919123456789', channel: 'notification' }))).toEqual([
      'name:NAME_INVALID',
      'phone:PHONE_INVALID',
    ]);
    // A receiver's name in the owner's own script passes; its digits do not.
    expect(receiverRequest.safeParse({ name: 'सुरेश पाटील', phone: '9123456789', channel: 'sms' }).success).toBe(true);
    expect(receiverRequest.safeParse({ name: 'சுரேஷ்', phone: '9123456789', channel: 'notification' }).success).toBe(true);
    expect(codes(receiverRequest.safeParse({ name: 'सुरेश ४', phone: '9123456789', channel: 'sms' }))).toEqual(['name:NAME_INVALID']);
    // As long as a full name, so the one NAME_TOO_LONG message ("60 letters at most") is true for both.
    expect(receiverRequest.safeParse({ name: 'A'.repeat(60), phone: '9123456789', channel: 'sms' }).success).toBe(true);
    expect(codes(receiverRequest.safeParse({ name: 'A'.repeat(61), phone: '9123456789', channel: 'sms' }))).toEqual(['name:NAME_TOO_LONG']);
  });

  it('takes a browser push subscription as PushSubscription.toJSON() gives it', () => {
    const keys = { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) };
    expect(pushSubscriptionRequest.safeParse({ endpoint: 'https://fcm.googleapis.com/fcm/send/abc', expirationTime: null, keys }).success).toBe(true);
    expect(pushSubscriptionRequest.safeParse({ endpoint: 'http://127.0.0.1:9/push', keys }).success).toBe(true);
    expect(codes(pushSubscriptionRequest.safeParse({ endpoint: 'http://push.example/x', keys }))).toEqual(['endpoint:PUSH_ENDPOINT_INVALID']);
    expect(codes(pushSubscriptionRequest.safeParse({ endpoint: 'https://p.example/x', keys: { p256dh: 'short', auth: 'A'.repeat(22) } }))).toEqual([
      'keys.p256dh:PUSH_KEY_INVALID',
    ]);
  });
});
