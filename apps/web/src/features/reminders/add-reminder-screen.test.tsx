import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import remindersEn from '../../locales/reminders/en.json';
import { remindersNow } from '../../lib/signed-in/reminders-store';
import { TUE, phoneHolds, reminder, reminderScreensEachTest } from '../../test/reminders';
import { AddReminderScreen } from './add-reminder-screen';

/** Spec §5 'the time selection must be valid': it is 10:00 IST on Tuesday 24 Nov 2026. */
const PASSED = remindersEn['error.REMINDER_TIME_PASSED'];
const server = reminderScreensEachTest();

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
    expect(server.puts()).toEqual([]);
    expect(remindersNow().reminders).toEqual([]);
  });

  it('10:30 today is saved', async () => {
    open();
    fill('Change engine oil', '10:30');
    save();
    await screen.findByText('list');
    expect(server.puts().map((r) => [r.time, r.ampm, r.repeat.date])).toEqual([['10:30', 'am', TUE]]);
  });

  it('a repeating reminder at a time already passed today is saved', async () => {
    open();
    fill('Grease the PTO', '09:00');
    fireEvent.click(screen.getByLabelText(remindersEn['reminders.when.everyday']));
    save();
    await screen.findByText('list');
    expect(server.puts().map((r) => [r.time, r.everyday, r.repeat.date])).toEqual([['09:00', true, null]]);
  });

  it('editing a one-off reminder whose time has passed: refused switched on, saved switched off', async () => {
    const old = reminder({ id: 'old', title: 'Pay loan', time: '08:00' });
    phoneHolds([old]);
    open('old');
    save();
    expect(await screen.findByText(PASSED)).toBeTruthy();
    expect(server.puts()).toEqual([]);
    fireEvent.click(screen.getByRole('switch', { name: remindersEn['reminders.active'] }));
    save();
    await waitFor(() => expect(server.puts()).toEqual([{ ...old, isActive: false }]));
  });
});

describe('add reminder: the title (spec §5: required)', () => {
  it('a title of spaces only is refused with the reason, and nothing is saved', async () => {
    open();
    fill('   ', '10:30');
    save();
    expect(await screen.findByText(remindersEn['error.REMINDER_TITLE_REQUIRED'])).toBeTruthy();
    expect(server.puts()).toEqual([]);
    expect(remindersNow().reminders).toEqual([]);
  });
});

/** The text a screen reader reads after a field's label: its aria-describedby targets. */
const description = (el: Element) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('add reminder: a refused save, heard', () => {
  it('puts focus on the field at fault, marked invalid and described by its error', async () => {
    open();
    fill('Change engine oil', '09:00');
    save();
    await screen.findByText(PASSED);
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-invalid')).toBe('true'));
    expect(description(document.activeElement as Element)).toContain(PASSED);
  });
});
