import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { loadSubscriptionTexts } from '../../lib/signed-in/subscription-texts';
import { loadTractorTexts } from '../../lib/signed-in/tractor-texts';
import { fakeApi } from '../../test/api';
import { renderWithProviders } from '../../test/render';
import { englishBeforeAll } from '../../test/words';
import { SubscriptionHistoryScreen } from './history-screen';

/** Spec §8 'no subscription history': a tractor with no pack bought and no payment waiting. */
const tractor = { vin: 'MBNTL45DEM0000001', regNo: 'MH15EX4521', Veh_Name: 'Kisan 475' };

englishBeforeAll(loadTractorTexts, loadSubscriptionTexts);
afterEach(() => vi.unstubAllGlobals());

describe('the subscription history of a tractor with none', () => {
  it("says 'No subscription history'", async () => {
    const calls = fakeApi(() => Response.json({ data: [], pending: [] }));
    renderWithProviders(<SubscriptionHistoryScreen />, { url: '/subscription-history', path: '/subscription-history', tractors: [tractor] });
    expect(await screen.findByText('No subscription history')).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual([`subscription/history?vin=${tractor.vin}`]);
  });
});
