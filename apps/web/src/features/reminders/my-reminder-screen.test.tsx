import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import remindersEn from '../../locales/reminders/en.json';
import { remindersNow } from '../../lib/signed-in/reminders-store';
import { phoneHolds, reminder, reminderScreensEachTest } from '../../test/reminders';
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

describe('my reminders: one-offs whose time has gone by', () => {
  it('show switched off with "Time passed"; one still to come stays on', async () => {
    phoneHolds([
      reminder({ id: 'rang', title: 'Call the seller', time: '08:00', isActive: true }),
      reminder({ id: 'later', title: 'Fetch diesel', time: '11:00', isActive: true }),
    ]);
    render(
      <MemoryRouter>
        <MyReminderScreen />
      </MemoryRouter>,
    );
    const [rang, later] = screen.getAllByRole('switch', { name: remindersEn['reminders.active'] }) as HTMLInputElement[];
    expect(rang?.checked).toBe(false);
    expect(later?.checked).toBe(true);
    expect(screen.getAllByText(new RegExp(remindersEn['reminders.passed']))).toHaveLength(1);
    expect(screen.getByRole('listitem', { name: 'Call the seller' }).textContent).toContain(remindersEn['reminders.passed']);
  });
});
