import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Reminder } from '@tractorlink/domain/alarms';
import { istMidnight } from '@tractorlink/domain/time';
import remindersEn from '../../locales/reminders/en.json';
import { initI18n } from '../../lib/i18n';
import { storage } from '../../lib/secure-storage';
import { remindersNow, resetRemindersForTests } from '../../lib/signed-in/reminders-store';
import { loadReminderTexts } from '../../lib/signed-in/reminders-texts';
import { testOwner } from '../../test/owner';
import { jsonResponse, signInEachTest } from '../../test/signed-in';
import { MyReminderScreen } from './my-reminder-screen';

/** 10:00 IST on Tuesday 24 Nov 2026. */
const TUE = '2026-11-24';
const old: Reminder = {
  id: 'old',
  title: 'Pay loan',
  description: '',
  time: '08:00',
  ampm: 'am',
  repeat: { date: TUE },
  everyday: false,
  weekDays: [],
  isActive: false,
};
let puts: number;

beforeAll(async () => {
  await storage.load();
  await initI18n('en');
  await loadReminderTexts('en');
});

signInEachTest(testOwner('en'));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(istMidnight(TUE) + 10 * 3600_000);
  puts = 0;
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init: RequestInit = {}) => {
      if (init.method === 'PUT') puts++;
      return jsonResponse(200, {});
    }),
  );
  storage.setJson('remindersData', [old]);
  storage.setJson('alarmsData', []);
  resetRemindersForTests();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('my reminders: switching one on', () => {
  it('a one-off reminder whose time has passed is not switched on (it would never ring): the owner is told why', async () => {
    render(
      <MemoryRouter>
        <MyReminderScreen />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('switch', { name: remindersEn['reminders.active'] }));
    expect(await screen.findByText(remindersEn['error.REMINDER_TIME_PASSED'])).toBeTruthy();
    expect(puts).toBe(0);
    expect(remindersNow().reminders).toEqual([old]);
  });
});
