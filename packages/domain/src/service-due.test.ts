import { describe, expect, it } from 'vitest';
import { preReminderHours, serviceDue } from './service-due';

describe('service due', () => {
  it.each([
    // engine hours, last service, interval → status, due at, hours left, current pre-reminder
    [0, 0, 250, 'ok', 250, 250, null],
    [199.9, 0, 250, 'ok', 250, 50.1, null],
    [200, 0, 250, 'due_soon', 250, 50, 1],
    [210, 0, 250, 'due_soon', 250, 40, 2],
    [225, 0, 250, 'due_soon', 250, 25, 3],
    [230, 0, 250, 'due_soon', 250, 20, 4],
    [245, 0, 250, 'due_soon', 250, 5, 5],
    [250, 0, 250, 'overdue', 250, 0, null],
    [263.4, 0, 250, 'overdue', 250, -13.4, null],
    [520, 500, 250, 'ok', 750, 230, null],
    [710, 500, 250, 'due_soon', 750, 40, 2],
  ] as const)('%s h after a service at %s h every %s h → %s', (engineHours, lastServiceAtHours, serviceIntervalH, status, dueAtHours, hoursLeft, current) => {
    const due = serviceDue({ engineHours, lastServiceAtHours, serviceIntervalH });
    expect(due).toMatchObject({ status, dueAtHours, hoursLeft, currentPreReminder: current });
  });

  it('lists the five pre-reminders 50, 40, 30, 20, 10 hours before the due point', () => {
    const due = serviceDue({ engineHours: 215, lastServiceAtHours: 0, serviceIntervalH: 250 });
    expect(due.preReminders).toEqual([
      { number: 1, hoursBefore: 50, atHours: 200, reached: true },
      { number: 2, hoursBefore: 40, atHours: 210, reached: true },
      { number: 3, hoursBefore: 30, atHours: 220, reached: false },
      { number: 4, hoursBefore: 20, atHours: 230, reached: false },
      { number: 5, hoursBefore: 10, atHours: 240, reached: false },
    ]);
  });

  it('scales the pre-reminders for short intervals so they do not all fire at once', () => {
    expect(preReminderHours(500)).toEqual([50, 40, 30, 20, 10]);
    expect(preReminderHours(50)).toEqual([25, 20, 15, 10, 5]);
    expect(serviceDue({ engineHours: 20, lastServiceAtHours: 0, serviceIntervalH: 50 })).toMatchObject({ status: 'ok', hoursLeft: 30 });
  });
});
