import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { loadTractorTexts } from '../../lib/signed-in/tractor-texts';
import { networkEachTest } from '../../test/network';
import { testOwner } from '../../test/owner';
import { renderWithProviders } from '../../test/render';
import { jsonResponse, signInEachTest } from '../../test/signed-in';
import { englishBeforeAll } from '../../test/words';
import { ProfileEditScreen } from './profile-edit-screen';

/** Spec §8 'profile data not updated': the server refuses the change, and the screen says so (not "updated"). */
const user = testOwner();

englishBeforeAll(loadTractorTexts);
signInEachTest(user);
const network = networkEachTest((_input, init) =>
  init.method === 'PUT' ? jsonResponse(400, { error: { code: 'VALIDATION_FAILED', message: 'no' } }) : jsonResponse(200, user),
);

describe('a profile change the server refuses', () => {
  it("says 'Profile data not updated' and keeps what the owner typed", async () => {
    network.online = true;
    renderWithProviders(<ProfileEditScreen />, { url: '/create-new-profile', queries: { networkMode: 'offlineFirst' } });
    const name = await screen.findByLabelText('Full name');
    fireEvent.change(name, { target: { value: 'Suresh Kumar' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile data not updated. Please try again.')).toBeTruthy();
    expect(screen.queryByText('Profile updated')).toBeNull();
    expect((name as HTMLInputElement).value).toBe('Suresh Kumar');
  });
});
