import type { SimProfile } from './farm-day';

/**
 * The demo owner's three tractors, around Pimpalgaon Baswant (Niphad taluka, Nashik district,
 * Maharashtra): grape, onion, soybean and sugarcane country. The first two keep farm hours; the third
 * hauls cane to the sugar factory round the clock (the crushing season's two-driver shift), so a
 * newcomer sees a tractor move at any hour. Identifiers are the demo's own.
 */
export interface DemoTractor {
  profile: SimProfile;
  vin: string;
  engineNo: string;
  regNo: string;
  model: string;
  vehName: string;
  serviceIntervalH: number;
}

const VILLAGE = { lat: 20.1667, lon: 73.9833 };
const at = (dLat: number, dLon: number) => ({ lat: Math.round((VILLAGE.lat + dLat) * 1e6) / 1e6, lon: Math.round((VILLAGE.lon + dLon) * 1e6) / 1e6 });

export const DEMO_FLEET: readonly DemoTractor[] = [
  {
    vin: 'MBNTL45DEM0000001',
    engineNo: 'KSN45E000001',
    regNo: 'MH15EX4521',
    model: 'Kisan 475 DI',
    vehName: 'Kisan 475',
    serviceIntervalH: 250,
    profile: {
      imei: '860000000000101',
      home: at(0, 0),
      fields: [
        { corner: at(0.0085, 0.0112), lengthM: 220, widthM: 90, headingDeg: 15 },
        { corner: at(-0.0061, 0.0148), lengthM: 160, widthM: 120, headingDeg: 100 },
      ],
      implementWidthM: 1.8,
      tankCapacityL: 55,
    },
  },
  {
    vin: 'MBNTL57DEM0000002',
    engineNo: 'KSN57E000002',
    regNo: 'MH15EX5702',
    model: 'Kisan 575 DI 4WD',
    vehName: 'Kisan 575',
    serviceIntervalH: 300,
    profile: {
      imei: '860000000000102',
      home: at(0.0121, -0.0093),
      fields: [{ corner: at(0.0214, -0.0166), lengthM: 300, widthM: 150, headingDeg: 40 }],
      implementWidthM: 2.1,
      tankCapacityL: 60,
    },
  },
  {
    vin: 'MBNTL74DEM0000003',
    engineNo: 'KSN74E000003',
    regNo: 'MH15EX7403',
    model: 'Kisan 745 XP',
    vehName: 'Kisan 745',
    serviceIntervalH: 250,
    profile: {
      imei: '860000000000103',
      home: at(-0.0147, 0.0051),
      // Cane fields where the harvester loads its trolley; the factory is ≈ 8.5 km south-east, towards Niphad.
      haulage: { factory: at(-0.052, 0.061) },
      fields: [
        { corner: at(-0.0232, 0.0107), lengthM: 180, widthM: 80, headingDeg: 170 },
        { corner: at(-0.0198, -0.0021), lengthM: 250, widthM: 100, headingDeg: 75 },
      ],
      implementWidthM: 1.5,
      tankCapacityL: 50,
    },
  },
];
