import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { TractorHomepageResponse } from '@tractorlink/domain/vehicles-api';
import tractorEn from '../../../locales/tractor/en.json';
import { initI18n } from '../../../lib/i18n';
import { loadTractorTexts } from '../../../lib/signed-in/tractor-texts';
import { formatIstDateTime } from '@tractorlink/domain/time';
import { TractorOverview } from './tractor-overview';

beforeAll(async () => {
  await initI18n('en');
  await loadTractorTexts('en');
});

const NOW = Math.floor(Date.now() / 1000);
const home = (over: Partial<TractorHomepageResponse>): TractorHomepageResponse => ({
  vin: 'MBNTL45DEM0000001',
  regNo: 'MH15EX4521',
  Veh_Name: 'Kisan 475',
  vehicleStatus: 'running',
  lastStatus: 'running',
  devicePower: 13.1,
  devicePowerMode: 'normal_active',
  gsmSignal: 4,
  deviceBatteryV: 4.1,
  latitude: null,
  longitude: null,
  dieselLevel: null,
  dieselLitres: null,
  hasFuelSensor: false,
  tankCapacity: 60,
  engineHours: 12.5,
  lastUpdated: NOW,
  offline: false,
  offlineSince: null,
  notTransmitting: false,
  address: null,
  place: null,
  serviceDue: { status: 'ok', dueAtHours: 250, hoursLeft: 237.5 },
  showMenu: true,
  subscription: { expiresOn: NOW + 300 * 86_400, isExpired: false, numberOfDays: 300 },
  ...over,
});

const renderHome = (data: TractorHomepageResponse) =>
  render(
    <MemoryRouter>
      <TractorOverview data={data} />
    </MemoryRouter>,
  );

describe('home card: unknown figures', () => {
  it('a tractor without a diesel sensor says so, not "No reading yet" or an empty tank', () => {
    renderHome(home({}));
    expect(screen.getByText(tractorEn['diesel.noSensor'])).toBeTruthy();
    expect(screen.queryByText(tractorEn['diesel.noReading'])).toBeNull();
    // The hour meter to a tenth, as on the dashboard and every screen: '12.5 h' for the eye, '12.5 hours' for a screen reader.
    expect(screen.getByTestId('engine-hours').querySelector('[aria-hidden="true"]')?.textContent).toBe('12.5 h');
    expect(screen.getByTestId('engine-hours').querySelector('.visually-hidden')?.textContent).toBe('12.5 hours');
    expect(screen.getByTestId('address').textContent).toBe(tractorEn['location.notAvailable']);
  });

  it('a tractor with a sensor that has not read yet says "No reading yet"', () => {
    renderHome(home({ hasFuelSensor: true }));
    expect(screen.getByText(tractorEn['diesel.noReading'])).toBeTruthy();
    expect(screen.queryByText(tractorEn['diesel.noSensor'])).toBeNull();
  });

  it('a tractor that has never reported: waiting for its first report, and no "0.0 h" or service countdown', () => {
    renderHome(
      home({
        lastUpdated: null,
        vehicleStatus: 'na',
        lastStatus: null,
        hasFuelSensor: null,
        engineHours: 0,
        serviceDue: { status: 'ok', dueAtHours: 250, hoursLeft: 250 },
      }),
    );
    expect(screen.getByText(tractorEn['tractor.waitingFirstReport'])).toBeTruthy();
    expect(screen.getByTestId('engine-hours').textContent).toBe(tractorEn['diesel.noReading']);
    expect(document.body.textContent).not.toMatch(/\b0(\.0)? h\b/);
    expect(document.body.textContent).not.toContain('250');
  });
});

describe('home card: the registration number in a page of another language', () => {
  it('is marked English and left to right, so TalkBack reads it with an English voice', () => {
    renderHome(home({}));
    const reg = screen.getByText('MH15EX4521');
    expect([reg.getAttribute('lang'), reg.getAttribute('dir')]).toEqual(['en', 'ltr']);
  });
});

describe('home card: a tractor out of reach (spec §8)', () => {
  it("says 'out of reach since' with the time it last reported, and 'location not available' with no fix", () => {
    const since = NOW - 7200;
    renderHome(home({ offline: true, offlineSince: since, lastUpdated: since }));
    expect(screen.getByText(tractorEn['tractor.offlineSince'].replace('{{time}}', formatIstDateTime(since, 'en')))).toBeTruthy();
    expect(screen.getByTestId('address').textContent).toBe(tractorEn['location.notAvailable']);
  });

  it("one silent for three months says only 'Tractor is not transmitting since last three months'", () => {
    renderHome(home({ offline: true, offlineSince: NOW - 100 * 86_400, notTransmitting: true }));
    expect(screen.getByText('Tractor is not transmitting since last three months')).toBeTruthy();
    expect(screen.queryByText(/^Out of reach since/)).toBeNull();
  });
});
