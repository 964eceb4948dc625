import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { istDate } from '@tractorlink/domain/time';
import { SERVICE_NOTE_MAX } from '@tractorlink/domain/vehicles-rules';
import { CancelSave } from '../../../components/ui/cancel-save';
import { Notice } from '../../../components/ui/notice';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage, fieldMessage } from '../../../lib/error-message';
import { serverFieldCode } from '../../../lib/signed-in/field-errors';
import { useRecordService } from '../api/record-service';

interface ServiceFormProps {
  vin: string;
  /** The engine hours now: the form starts there, and a service cannot be later. */
  engineHours: number;
  /** Closed without saving. */
  onDone: () => void;
  onSaved: () => void;
}

/**
 * "Record a service" (issue 12 item 10): the day (today unless changed), the engine hours at it
 * (now, unless changed) and a note. Checked here as the server checks it, so a mistake is shown
 * before anything is sent.
 */
export function ServiceForm({ vin, engineHours, onDone, onSaved }: ServiceFormProps) {
  const { t } = useTranslation();
  const record = useRecordService(vin);
  // Today in India, read once when the form opens.
  const [today] = useState(() => istDate(Date.now()));
  const [doneOn, setDoneOn] = useState(today);
  const [hours, setHours] = useState(String(Math.floor(engineHours)));
  const [note, setNote] = useState('');
  const [local, setLocal] = useState<{ doneOn?: string; engineHours?: string }>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = Number(hours.replace(',', '.'));
    const problems: { doneOn?: string; engineHours?: string } = {};
    if (!/^\d{4}-\d{2}-\d{2}$/.test(doneOn)) problems.doneOn = 'DATE_INVALID';
    else if (doneOn > today) problems.doneOn = 'SERVICE_DATE_FUTURE';
    if (hours.trim() === '' || !Number.isFinite(value) || value < 0) problems.engineHours = 'OUT_OF_RANGE';
    else if (value > engineHours + 1) problems.engineHours = 'SERVICE_HOURS_AHEAD';
    setLocal(problems);
    if (problems.doneOn || problems.engineHours) return;
    record.mutate({ doneOn, engineHours: value, ...(note.trim() ? { note: note.trim() } : {}) }, { onSuccess: onSaved });
  };

  const dateCode = local.doneOn ?? serverFieldCode(record.error, 'doneOn');
  const hoursCode = local.engineHours ?? serverFieldCode(record.error, 'engineHours');
  return (
    <form className="form service-form" noValidate onSubmit={submit} aria-label={t('service.record')}>
      <TextField
        label={t('service.doneOn')}
        type="date"
        value={doneOn}
        max={today}
        onChange={(e) => setDoneOn(e.target.value)}
        error={fieldMessage(t, dateCode)}
        required
      />
      <TextField
        label={t('service.hoursAt')}
        type="number"
        inputMode="decimal"
        min={0}
        step={0.1}
        value={hours}
        onChange={(e) => setHours(e.target.value)}
        error={fieldMessage(t, hoursCode)}
        required
      />
      <TextField label={t('service.note')} value={note} maxLength={SERVICE_NOTE_MAX} onChange={(e) => setNote(e.target.value)} autoComplete="off" />
      {record.error && !serverFieldCode(record.error, 'doneOn') && !serverFieldCode(record.error, 'engineHours') ? (
        <Notice tone="error">{errorMessage(t, record.error)}</Notice>
      ) : null}
      <CancelSave onCancel={onDone} busy={record.isPending} />
    </form>
  );
}
