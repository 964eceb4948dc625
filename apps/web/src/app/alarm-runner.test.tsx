import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
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

/** Every alarm sound made, and whether it is playing now. */
let sounds: SilentAudio[] = [];
class SilentAudio {
  loop = false;
  playing = false;
  constructor() {
    sounds.push(this);
  }
  play = () => {
    this.playing = true;
    return Promise.resolve();
  };
  pause = () => {
    this.playing = false;
  };
}
const playing = () => sounds.filter((s) => s.playing).length;

englishBeforeAll(loadTractorTexts);

signInEachTest(testOwner('en'));

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(at(TUE, 7, 31));
  sounds = [];
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

describe('the ringing alarm (spec §4)', () => {
  const alarmOfId = (id: string) => remindersNow().alarms.find((a) => a.id === id);

  it('dismissing stops the sound and clears its status flags', async () => {
    phoneHolds([oneOff('now', TUE)]);
    render(<AlarmRunner />);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(playing()).toBe(1);
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Dismiss' })));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(playing()).toBe(0);
    expect(alarmOfId('now')).toMatchObject({ status: false, in: false });
    // It does not ring again.
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('the popup closes by itself after 100000 ms, and the sound with it', async () => {
    phoneHolds([oneOff('now', TUE)]);
    render(<AlarmRunner />);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByText('Reminder now')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(99_999));
    expect(screen.getByText('Reminder now')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(playing()).toBe(0);
    expect(alarmOfId('now')?.status).toBe(false);
  });

  it('only one alarm rings at a time: the other rings once the first is dismissed', async () => {
    phoneHolds([oneOff('first', TUE), reminder({ id: 'second', title: 'Reminder second', time: '07:31', repeat: { date: TUE } })]);
    render(<AlarmRunner />);
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.getByText('Reminder first')).toBeTruthy();
    expect(playing()).toBe(1);
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Dismiss' })));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.getByText('Reminder second')).toBeTruthy();
    expect(playing()).toBe(1);
  });

  it('two everyday alarms at the same minute: the second rings after the first, even when the first is dismissed a minute later', async () => {
    vi.setSystemTime(at(TUE, 7, 29, 58));
    const daily = (id: string) => reminder({ id, title: `Reminder ${id}`, repeat: { date: null }, everyday: true });
    phoneHolds([daily('pump'), daily('milk')]);
    render(<AlarmRunner />);
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    const first = screen.getByText(/^Reminder (pump|milk)$/).textContent;
    // The owner comes to the phone at 07:31:05: the 07:30 minute has gone.
    await act(() => vi.advanceTimersByTimeAsync(65_000));
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Dismiss' })));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.getByText(/^Reminder (pump|milk)$/).textContent).not.toBe(first);
    // Dismissed too, neither rings again today.
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Dismiss' })));
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
