import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
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
    const switchOf = (title: string) =>
      within(screen.getByRole('listitem', { name: title })).getByRole('switch', { name: remindersEn['reminders.active'] }) as HTMLInputElement;
    const [rang, later] = [switchOf('Call the seller'), switchOf('Fetch diesel')];
    expect(rang?.checked).toBe(false);
    expect(later?.checked).toBe(true);
    expect(screen.getAllByText(new RegExp(remindersEn['reminders.passed']))).toHaveLength(1);
    expect(screen.getByRole('listitem', { name: 'Call the seller' }).textContent).toContain(remindersEn['reminders.passed']);
  });
});

describe('my reminders: the order of the list', () => {
  it('the next to ring comes first, then the ones that will not ring again, whatever order the phone holds them in', () => {
    phoneHolds([
      reminder({ id: 'off', title: 'Switched off', time: '06:00', everyday: true, repeat: { date: null }, isActive: false }),
      reminder({ id: 'rang', title: 'Rang at 8', time: '08:00' }),
      reminder({ id: 'tomorrow', title: 'Tomorrow at 7', time: '07:00', repeat: { date: '2026-11-25' } }),
      reminder({ id: 'daily', title: 'Daily at 9 am', time: '09:00', everyday: true, repeat: { date: null } }),
      reminder({ id: 'noon', title: 'Today at noon', time: '12:00', ampm: 'pm' }),
    ]);
    render(
      <MemoryRouter>
        <MyReminderScreen />
      </MemoryRouter>,
    );
    // 10:00 now: noon today, 7 am tomorrow, 9 am tomorrow (daily); then off, then one already rung.
    const titles = screen.getAllByRole('listitem').map((li) => li.querySelector('h2')?.textContent);
    expect(titles).toEqual(['Today at noon', 'Tomorrow at 7', 'Daily at 9 am', 'Switched off', 'Rang at 8']);
  });
});
