import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { Reminder } from '@tractorlink/domain/alarms';
import { istMidnight } from '@tractorlink/domain/time';
import remindersEn from '../../locales/reminders/en.json';
import { initI18n } from '../../lib/i18n';
import { storage } from '../../lib/secure-storage';
import { remindersNow, resetRemindersForTests } from '../../lib/signed-in/reminders-store';
import { loadReminderTexts } from '../../lib/signed-in/reminders-texts';
import { testOwner } from '../../test/owner';
import { jsonResponse, signInEachTest } from '../../test/signed-in';
import { AddReminderScreen } from './add-reminder-screen';

/** Spec §5 'the time selection must be valid': it is 10:00 IST on Tuesday 24 Nov 2026. */
const TUE = '2026-11-24';
const NOW = istMidnight(TUE) + 10 * 3600_000;
const PASSED = remindersEn['error.REMINDER_TIME_PASSED'];

let puts: Reminder[];

beforeAll(async () => {
  await storage.load();
  await initI18n('en');
  await loadReminderTexts('en');
});

signInEachTest(testOwner('en'));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  puts = [];
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init: RequestInit = {}) => {
      if (init.method === 'PUT') puts.push(JSON.parse(String(init.body)) as Reminder);
      return jsonResponse(200, init.method === 'PUT' ? JSON.parse(String(init.body)) : { data: [] });
    }),
  );
  storage.setJson('remindersData', []);
  storage.setJson('alarmsData', []);
  resetRemindersForTests();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function open(editId?: string) {
  render(
    <MemoryRouter initialEntries={[editId ? `/add-reminder?id=${editId}` : '/add-reminder']}>
      <Routes>
        <Route path="/add-reminder" element={<AddReminderScreen />} />
        <Route path="/my-reminder" element={<p>list</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

const fill = (title: string, time: string) => {
  fireEvent.change(screen.getByLabelText(remindersEn['reminders.titleField']), { target: { value: title } });
  fireEvent.change(screen.getByLabelText(remindersEn['reminders.timeField']), { target: { value: time } });
};
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('add reminder: a time already passed', () => {
  it('a one-off reminder for 09:00 today, at 10:00, is refused with the reason and not saved', async () => {
    open();
    fill('Change engine oil', '09:00');
    save();
    expect(await screen.findByText(PASSED)).toBeTruthy();
    expect(puts).toEqual([]);
    expect(remindersNow().reminders).toEqual([]);
  });

  it('10:30 today is saved', async () => {
    open();
    fill('Change engine oil', '10:30');
    save();
    await screen.findByText('list');
    expect(puts.map((r) => [r.time, r.ampm, r.repeat.date])).toEqual([['10:30', 'am', TUE]]);
  });

  it('a repeating reminder at a time already passed today is saved', async () => {
    open();
    fill('Grease the PTO', '09:00');
    fireEvent.click(screen.getByLabelText(remindersEn['reminders.when.everyday']));
    save();
    await screen.findByText('list');
    expect(puts.map((r) => [r.time, r.everyday, r.repeat.date])).toEqual([['09:00', true, null]]);
  });

  it('editing a one-off reminder whose time has passed: refused switched on, saved switched off', async () => {
    const old: Reminder = {
      id: 'old',
      title: 'Pay loan',
      description: '',
      time: '08:00',
      ampm: 'am',
      repeat: { date: TUE },
      everyday: false,
      weekDays: [],
      isActive: true,
    };
    storage.setJson('remindersData', [old]);
    resetRemindersForTests();
    open('old');
    save();
    expect(await screen.findByText(PASSED)).toBeTruthy();
    expect(puts).toEqual([]);
    fireEvent.click(screen.getByRole('switch', { name: remindersEn['reminders.active'] }));
    save();
    await waitFor(() => expect(puts).toEqual([{ ...old, isActive: false }]));
  });
});
