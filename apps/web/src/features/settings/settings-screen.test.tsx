import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { enqueue, flush, outboxEntries } from '../../lib/outbox/outbox';
import { sessionStore } from '../../lib/session';
import { loadTractorTexts } from '../../lib/signed-in/tractor-texts';
import { networkEachTest } from '../../test/network';
import { testOwner } from '../../test/owner';
import { renderWithProviders } from '../../test/render';
import { jsonResponse, signInEachTest } from '../../test/signed-in';
import { englishBeforeAll } from '../../test/words';
import { SettingsScreen } from './settings-screen';

englishBeforeAll(loadTractorTexts);
signInEachTest(testOwner());

/** What reached the server: each request's method and path. */
const sent: string[] = [];
/** What the server answers a reminder: taken, or refused as a form error. */
const taken = () => jsonResponse(200, { ok: true });
let reminderAnswer = taken;
beforeEach(() => {
  reminderAnswer = taken;
});
const network = networkEachTest((input, init) => {
  const path = new URL(String(input), 'http://localhost').pathname;
  sent.push(`${init.method ?? 'GET'} ${path}`);
  return path.endsWith('/reminders') ? reminderAnswer() : jsonResponse(200, { ok: true });
});

/** A reminder saved while offline: kept on the phone, not yet sent. */
const savedOffline = (title: string) =>
  enqueue({ kind: 'reminder.create', method: 'POST', path: 'reminders', target: `reminder:${title}`, label: title, body: { title } });

const openLogOut = () => fireEvent.click(screen.getByRole('button', { name: 'Log out of this device' }));

describe('log out (settings)', () => {
  it('asks first: Stay logged in keeps the session, Log out ends it', async () => {
    sent.length = 0;
    network.online = true;
    renderWithProviders(<SettingsScreen />);
    openLogOut();
    const dialog = await screen.findByRole('dialog', { name: 'Log out of this device?' });
    expect(dialog.textContent).toContain('you will need your mobile number and PIN');
    fireEvent.click(screen.getByRole('button', { name: 'Stay logged in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.filter((s) => s.endsWith('/logout'))).toEqual([]);
    expect(sessionStore.getSnapshot()).toBe('signedIn');

    openLogOut();
    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(sessionStore.getSnapshot()).toBe('signedOut'));
    expect(sent).toContain('POST /api/v1/logout');
  });

  it('offline, with changes not yet sent: says how many a log out would delete, and staying keeps them', async () => {
    savedOffline('Oil change');
    savedOffline('Greasing');
    renderWithProviders(<SettingsScreen />);
    openLogOut();
    const dialog = await screen.findByRole('dialog', { name: 'Log out of this device?' });
    expect(within(dialog).getByRole('alert').textContent).toBe(
      '2 changes saved on this phone have not been sent yet. Logging out now deletes them. Stay logged in until the phone is online, and they will be sent.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Stay logged in' }));
    expect(outboxEntries()).toHaveLength(2);
    expect(sessionStore.getSnapshot()).toBe('signedIn');
  });

  it('with a change the server refused (kept to correct): says a log out deletes it too', async () => {
    reminderAnswer = () => jsonResponse(422, { error: { code: 'VALIDATION_FAILED', message: 'title too long' } });
    savedOffline('Oil change');
    network.online = true;
    await flush();
    expect(outboxEntries()[0]?.refusal).toBeDefined();
    renderWithProviders(<SettingsScreen />);
    openLogOut();
    const dialog = await screen.findByRole('dialog', { name: 'Log out of this device?' });
    expect(within(dialog).getByRole('alert').textContent).toBe(
      '1 change that was not saved is kept on this phone for you to correct. Logging out now deletes it.',
    );
  });

  it('online, with a change not yet sent: sends it as the question opens, and the warning goes', async () => {
    sent.length = 0;
    savedOffline('Oil change');
    renderWithProviders(<SettingsScreen />);
    network.online = true;
    openLogOut();
    const dialog = await screen.findByRole('dialog', { name: 'Log out of this device?' });
    await waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull());
    expect(sent).toContain('POST /api/v1/reminders');
    expect(outboxEntries()).toEqual([]);
    expect(dialog.textContent).toContain('you will need your mobile number and PIN');
  });
});
