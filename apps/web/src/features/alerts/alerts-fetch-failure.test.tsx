import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { loadAlertTexts } from '../../lib/signed-in/alert-texts';
import { loadTractorTexts } from '../../lib/signed-in/tractor-texts';
import { fakeApi } from '../../test/api';
import { renderWithProviders } from '../../test/render';
import { jsonResponse } from '../../test/signed-in';
import { englishBeforeAll } from '../../test/words';
import { AlertsScreen } from './alerts-screen';

const tractor = { vin: 'MBNTL45DEM0000001', regNo: 'MH15EX4521', Veh_Name: 'Kisan 475' };

englishBeforeAll(loadTractorTexts, loadAlertTexts);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the alerts fetch that fails (spec §8: it logs the error and returns an empty result)', () => {
  it('logs the error and shows the list as empty: "No critical alerts" on the default tab', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const calls = fakeApi((path) =>
      path.startsWith('alerts?') ? jsonResponse(503, { error: { code: 'INTERNAL', message: 'down' } }) : jsonResponse(200, { count: 0 }),
    );
    renderWithProviders(<AlertsScreen />, { url: '/alert', path: '/alert', tractors: [tractor] });
    expect(await screen.findByText('No critical alerts')).toBeTruthy();
    // Sent once more with rebuilt headers, then given up (spec §8).
    expect(calls.filter((c) => c.path.startsWith('alerts?'))).toHaveLength(2);
    expect(logged).toHaveBeenCalledWith('Alerts not loaded', expect.objectContaining({ code: 'INTERNAL' }));
  });
});
