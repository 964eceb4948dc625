import { FUTURE_SLACK_S, JOB_MAX_S } from '@tractorlink/domain/hire/rules';
import { istDate, istMidnight } from '@tractorlink/domain/time';

/**
 * When a job was done, as the new-job form asks it: starting now, started earlier today, or done
 * already (a day, a start and an end). Times are India's ('HH:MM' on an IST day), sent as Unix seconds;
 * the checks are the server's (docs/hire-api.md job window), so the form says what it would refuse.
 */
export type WhenKind = 'now' | 'earlier' | 'done';

export interface WhenInput {
  kind: WhenKind;
  /** 'YYYY-MM-DD' (IST). */
  day: string;
  /** 'HH:MM'. */
  start: string;
  end: string;
}

export type WhenField = 'start' | 'end';

/** Seconds of 'HH:MM' on an IST day, or null. */
export function istSeconds(day: string, time: string): number | null {
  const m = /^(\d{2}):(\d{2})$/.exec(time);
  if (!m || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const [h, min] = [Number(m[1]), Number(m[2])];
  if (h > 23 || min > 59) return null;
  return istMidnight(day) / 1000 + h * 3600 + min * 60;
}

/** 'HH:MM' of a moment in India. */
export function istClock(epochS: number): string {
  const d = new Date((epochS + 5.5 * 3600) * 1000);
  return `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
}

export const todayIst = (nowS: number): string => istDate(nowS * 1000);

/** The job's start and end (null: running), or each field's problem. */
export function readWhen(input: WhenInput, nowS: number): { startAt: number; endAt: number | null; problems: Partial<Record<WhenField, string>> } {
  if (input.kind === 'now') return { startAt: nowS, endAt: null, problems: {} };
  const day = input.kind === 'earlier' ? todayIst(nowS) : input.day;
  const problems: Partial<Record<WhenField, string>> = {};
  const startAt = istSeconds(day, input.start);
  if (startAt === null) problems.start = 'REQUIRED';
  else if (startAt > nowS + FUTURE_SLACK_S) problems.start = 'START_IN_FUTURE';
  if (input.kind === 'earlier') return { startAt: startAt ?? nowS, endAt: null, problems };
  // Done: an end before the start is taken as past midnight only if the day is over by then (night threshing).
  let endAt = istSeconds(day, input.end);
  if (endAt === null) problems.end = 'REQUIRED';
  else if (startAt !== null) {
    if (endAt <= startAt && endAt + 86_400 <= nowS + FUTURE_SLACK_S) endAt += 86_400;
    if (endAt <= startAt) problems.end = 'END_BEFORE_START';
    else if (endAt > nowS + FUTURE_SLACK_S) problems.end = 'END_IN_FUTURE';
    else if (endAt - startAt > JOB_MAX_S) problems.end = 'JOB_TOO_LONG';
  }
  return { startAt: startAt ?? nowS, endAt: endAt ?? nowS, problems };
}
