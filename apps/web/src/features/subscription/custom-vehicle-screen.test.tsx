import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { storage } from '../../lib/secure-storage';
import { loadSubscriptionTexts } from '../../lib/signed-in/subscription-texts';
import { loadTractorTexts } from '../../lib/signed-in/tractor-texts';
import { fakeApi } from '../../test/api';
import { renderWithProviders } from '../../test/render';
import { jsonResponse } from '../../test/signed-in';
import { englishBeforeAll } from '../../test/words';
import { CustomVehicleScreen } from './custom-vehicle-screen';
import { RENEWAL_PAGE_DELAY_MS, SCHEME_DELAY_MS } from './renewal-flow';

/**
 * Spec §4 renewal steps on /custom-vehicle (the scheme after 1 s, the renewal page after 3 s) with
 * spec §8 "scheme fetch errors are ignored": a failed scheme neither stops the flow nor says anything.
 */
const tractor = { vin: 'MBNTL45DEM0000001', regNo: 'MH15EX4521', Veh_Name: 'Kisan 475' };

englishBeforeAll(loadTractorTexts, loadSubscriptionTexts);
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  storage.remove('renewalArray');
  storage.remove('schemeData');
});

describe('the renewal loader when the scheme fetch fails', () => {
  it('asks for the scheme at 1 s, ignores its failure, and opens the renewal page at 3 s with the tractor', async () => {
    vi.useFakeTimers();
    const calls = fakeApi((path) =>
      path.startsWith('subscription/Scheme/GetScheme') ? jsonResponse(500, { error: { code: 'INTERNAL', message: 'down' } }) : jsonResponse(200, { data: [] }),
    );
    const scheme = () => calls.filter((c) => c.path.startsWith('subscription/Scheme/GetScheme'));
    renderWithProviders(<CustomVehicleScreen />, { url: `/custom-vehicle?vin=${tractor.vin}`, path: '/custom-vehicle', tractors: [tractor] });
    await act(() => vi.advanceTimersByTimeAsync(SCHEME_DELAY_MS - 1));
    expect(scheme()).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    // Sent, and sent once more (spec §8); both fail.
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(scheme()).toHaveLength(2);
    expect(screen.queryByTestId('elsewhere')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(storage.get('schemeData')).toBeUndefined();
    await act(() => vi.advanceTimersByTimeAsync(RENEWAL_PAGE_DELAY_MS - SCHEME_DELAY_MS - 101));
    expect(screen.queryByTestId('elsewhere')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByTestId('elsewhere').textContent).toBe('/digisense-renewal');
    expect(storage.getJson('renewalArray')).toEqual([tractor.vin]);
  });
});
