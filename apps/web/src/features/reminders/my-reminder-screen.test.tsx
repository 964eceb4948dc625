import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import remindersEn from '../../locales/reminders/en.json';
import { remindersNow } from '../../lib/signed-in/reminders-store';
import { reminder, reminderScreensEachTest } from '../../test/reminders';
import { MyReminderScreen } from './my-reminder-screen';

/** It is 10:00 IST; the phone holds a reminder for 08:00 today, switched off. */
const old = reminder({ id: 'old', title: 'Pay loan', time: '08:00', isActive: false });
const server = reminderScreensEachTest(() => [old]);

describe('my reminders: switching one on', () => {
  it('a one-off reminder whose time has passed is not switched on (it would never ring): the owner is told why', async () => {
    render(
      <MemoryRouter>
        <MyReminderScreen />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('switch', { name: remindersEn['reminders.active'] }));
    expect(await screen.findByText(remindersEn['error.REMINDER_TIME_PASSED'])).toBeTruthy();
    expect(server.puts()).toEqual([]);
    expect(remindersNow().reminders).toEqual([old]);
  });
});
