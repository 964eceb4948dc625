import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { paths } from '../../config/paths';
import { loadTractorTexts } from '../../lib/signed-in/tractor-texts';
import { fakeApi } from '../../test/api';
import type { ApiCall } from '../../test/api';
import { testOwner } from '../../test/owner';
import { fillAndSubmit, renderWithProviders } from '../../test/render';
import { jsonResponse, signInEachTest } from '../../test/signed-in';
import { englishBeforeAll } from '../../test/words';
import { AddTractorScreen } from './add-tractor-screen';

/**
 * Spec §1 'add tractors by VIN or engine number': the form holds the server's rules (vehicles-claim
 * test): a VIN is 17 letters and digits without I, O or Q, an engine number as stamped; nothing the
 * server would refuse is sent, and what it takes is sent as it stores it (upper case, trimmed).
 */

let calls: ApiCall[];

/** The screen at its route, with the server giving `answer` to every request. */
function renderScreen(answer: () => Response) {
  calls = fakeApi(answer);
  renderWithProviders(<AddTractorScreen />, { url: paths.addTractor.getHref(), path: paths.addTractor.path });
}

/** What the screen sent to add a tractor: the POST bodies. */
const bodies = () => calls.filter((c) => c.method === 'POST').map((c) => c.body);

const type = (label: string, value: string) => fillAndSubmit({ [label]: value }, 'Add tractor');

englishBeforeAll(loadTractorTexts);

signInEachTest(testOwner());

afterEach(() => vi.unstubAllGlobals());

describe('add tractor', () => {
  it.each([
    ['16 characters', 'MBNAAHTR1NL00001'],
    ['18 characters', 'MBNAAHTR1NL0000012'],
    ['an O', 'MBNAAHTR1NLO00001'],
    ['a space inside', 'MBNAAHTR1 NL00001'],
  ])('refuses a VIN with %s on the phone', async (_what, vin) => {
    renderScreen(() => jsonResponse(500, {}));
    type('VIN', vin);
    expect(await screen.findByText('Enter the 17-character VIN (letters and numbers, no I, O or Q).')).toBeTruthy();
    expect(bodies()).toEqual([]);
  });

  it('sends a VIN typed in small letters with spaces around as the server keeps it, and opens home', async () => {
    const entry = { vin: 'MBNAAHTR1NL000001', Veh_Name: 'Arjun', regNo: 'MH15AB0001', expiresOn: 1_900_000_000, subscriptionPack: 'free' };
    renderScreen(() => jsonResponse(200, entry));
    type('VIN', '  mbnaahtr1nl000001 ');
    expect((await screen.findByTestId('elsewhere')).textContent).toBe(paths.home.getHref());
    expect(bodies()).toEqual([{ vin: 'MBNAAHTR1NL000001' }]);
  });

  it('by engine number: an empty one is required, a symbol refused, a stamped one sent', async () => {
    renderScreen(() => jsonResponse(404, { error: { code: 'TRACTOR_NOT_FOUND', message: 'x' } }));
    fireEvent.click(screen.getByRole('radio', { name: 'Engine number' }));
    type('Engine number', '');
    expect(await screen.findByText('This is required.')).toBeTruthy();
    type('Engine number', 'S325#0001');
    expect(await screen.findByText('Enter the engine number as printed on the engine.')).toBeTruthy();
    expect(bodies()).toEqual([]);

    type('Engine number', 's325/0001');
    await vi.waitFor(() => expect(bodies()).toEqual([{ engineNo: 'S325/0001' }]));
    // The server's refusal is the owner's message, in words (spec §8), not a code.
    expect(await screen.findByRole('alert')).toBeTruthy();
  });
});
