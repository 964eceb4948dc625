import type { TractorHomepageResponse } from '@tractorlink/domain/vehicles-api';
import type { TractorRef } from '../lib/signed-in/tractors';

/** The owner's one tractor, on a year pack with 200 days left. */
export const KISAN_475: TractorRef = {
  vin: 'MBNTL45DEM0000001',
  regNo: 'MH15EX4521',
  Veh_Name: 'Kisan 475',
  expiresOn: Math.floor(Date.now() / 1000) + 200 * 86_400,
  subscriptionPack: 'year',
};

/** Epoch seconds the home answer below was last updated at (a fixed time, so texts that show it are known). */
export const HOME_UPDATED = 1_795_000_000;

/**
 * The tractor home answer (GET tractorhomepage/:vin) of Sheru, moving near Shirur with the diesel at
 * 71 %, a year pack with 300 days left; `over` changes what a test is about.
 */
export const tractorHomepage = (over: Partial<TractorHomepageResponse> = {}): TractorHomepageResponse => ({
  vin: 'MBNTL45SLN0000123',
  regNo: 'MH12AB1234',
  Veh_Name: 'Sheru',
  vehicleStatus: 'moving',
  lastStatus: 'moving',
  devicePower: 13.2,
  devicePowerMode: 'normal_active',
  gsmSignal: 4,
  deviceBatteryV: 4.1,
  latitude: 18.8226,
  longitude: 74.3752,
  dieselLevel: 71,
  dieselLitres: 42.5,
  tankCapacity: 60,
  engineHours: 1234.5,
  lastUpdated: HOME_UPDATED,
  offline: false,
  offlineSince: null,
  notTransmitting: false,
  address: 'शिरूर, पुणे, महाराष्ट्र',
  place: { name: 'शिरूर', district: 'पुणे', state: 'महाराष्ट्र' },
  serviceDue: { status: 'ok', dueAtHours: 1500, hoursLeft: 265.5 },
  showMenu: true,
  subscription: { expiresOn: HOME_UPDATED + 86_400 * 300, isExpired: false, numberOfDays: 300 },
  ...over,
});
