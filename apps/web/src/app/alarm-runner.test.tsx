import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { type Alarm, alarmOf, type Reminder } from '@tractorlink/domain/alarms';
import { storage } from '../lib/secure-storage';
import { endSession } from '../lib/session';
import { remindersNow, resetRemindersForTests } from '../lib/signed-in/reminders-store';
import { loadTractorTexts } from '../lib/signed-in/tractor-texts';
import { testOwner } from '../test/owner';
import { TUE, at, reminder } from '../test/reminders';
import { jsonResponse, signInEachTest } from '../test/signed-in';
import { AlarmRunner } from './alarm-runner';
import { englishBeforeAll } from '../test/words';

/** The app opens at 07:31 IST on Tuesday 24 Nov 2026, offline (the server's list never comes). */
const oneOff = (id: string, date: string): Reminder => reminder({ id, title: `Reminder ${id}`, repeat: { date } });

class SilentAudio {
  loop = false;
  play = () => Promise.resolve();
  pause = () => undefined;
}

englishBeforeAll(loadTractorTexts);

signInEachTest(testOwner('en'));

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(at(TUE, 7, 31));
  vi.stubGlobal('Audio', SilentAudio);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse(503, { error: { code: 'INTERNAL', message: 'down' } })),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function phoneHolds(reminders: Reminder[]): void {
  const made = at('2026-11-20', 6, 0);
  storage.setJson('remindersData', reminders);
  storage.setJson('alarmsData', reminders.map((r) => alarmOf(r, made)) satisfies Alarm[]);
  resetRemindersForTests();
}

describe('the alarm runner as the app opens (spec §4 turning alarms off)', () => {
  it('does not ring a one-off reminder missed days ago, and turns its alarm off', async () => {
    phoneHolds([oneOff('old', '2026-11-21')]);
    render(<AlarmRunner />);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(remindersNow().alarms[0]?.status).toBe(false);
  });

  it('still rings one missed by a minute (within the popup time)', async () => {
    phoneHolds([oneOff('now', TUE)]);
    render(<AlarmRunner />);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(screen.getByText('Reminder now')).toBeTruthy();
  });
});

describe('the reminder popup at sign-out (spec §4: storage cleared, dialogs closed)', () => {
  it('closes, and its dismissal writes nothing back into the cleared storage', async () => {
    phoneHolds([oneOff('now', TUE)]);
    render(<AlarmRunner />);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(screen.getByText('Reminder now')).toBeTruthy();
    act(() => endSession());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(storage.get('remindersData')).toBeUndefined();
    expect(storage.get('alarmsData')).toBeUndefined();
  });
});
