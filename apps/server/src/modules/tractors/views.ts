import { DAY_MS, istDayStart } from '@tractorlink/domain/time';
import type { OperatorTractor } from '@tractorlink/domain/operator-api';
import type { VehicleEntry } from '@tractorlink/domain/vehicles-api';
import type { TractorRow } from './repo';

const seconds = (ms: number) => Math.floor(ms / 1000);

/** The subscription as spec §3 Vehicle entry shows it: expiry in unix seconds, expired, days left. */
export function subscriptionOf(row: Pick<TractorRow, 'expires_on'>, now: number) {
  const expiresOn = Number(row.expires_on);
  return {
    expiresOn: seconds(expiresOn),
    isExpired: expiresOn <= now,
    numberOfDays: Math.round((istDayStart(expiresOn) - istDayStart(now)) / DAY_MS),
  };
}

/** Spec §3 Vehicle entry. */
export function toVehicleEntry(row: TractorRow, now: number): VehicleEntry {
  const { expiresOn, isExpired, numberOfDays } = subscriptionOf(row, now);
  return {
    vin: row.vin,
    Veh_Name: row.veh_name,
    expiresOn,
    regNo: row.reg_no,
    firstName: row.first_name,
    lastName: row.last_name,
    mobileNoCC: row.mobile_no_cc,
    mobileNo: row.mobile_no,
    address: row.address,
    city: row.city,
    pincode: row.pincode,
    state: row.state,
    country: row.country,
    isExpired,
    isNewTractor: row.is_new_tractor === 1,
    numberOfDays,
    subscriptionPack: (row.subscription_pack ?? null) as VehicleEntry['subscriptionPack'],
    engineNo: row.engine_no,
    model: row.model,
  };
}

/** Everything the provider recorded, for the operator API. */
export function toOperatorTractor(row: TractorRow, lastSeenAt: number | undefined): OperatorTractor {
  return {
    imei: row.imei,
    vin: row.vin,
    engineNo: row.engine_no,
    regNo: row.reg_no,
    model: row.model,
    deviceModel: row.device_model,
    Veh_Name: row.veh_name,
    implementWidthM: row.implement_width_m,
    tankCapacityL: row.tank_capacity_l,
    serviceIntervalH: row.service_interval_h,
    firstName: row.first_name,
    lastName: row.last_name,
    mobileNoCC: row.mobile_no_cc,
    mobileNo: row.mobile_no,
    address: row.address,
    city: row.city,
    pincode: row.pincode,
    state: row.state,
    country: row.country,
    expiresOn: seconds(Number(row.expires_on)),
    isNewTractor: row.is_new_tractor === 1,
    claimed: row.owner_user_id !== null,
    claimedAt: row.claimed_at === null ? null : seconds(Number(row.claimed_at)),
    createdAt: seconds(Number(row.created_at)),
    lastSeenAt: lastSeenAt === undefined ? null : seconds(lastSeenAt),
  };
}
