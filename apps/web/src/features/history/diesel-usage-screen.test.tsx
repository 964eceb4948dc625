import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { DieselDetailsResponse, HistoryResponse } from '@tractorlink/domain/vehicles-api';
import tractorEn from '../../locales/tractor/en.json';
import { initI18n } from '../../lib/i18n';
import { storage } from '../../lib/secure-storage';
import { TractorsContext } from '../../lib/signed-in/tractors';
import type { TractorRef } from '../../lib/signed-in/tractors';
import { loadTractorTexts } from '../../lib/signed-in/tractor-texts';
import { DieselUsageScreen } from './diesel-usage-screen';

const TRACTOR: TractorRef = {
  vin: 'MBNTL45DEM0000001',
  regNo: 'MH15EX4521',
  Veh_Name: 'Kisan 475',
  expiresOn: Math.floor(Date.now() / 1000) + 200 * 86_400,
  subscriptionPack: 'year',
};
const NOW = Math.floor(Date.now() / 1000);
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

beforeAll(async () => {
  await storage.load();
  await initI18n('en');
  await loadTractorTexts('en');
});

afterEach(() => vi.unstubAllGlobals());

function showWith(details: DieselDetailsResponse) {
  const history: HistoryResponse = {
    vin: TRACTOR.vin,
    from: NOW - 7 * 86_400,
    to: NOW,
    fuelLevel: [],
    refuels: [],
    drops: [],
    engineHoursPerDay: [],
    averageRpmPerDay: [],
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      return json(path.endsWith('/history') ? history : details);
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <TractorsContext.Provider value={{ tractors: [TRACTOR], selected: TRACTOR, select: () => undefined }}>
          <DieselUsageScreen />
        </TractorsContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const noSensor: DieselDetailsResponse = {
  vin: TRACTOR.vin,
  dieselLevel: null,
  dieselLitres: null,
  tankCapacity: 60,
  hasFuelSensor: false,
  dieselStatus: null,
  lastRefuel: null,
  consumedToday: null,
  lastUpdated: NOW,
  approximate: true,
};

describe('diesel usage of a tractor without a diesel sensor', () => {
  it('says "No diesel sensor" and "Not measured" for today\'s use, never "0 L"', async () => {
    showWith(noSensor);
    expect((await screen.findByTestId('consumed-today')).textContent).toBe(tractorEn['usage.notMeasured']);
    expect(screen.getByTestId('diesel-litres').textContent).toBe(tractorEn['diesel.noSensor']);
    // The empty chart says why, too.
    expect(await screen.findByText(tractorEn['diesel.noSensor'], { selector: 'p' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/\b0 L\b/);
  });

  it('a tractor that has never reported: waiting for its first report', async () => {
    showWith({ ...noSensor, hasFuelSensor: null, lastUpdated: null });
    expect((await screen.findByTestId('diesel-litres')).textContent).toBe(tractorEn['tractor.waitingFirstReport']);
  });
});
