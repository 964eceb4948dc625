import type { Reminder } from '@tractorlink/domain/alarms';

/** A reminder as the phone sends it (PUT reminders/:id): every day at 12:05 pm unless `over` says otherwise. */
export const reminderBody = (over: Partial<Reminder> = {}): Reminder => ({
  id: 'oil-change',
  title: 'Change engine oil',
  description: '',
  time: '12:05',
  ampm: 'pm',
  repeat: { date: null },
  everyday: true,
  weekDays: [],
  isActive: true,
  ...over,
});
