import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { MAX_REMINDERS, oneOffPassed, type Reminder, searchReminders, sortReminders } from '@tractorlink/domain/alarms';
import { MINUTE_MS } from '@tractorlink/domain/time';
import { Button } from '../../components/ui/button';
import { CancelOrDanger } from '../../components/ui/cancel-save';
import { Dialog } from '../../components/ui/dialog';
import { EditIcon } from '../../components/ui/icons';
import { Notice } from '../../components/ui/notice';
import { Page } from '../../components/ui/page';
import { PlusIcon, TrashIcon } from '../../components/tractor/icons';
import { paths } from '../../config/paths';
import { formatIsoDate } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import { OutboxNote } from '../../components/outbox/outbox-note';
import { deleteReminder, reminderTarget, saveReminder, useReminderState } from '../../lib/signed-in/reminders-store';
import { useReminderTexts } from '../../lib/signed-in/reminders-texts';
import { failureText } from './failure';
import { sortDays, whenOf } from './reminder-time';
import { Loading } from '../../components/ui/loading';

type T = ReturnType<typeof useReminderTexts>['t'];

function whenText(r: Reminder, t: T, lang: string): string {
  const time = `${r.time.replace(/^0/, '')} ${t(`reminders.${r.ampm}`)}`;
  const when = whenOf(r);
  if (when === 'everyday') return t('reminders.atEveryday', { time });
  if (when === 'weekdays')
    return t('reminders.atDays', {
      time,
      days: sortDays(r.weekDays)
        .map((d) => t(`reminders.dayShort.${d}`))
        .join(', '),
    });
  return t('reminders.atDate', { time, date: formatIsoDate(r.repeat.date ?? '', lang) });
}

/** One reminder in the list: when it rings, its switch, edit and delete. */
function ReminderCard({ reminder: r, now, onSwitch, onDelete }: { reminder: Reminder; now: number; onSwitch: (on: boolean) => void; onDelete: () => void }) {
  const { t, lang } = useReminderTexts();
  // A one-off whose time has gone by will not ring again: it shows switched off, and why.
  const over = oneOffPassed(r, now);
  return (
    <li className="card reminder" aria-labelledby={`reminder-${r.id}`}>
      <h2 id={`reminder-${r.id}`}>{r.title}</h2>
      {r.description && <p>{r.description}</p>}
      <p className="muted">
        {whenText(r, t, lang)}
        {over && ` · ${t('reminders.passed')}`}
      </p>
      <OutboxNote target={reminderTarget(r.id)} />
      <label className="switch-field">
        <span>{t('reminders.active')}</span>
        <input type="checkbox" role="switch" className="switch" checked={r.isActive && !over} onChange={(e) => onSwitch(e.target.checked)} />
      </label>
      <div className="row-actions">
        <Link
          className="btn btn-secondary"
          to={`${paths.addReminder.getHref()}?id=${encodeURIComponent(r.id)}`}
          aria-label={t('reminders.editNamed', { title: r.title })}
        >
          <EditIcon /> <span>{t('reminders.edit')}</span>
        </Link>
        <Button variant="danger" icon={<TrashIcon />} onClick={onDelete} aria-label={t('reminders.deleteNamed', { title: r.title })}>
          {t('reminders.delete')}
        </Button>
      </div>
    </li>
  );
}

/** Spec §2 my-reminder: the owner's reminders, searchable, each switched on or off, edited or deleted. */
export function MyReminderScreen() {
  const { t, ready } = useReminderTexts();
  const now = useNow(MINUTE_MS);
  const { reminders } = useReminderState();
  const [query, setQuery] = useState('');
  const [deleting, setDeleting] = useState<Reminder | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [passed, setPassed] = useState(false);
  const { saved, queued } = (useLocation().state as { saved?: string; queued?: boolean } | null) ?? {};
  const searchId = useId();
  // Next to ring first (spec's list has no order; a farmer looks for what comes next).
  const shown = sortReminders(searchReminders(reminders, query), now);
  const full = reminders.length >= MAX_REMINDERS;

  return (
    <Page title={t('reminders.title')} backTo={paths.home.getHref()}>
      {!ready && <Loading />}
      {saved && !queued && <Notice tone="success">{t('reminders.saved', { title: saved })}</Notice>}
      {failure !== null && <Notice tone="error">{failureText(t, failure)}</Notice>}
      {passed && <Notice tone="error">{t('error.REMINDER_TIME_PASSED')}</Notice>}
      {reminders.length > 0 && (
        <div className="field">
          <label htmlFor={searchId}>{t('reminders.search')}</label>
          <input id={searchId} type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
        </div>
      )}
      {reminders.length === 0 && <p className="empty">{t('reminders.none')}</p>}
      {reminders.length > 0 && shown.length === 0 && <p className="empty">{t('reminders.noneFound')}</p>}
      <ul className="card-list" aria-label={t('reminders.title')}>
        {shown.map((r) => (
          <ReminderCard
            key={r.id}
            reminder={r}
            now={now}
            onSwitch={(on) => {
              setFailure(null);
              // A one-off whose time has passed would never ring: the owner edits its time instead.
              const tooLate = on && oneOffPassed(r, Date.now());
              setPassed(tooLate);
              if (!tooLate) saveReminder({ ...r, isActive: on }).catch(setFailure);
            }}
            onDelete={() => setDeleting(r)}
          />
        ))}
      </ul>
      {full ? (
        <Notice>{t('reminders.limit', { max: MAX_REMINDERS })}</Notice>
      ) : (
        <Link className="btn btn-primary" to={paths.addReminder.getHref()}>
          <PlusIcon /> <span>{t('reminders.add')}</span>
        </Link>
      )}
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)} title={t('reminders.deleteTitle')}>
        <p>{t('reminders.deleteConfirm', { title: deleting?.title ?? '' })}</p>
        <CancelOrDanger
          onCancel={() => setDeleting(null)}
          action={t('reminders.delete')}
          onAction={() => {
            const id = deleting?.id;
            setDeleting(null);
            if (id) deleteReminder(id).catch(setFailure);
          }}
        />
      </Dialog>
    </Page>
  );
}
