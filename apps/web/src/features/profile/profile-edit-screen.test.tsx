import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { queryKeys } from '../../lib/query-keys';
import { storage } from '../../lib/secure-storage';
import { loadTractorTexts } from '../../lib/signed-in/tractor-texts';
import { networkEachTest } from '../../test/network';
import { testOwner } from '../../test/owner';
import { renderWithProviders } from '../../test/render';
import { jsonResponse, signInEachTest } from '../../test/signed-in';
import { englishBeforeAll } from '../../test/words';
import { ProfileEditScreen } from './profile-edit-screen';

/**
 * An app started offline without the kept query data (closed within the persistence delay, e.g. just
 * after a photo was chosen): the profile comes from the copy kept at login, and stays once the fetch fails.
 */

const user = testOwner();
const json = jsonResponse;

englishBeforeAll(loadTractorTexts);

signInEachTest(user);

const network = networkEachTest(() => json(200, { ...user, name: 'Ramesh B. Patil' }));

// The app's query defaults: one try, offline too (lib/query-client.ts).
const renderScreen = () => renderWithProviders(<ProfileEditScreen />, { url: '/create-new-profile', queries: { networkMode: 'offlineFirst' } }).client;

describe('the profile screen started offline with no kept query data', () => {
  it('shows the owner kept at login, and still after the fetch has failed', async () => {
    const client = renderScreen();
    await waitFor(() => expect(client.getQueryState(queryKeys.profile)?.status).toBe('error'));
    expect(fetch).toHaveBeenCalled();
    expect(screen.queryByText('Loading…')).toBeNull();
    expect((screen.getByLabelText('Full name') as HTMLInputElement).value).toBe('Ramesh Patil');
  });

  it('online, the server answer replaces the kept copy, in the form too', async () => {
    network.online = true;
    const client = renderScreen();
    await waitFor(() => expect(client.getQueryData(queryKeys.profile)).toMatchObject({ name: 'Ramesh B. Patil' }));
    expect(storage.getJson('userData')).toMatchObject({ name: 'Ramesh B. Patil' });
    await waitFor(() => expect((screen.getByLabelText('Full name') as HTMLInputElement).value).toBe('Ramesh B. Patil'));
  });
});

describe('editing the profile (spec §5: full name letters only, email optional)', () => {
  it('sends the name tidied of the keyboard spaces and a blank email as none; a name with a digit is not sent', async () => {
    network.online = true;
    renderScreen();
    await screen.findByLabelText('Full name');
    const puts = () => vi.mocked(fetch).mock.calls.filter(([, init]) => init?.method === 'PUT');

    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Suresh 2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("Use letters only (English or your language's script), with single spaces between words.")).toBeTruthy();
    expect(puts()).toEqual([]);

    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: ' Suresh  Kumar ' } });
    fireEvent.change(screen.getByLabelText('Email (optional)'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(JSON.parse(String(puts()[0]?.[1]?.body))).toEqual({ name: 'Suresh Kumar', email: null });
  });
});
