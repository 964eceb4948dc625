import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { DieselDetailsResponse, HistoryResponse } from '@tractorlink/domain/vehicles-api';
import tractorEn from '../../locales/tractor/en.json';
import { loadTractorTexts } from '../../lib/signed-in/tractor-texts';
import { renderWithProviders } from '../../test/render';
import { KISAN_475 as TRACTOR } from '../../test/tractor';
import { englishBeforeAll } from '../../test/words';
import { DieselUsageScreen } from './diesel-usage-screen';

const NOW = Math.floor(Date.now() / 1000);
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

englishBeforeAll(loadTractorTexts);

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
  renderWithProviders(<DieselUsageScreen />, { tractors: [TRACTOR] });
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
