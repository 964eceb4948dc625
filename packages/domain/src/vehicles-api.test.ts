import { describe, expect, it } from 'vitest';
import { istMidnight } from './time';
import { provisionRequest } from './operator-api';
import { aggregationQuery, claimRequest, renameRequest, vin } from './vehicles-api';
import { expiresOnMs } from './vehicles-rules';
import { DEFAULT_DEVICE_MODEL } from './vehicles-rules';

const codes = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((i) => `${i.path.join('.')}:${i.message}`) ?? [];

describe('tractor API schemas', () => {
  it('takes ISO 3779 VINs: 17 letters and digits without I, O or Q, any case', () => {
    for (const good of ['MBNAAHTR1NL000123', 'mbnaahtr1nl000123', '1HGCM82633A004352']) expect(vin.safeParse(good).success, good).toBe(true);
    for (const bad of ['MBNAAHTR1NL00012I', 'MBNAAHTR1NL00012O', 'MBNAAHTR1NL00012Q', 'MBNAAHTR1NL00012', 'MBNAAHTR1NL0001234', 'MBNAAHTR1NL0001-3']) {
      expect(codes(vin.safeParse(bad)), bad).toEqual([':VIN_INVALID']);
    }
  });

  it('adds by exactly one of VIN and engine number', () => {
    expect(claimRequest.safeParse({ vin: 'MBNAAHTR1NL000123' }).success).toBe(true);
    expect(claimRequest.safeParse({ engineNo: 'S325/1234-A' }).success).toBe(true);
    expect(codes(claimRequest.safeParse({}))).toEqual([':VIN_OR_ENGINE_NO']);
    expect(codes(claimRequest.safeParse({ vin: 'MBNAAHTR1NL000123', engineNo: 'S3251234' }))).toEqual([':VIN_OR_ENGINE_NO']);
  });

  it('names tractors in any Indian script, up to 30 characters', () => {
    for (const good of ['Arjun', 'माझा ट्रॅक्टर', 'ਮੇਰਾ ਟਰੈਕਟਰ ੨', 'என் டிராக்டர்', 'నా ట్రాక్టర్', 'મારું ટ્રેક્ટર', 'X-2_b.c', '५५५']) {
      expect(renameRequest.safeParse({ vehName: good }).success, good).toBe(true);
    }
    expect(codes(renameRequest.safeParse({ vehName: 'a'.repeat(31) }))).toEqual(['vehName:VEH_NAME_TOO_LONG']);
    for (const bad of ['a/b', 'tab\there', ' x', 'x ', '🚜'])
      expect(codes(renameRequest.safeParse({ vehName: bad })), bad).toEqual(['vehName:VEH_NAME_INVALID']);
  });

  it('bounds provisioning values', () => {
    const base = {
      imei: '356307042441013',
      vin: 'MBNAAHTR1NL000123',
      engineNo: 'S3251234',
      regNo: 'MH 15 AB 1234',
      model: 'Arjun 555 DI',
      deviceModel: DEFAULT_DEVICE_MODEL,
      implementWidthM: 2,
      tankCapacityL: 60,
      serviceIntervalH: 250,
      firstName: 'Ramesh',
      lastName: '',
      mobileNo: '9876543210',
      address: 'At post Pimpalgaon Baswant',
      city: 'Niphad',
      pincode: '422209',
      state: 'Maharashtra',
      expiresOn: '2027-11-20',
    };
    expect(provisionRequest.safeParse(base).success).toBe(true);
    expect(codes(provisionRequest.safeParse({ ...base, implementWidthM: 0.4, tankCapacityL: 401, serviceIntervalH: 250.5 }))).toEqual([
      'implementWidthM:OUT_OF_RANGE',
      'tankCapacityL:OUT_OF_RANGE',
      'serviceIntervalH:TYPE_INVALID',
    ]);
    expect(codes(provisionRequest.safeParse({ ...base, imei: '3563 0704', pincode: '022209', mobileNo: '5876543210' }))).toEqual([
      'imei:IMEI_INVALID',
      'mobileNo:MOBILE_INVALID',
      'pincode:PINCODE_INVALID',
    ]);
  });

  it('ends a subscription given as a date at 23:59:59 IST that day', () => {
    expect(expiresOnMs('2027-11-20')).toBe(istMidnight('2027-11-21') - 1000);
    expect(expiresOnMs(1_830_000_000)).toBe(1_830_000_000_000);
  });

  it('bounds usage aggregation periods to 400 days, forwards', () => {
    const start = 1_795_199_400;
    expect(aggregationQuery.safeParse({ aggregationOption: 'day' }).success).toBe(true);
    expect(aggregationQuery.safeParse({ aggregationOption: 'range', startDateTime: `${start}`, endDateTime: `${start + 400 * 86_400 - 1}` }).success).toBe(
      true,
    );
    expect(codes(aggregationQuery.safeParse({ aggregationOption: 'range', startDateTime: `${start}`, endDateTime: `${start + 400 * 86_400}` }))).toEqual([
      'endDateTime:RANGE_TOO_LONG',
    ]);
    expect(codes(aggregationQuery.safeParse({ aggregationOption: 'range', startDateTime: `${start}`, endDateTime: `${start - 1}` }))).toEqual([
      'endDateTime:RANGE_BACKWARDS',
    ]);
    expect(codes(aggregationQuery.safeParse({ aggregationOption: 'range' }))).toEqual(['startDateTime:REQUIRED']);
  });
});
