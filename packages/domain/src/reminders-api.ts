import { z } from 'zod';
import { isValid12HourTime, REMINDER_DESCRIPTION_MAX, REMINDER_TITLE_MAX, WEEK_DAYS } from './alarms';

/** Reminder bodies (spec §3 Reminder), apart from the rules so the alarm runner stays small. */
export const reminderId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

export const reminderBody = z
  .strictObject({
    id: reminderId,
    title: z.string().trim().min(1, { message: 'REMINDER_TITLE_REQUIRED' }).max(REMINDER_TITLE_MAX, { message: 'REMINDER_TITLE_TOO_LONG' }),
    description: z.string().trim().max(REMINDER_DESCRIPTION_MAX, { message: 'REMINDER_DESCRIPTION_TOO_LONG' }),
    time: z.string().refine(isValid12HourTime, { message: 'REMINDER_TIME_INVALID' }),
    ampm: z.enum(['am', 'pm']),
    repeat: z.strictObject({ date: z.iso.date().nullable() }),
    everyday: z.boolean(),
    weekDays: z
      .array(z.enum(WEEK_DAYS))
      .max(7)
      .refine((d) => new Set(d).size === d.length, { message: 'REMINDER_DAYS_REPEATED' }),
    isActive: z.boolean(),
  })
  // A date, every day, or chosen weekdays: exactly one of them.
  .refine((r) => [r.repeat.date !== null, r.everyday, r.weekDays.length > 0].filter(Boolean).length === 1, {
    message: 'REMINDER_WHEN_INVALID',
    path: ['repeat'],
  });

export const reminderListResponse = z.object({ data: z.array(reminderBody) });
export const reminderParams = z.strictObject({ id: reminderId });
