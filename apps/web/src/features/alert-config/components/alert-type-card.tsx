import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { AlertConfigItem, AlertConfigRequest } from '@tractorlink/domain/alerts-api';
import type { AlertBound, AlertType, AlertTypeId } from '@tractorlink/domain/alerts-catalog';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage, fieldMessage } from '../../../lib/error-message';
import { useAlertTexts } from '../../../lib/signed-in/alert-texts';
import { serverFieldCode } from '../../../lib/signed-in/field-errors';
import { formatDecimal } from '../../../lib/signed-in/tractor-format';
import { OutboxNote } from '../../../components/outbox/outbox-note';
import { alertConfigTarget } from '../api/pending-alert-config';
import { useUpdateAlertConfig } from '../api/update-alert-config';
import { checkSetting, durationUnit, shownBound, shownValue } from '../bounds';
import type { CheckCode } from '../bounds';

interface AlertTypeCardProps {
  vin: string;
  type: AlertType & { id: AlertTypeId };
  item: AlertConfigItem | undefined;
}

/**
 * One alert type on one tractor: a switch that saves at once, and its limit and time (when the
 * type has them) checked against the catalogue's bounds before they are sent.
 */
export function AlertTypeCard({ vin, type, item }: AlertTypeCardProps) {
  const { t, lang } = useAlertTexts();
  const headingId = useId();
  const update = useUpdateAlertConfig();
  const unit = type.duration ? durationUnit(type.duration) : null;
  const savedThreshold = shownValue(item?.thresholdValue ?? type.threshold?.default ?? null, null);
  const savedDuration = shownValue(item?.durationSeconds ?? type.duration?.default ?? null, unit);
  const [threshold, setThreshold] = useState(savedThreshold);
  const [duration, setDuration] = useState(savedDuration);
  const [errors, setErrors] = useState<{ threshold?: CheckCode; duration?: CheckCode }>({});
  // Saved on the server; a change kept on the phone shows the outbox's note instead.
  const [saved, setSaved] = useState(false);
  // The switch moves at once; on a slow link the answer comes later (and a refusal moves it back).
  const [enabledDraft, setEnabledDraft] = useState<boolean | null>(null);
  const enabled = enabledDraft ?? item?.enabled ?? true;
  const dirty = threshold !== savedThreshold || duration !== savedDuration;
  const name = t(`alert.${type.id}.name`);
  const unitWord = type.unit ? t(`alert.unit.${type.unit}`) : '';

  const send = (change: Omit<AlertConfigRequest, 'vin' | 'alertTypeId'>) => {
    setSaved(false);
    update.mutate(
      { vin, alertTypeId: type.id, label: name, ...change },
      { onSuccess: ({ queued }) => setSaved(!queued), onSettled: () => setEnabledDraft(null) },
    );
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: typeof errors = {};
    const change: Omit<AlertConfigRequest, 'vin' | 'alertTypeId'> = {};
    if (type.threshold) {
      const c = checkSetting(threshold, type.threshold, 'threshold');
      if (c.ok) change.thresholdValue = c.value;
      else next.threshold = c.code;
    }
    if (type.duration) {
      const c = checkSetting(duration, type.duration, 'duration', unit);
      if (c.ok) change.durationSeconds = c.value;
      else next.duration = c.code;
    }
    setErrors(next);
    if (next.threshold || next.duration) return;
    send(change);
  };

  const range = (bound: AlertBound, u: string) => {
    const b = shownBound(bound, bound === type.duration ? unit : null);
    return t('alertConfig.range', { min: formatDecimal(b.min, lang, 1), max: formatDecimal(b.max, lang, 1), unit: u });
  };
  const durationWord = unit === 'min' ? t('alert.unit.min') : t('alertConfig.seconds');
  const serverThreshold = serverFieldCode(update.error, 'thresholdValue');
  const serverDuration = serverFieldCode(update.error, 'durationSeconds');
  const otherError = update.error && !serverThreshold && !serverDuration;
  return (
    <section className="card alert-type-card" aria-labelledby={headingId} data-alert-type={type.id}>
      <div className="switch-row">
        <h3 id={headingId}>{name}</h3>
        <input
          type="checkbox"
          role="switch"
          className="switch"
          aria-labelledby={headingId}
          checked={enabled}
          disabled={update.isPending}
          onChange={(e) => {
            setEnabledDraft(e.target.checked);
            send({ enabled: e.target.checked });
          }}
        />
      </div>
      <p className="muted">
        {enabled ? t('alertConfig.isOn') : t('alertConfig.isOff')}
        {item?.alertConfigBy === 'user' ? ` · ${t('alertConfig.byYou')}` : ''}
      </p>
      {(type.threshold || type.duration) && (
        <form className="form alert-limits" noValidate onSubmit={submit}>
          {type.threshold && (
            <TextField
              label={t('alertConfig.limit', { unit: unitWord })}
              hint={range(type.threshold, unitWord)}
              type="number"
              inputMode="decimal"
              step={type.threshold.step}
              min={type.threshold.min}
              max={type.threshold.max}
              value={threshold}
              onChange={(e) => setThreshold(e.target.value)}
              error={fieldMessage(t, errors.threshold ?? serverThreshold)}
            />
          )}
          {type.duration && (
            <TextField
              label={t('alertConfig.time', { unit: durationWord })}
              hint={range(type.duration, durationWord)}
              type="number"
              inputMode="numeric"
              step={shownBound(type.duration, unit).step}
              min={shownBound(type.duration, unit).min}
              max={shownBound(type.duration, unit).max}
              value={duration}
              onChange={(e) => setDuration(e.target.value)}
              error={fieldMessage(t, errors.duration ?? serverDuration)}
            />
          )}
          {dirty && (
            <Button type="submit" busy={update.isPending}>
              {t('common.save')}
            </Button>
          )}
        </form>
      )}
      {otherError && <Notice tone="error">{errorMessage(t, update.error)}</Notice>}
      <OutboxNote target={alertConfigTarget(vin, type.id)} />
      {saved && !update.isPending && <Notice tone="success">{t('alertConfig.saved')}</Notice>}
    </section>
  );
}
