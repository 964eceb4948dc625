import { useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  isValid12HourTime,
  oneOffPassed,
  REMINDER_DESCRIPTION_MAX,
  REMINDER_TITLE_MAX,
  type Reminder,
  WEEK_DAYS,
  type WeekDay,
} from '@tractorlink/domain/alarms';
import { istDate } from '@tractorlink/domain/time';
import { Notice } from '../../components/ui/notice';
import { useFocusFirstInvalid } from '../../hooks/use-focus-first-invalid';
import { Page } from '../../components/ui/page';
import { CancelSave } from '../../components/ui/cancel-save';
import { paths } from '../../config/paths';
import { failureText } from './failure';
import { remindersNow, saveReminder } from '../../lib/signed-in/reminders-store';
import { useReminderTexts } from '../../lib/signed-in/reminders-texts';
import { blankReminder, from24, to24, type When, whenOf } from './reminder-time';
import { Loading } from '../../components/ui/loading';

/** The reminder as saved: trimmed, with only the chosen kind of day. */
function toSave(draft: Reminder, when: When): Reminder {
  return {
    ...draft,
    title: draft.title.trim(),
    description: draft.description.trim(),
    repeat: { date: when === 'date' ? draft.repeat.date : null },
    everyday: when === 'everyday',
    weekDays: when === 'weekdays' ? draft.weekDays : [],
  };
}

/**
 * Field rules of spec §5 (title required, a valid time) and one kind of day, as codes the catalogue
 * words. A valid time includes one not already passed: a one-off reminder switched on for a past
 * minute would never ring (the server refuses it too). Switched off, an old one may still be kept.
 */
function problemsOf(r: Reminder, when: When, now: number): Partial<Record<'title' | 'time' | 'when', string>> {
  const problems: Partial<Record<'title' | 'time' | 'when', string>> = {};
  if (r.title.trim() === '') problems.title = 'REMINDER_TITLE_REQUIRED';
  if (!isValid12HourTime(r.time)) problems.time = 'REMINDER_TIME_INVALID';
  else if (r.isActive && oneOffPassed(r, now)) problems.time = 'REMINDER_TIME_PASSED';
  if (when === 'date' && !r.repeat.date) problems.when = 'REMINDER_DATE_REQUIRED';
  if (when === 'weekdays' && r.weekDays.length === 0) problems.when = 'REMINDER_DAYS_REQUIRED';
  return problems;
}

/** Spec §2 add-reminder (also its edit, with ?id=): what, when, and whether it rings. */
export function AddReminderScreen() {
  const { t, ready } = useReminderTexts();
  const navigate = useNavigate();
  const editId = useSearchParams()[0].get('id');
  const existing = editId ? remindersNow().reminders.find((r) => r.id === editId) : undefined;
  const [draft, setDraft] = useState<Reminder>(() => existing ?? blankReminder());
  const [when, setWhen] = useState<When>(() => whenOf(draft));
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  // The clock the rules are checked against, read again at each Save (render stays pure).
  const [now, setNow] = useState(() => Date.now());
  const today = istDate(now);
  const ids = { title: useId(), description: useId(), time: useId(), date: useId(), when: useId() };
  const { formRef, refused } = useFocusFirstInvalid<HTMLFormElement>();
  const problems = problemsOf(toSave(draft, when), when, now);
  const show = (field: keyof typeof problems) => (tried && problems[field] ? t(`error.${problems[field]}`) : undefined);
  const set = (patch: Partial<Reminder>) => setDraft((d) => ({ ...d, ...patch }));

  const submit = async () => {
    const at = Date.now();
    setNow(at);
    setTried(true);
    const reminder = toSave(draft, when);
    if (Object.keys(problemsOf(reminder, when, at)).length > 0) {
      refused();
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const { queued } = await saveReminder(reminder);
      void navigate(paths.myReminder.getHref(), { state: { saved: reminder.title, queued } });
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page title={existing ? t('reminders.editTitle') : t('reminders.addTitle')} backTo={paths.myReminder.getHref()}>
      {!ready && <Loading />}
      <form
        ref={formRef}
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className="field">
          <label htmlFor={ids.title}>{t('reminders.titleField')}</label>
          <input
            id={ids.title}
            value={draft.title}
            maxLength={REMINDER_TITLE_MAX}
            required
            aria-invalid={show('title') ? true : undefined}
            aria-describedby={show('title') ? `${ids.title}-error` : undefined}
            onChange={(e) => set({ title: e.target.value })}
          />
          {show('title') && (
            <p id={`${ids.title}-error`} className="field-error">
              {show('title')}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={ids.description}>{t('reminders.descriptionField')}</label>
          <textarea
            id={ids.description}
            value={draft.description}
            maxLength={REMINDER_DESCRIPTION_MAX}
            rows={3}
            onChange={(e) => set({ description: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.time}>{t('reminders.timeField')}</label>
          <input
            id={ids.time}
            type="time"
            value={to24(draft.time, draft.ampm)}
            required
            aria-invalid={show('time') ? true : undefined}
            aria-describedby={show('time') ? `${ids.time}-error` : undefined}
            onChange={(e) => set(e.target.value ? from24(e.target.value) : { time: '' })}
          />
          {show('time') && (
            <p id={`${ids.time}-error`} className="field-error">
              {show('time')}
            </p>
          )}
        </div>
        <fieldset className="choice-list">
          <legend>{t('reminders.whenField')}</legend>
          {(['date', 'everyday', 'weekdays'] as const).map((w) => (
            <label key={w} className="choice">
              <input type="radio" name="when" checked={when === w} onChange={() => setWhen(w)} />
              <span>{t(`reminders.when.${w}`)}</span>
            </label>
          ))}
        </fieldset>
        {when === 'date' && (
          <div className="field">
            <label htmlFor={ids.date}>{t('reminders.dateField')}</label>
            <input
              id={ids.date}
              type="date"
              min={today}
              aria-invalid={show('when') ? true : undefined}
              aria-describedby={show('when') ? ids.when : undefined}
              value={draft.repeat.date ?? ''}
              onChange={(e) => set({ repeat: { date: e.target.value || null } })}
            />
          </div>
        )}
        {when === 'weekdays' && (
          <fieldset className="day-picker" aria-describedby={show('when') ? ids.when : undefined}>
            <legend>{t('reminders.daysField')}</legend>
            {WEEK_DAYS.map((d: WeekDay, i) => (
              <label key={d} className="day-choice">
                <input
                  type="checkbox"
                  // The first day carries the error: the field focus returns to after a refused save.
                  aria-invalid={i === 0 && show('when') ? true : undefined}
                  checked={draft.weekDays.includes(d)}
                  onChange={(e) => set({ weekDays: e.target.checked ? [...draft.weekDays, d] : draft.weekDays.filter((x) => x !== d) })}
                />
                <span>{t(`reminders.day.${d}`)}</span>
              </label>
            ))}
          </fieldset>
        )}
        {show('when') && (
          <p id={ids.when} className="field-error">
            {show('when')}
          </p>
        )}
        <label className="switch-field">
          <span>{t('reminders.active')}</span>
          <input type="checkbox" role="switch" className="switch" checked={draft.isActive} onChange={(e) => set({ isActive: e.target.checked })} />
        </label>
        <p className="fine-print">{t('reminders.closedAppSound')}</p>
        {failure !== null && <Notice tone="error">{failureText(t, failure)}</Notice>}
        <CancelSave onCancel={() => void navigate(paths.myReminder.getHref())} busy={busy} />
      </form>
    </Page>
  );
}
