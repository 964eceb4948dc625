import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { loadTractorTexts } from '../../lib/signed-in/tractor-texts';
import { fakeApi } from '../../test/api';
import type { ApiCall } from '../../test/api';
import { testOwner } from '../../test/owner';
import { fillAndSubmit, renderWithProviders } from '../../test/render';
import { jsonResponse, signInEachTest } from '../../test/signed-in';
import { englishBeforeAll } from '../../test/words';
import { ChangePinScreen } from './change-pin-screen';

/**
 * Spec §5 'PIN: 4 digits. The old PIN must be valid when changing' and the §8 messages 'old PIN
 * invalid' and 'PIN changed successfully', as the server holds them (pin-lock.test.ts).
 */

let calls: ApiCall[];

/** The screen, with the server giving `answer` to every request. */
function renderScreen(answer: () => Response) {
  calls = fakeApi(answer);
  renderWithProviders(<ChangePinScreen />);
}

/** What the screen sent: every request's body. */
const bodies = () => calls.map((c) => c.body);

const change = (oldPin: string, newPin: string, confirm = newPin) =>
  fillAndSubmit({ 'Old PIN': oldPin, 'New PIN': newPin, 'Confirm new PIN': confirm }, 'Change PIN');

englishBeforeAll(loadTractorTexts);

signInEachTest(testOwner());

afterEach(() => vi.unstubAllGlobals());

describe('change PIN', () => {
  it('refuses on the phone a PIN of other than 4 digits, two new PINs that differ, and the old PIN again', async () => {
    renderScreen(() => jsonResponse(200, { ok: true }));
    change('123', '56789');
    expect(await screen.findAllByText('Enter a 4-digit PIN.')).toHaveLength(2);
    change('1234', '5678', '5679');
    expect(await screen.findByText('The two PINs do not match.')).toBeTruthy();
    change('1234', '1234');
    expect(await screen.findByText('The new PIN must be different from the old PIN.')).toBeTruthy();
    expect(bodies()).toEqual([]);
  });

  it("says 'Old PIN is invalid' when the server refuses the old PIN, and 'PIN changed successfully' once changed", async () => {
    let answer = () => jsonResponse(400, { error: { code: 'PIN_OLD_INVALID', message: 'x' } });
    renderScreen(() => answer());
    change('0000', '5678');
    expect(await screen.findByText('Old PIN is invalid')).toBeTruthy();
    expect(bodies()).toEqual([{ oldPin: '0000', newPin: '5678' }]);

    answer = () => jsonResponse(200, { ok: true });
    change('1234', '5678');
    expect(await screen.findByText('PIN changed successfully')).toBeTruthy();
    expect(screen.queryByText('Old PIN is invalid')).toBeNull();
    // The form is emptied: no PIN stays on the screen.
    expect((screen.getByLabelText('Old PIN') as HTMLInputElement).value).toBe('');
  });
});
