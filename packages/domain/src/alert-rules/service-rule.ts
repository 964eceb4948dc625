import { preReminderTypeId } from '../alerts-catalog';
import { serviceDue } from '../service-due';
import type { AlertRulesState, RuleContext } from './types';

/** Stage 6 is the due point; 1–5 are the pre-reminders. */
const DUE_STAGE = 6;

/**
 * Service due (A0102) and pre-reminders 1–5 (A0102P1–P5): engine hours against the tractor's
 * schedule (domain service-due). Each stage alerts once per due point; when hours jump past
 * several at once (a first record, a long offline spell) only the furthest is raised. A recorded
 * service moves the due point and starts the stages again. A stage read from the device's counter
 * is raised when two readings in a row reach it: one wild value (a counter read mid-reset, 150 h
 * showing as 1,092 h for one record) is not a service due.
 */
export function serviceRule(state: AlertRulesState, ctx: RuleContext): void {
  const r = ctx.input.reading;
  // The device's worktime counter when it has one; our own count of engine time otherwise.
  if (r.engineWorktimeMin === undefined) state.engineS += ctx.input.engineS;
  const hours = r.engineWorktimeMin !== undefined ? r.engineWorktimeMin / 60 : state.engineS / 3600;
  const { intervalH, lastServiceAtH } = ctx.profile.service;
  const dueAt = lastServiceAtH + intervalH;
  // Nothing to look at until the next stage's hours (or ever again, past the due point).
  const waiting = state.service?.seen !== undefined;
  if (state.service?.dueAt === dueAt && !waiting && (state.service.stage >= DUE_STAGE || hours < state.service.nextAt)) return;

  const due = serviceDue({ engineHours: hours, lastServiceAtHours: lastServiceAtH, serviceIntervalH: intervalH });
  const service = state.service?.dueAt === dueAt ? state.service : { dueAt, stage: 0, nextAt: 0 };
  const reached = due.status === 'overdue' ? DUE_STAGE : (due.currentPreReminder ?? 0);
  // The next point worth a look: the next pre-reminder's hours, or the due point.
  const next = due.preReminders.find((p) => !p.reached);
  service.nextAt = next?.atHours ?? due.dueAtHours;
  // From the counter, a stage counts once the reading before reached it too.
  const fromCounter = r.engineWorktimeMin !== undefined;
  const confirmed = fromCounter ? Math.min(reached, service.seen ?? 0) : reached;
  service.seen = fromCounter && reached > service.stage && confirmed < reached ? reached : undefined;
  if (confirmed > service.stage) {
    const stageRaised = confirmed;
    service.stage = stageRaised;
    const rounded = Math.round(hours * 10) / 10;
    if (stageRaised === DUE_STAGE) ctx.raise('A0102', rounded, due.dueAtHours);
    else ctx.raise(preReminderTypeId(stageRaised), rounded, due.preReminders[stageRaised - 1]?.atHours ?? null);
  }
  state.service = service;
}
