import { useId, useState } from 'react';
import type { TFunction } from 'i18next';
import { BOOKING_REASON_MAX } from '@tractorlink/domain/service-booking';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Notice } from '../../../components/ui/notice';
import { errorMessage } from '../../../lib/error-message';

const PRESETS = ['notNeeded', 'fixedElsewhere', 'timeNotGood', 'other'] as const;
type Preset = (typeof PRESETS)[number];

interface CancelDialogProps {
  open: boolean;
  onClose: () => void;
  /** Sends the reason (in the owner's words, as the workshop will read it). */
  onCancel: (reason: string) => void;
  busy: boolean;
  failure: unknown;
  t: TFunction;
  /** Said before the reasons when the booking was paid online: its fee is not refunded. */
  warning?: string | undefined;
}

/** Asks why before cancelling: a few usual reasons, or the owner's own words. */
export function CancelDialog({ open, onClose, onCancel, busy, failure, t, warning }: CancelDialogProps) {
  const [preset, setPreset] = useState<Preset | null>(null);
  const [other, setOther] = useState('');
  const [tried, setTried] = useState(false);
  const otherId = useId();
  const reason = preset === 'other' ? other.trim() : preset ? t(`bookingStatus.reason.${preset}`) : '';
  return (
    <Dialog open={open} onClose={onClose} title={t('bookingStatus.cancelTitle')}>
      <form
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTried(true);
          if (reason) onCancel(reason.slice(0, BOOKING_REASON_MAX));
        }}
      >
        {warning && <Notice tone="info">{warning}</Notice>}
        <fieldset className="choice-list">
          <legend>{t('bookingStatus.reasonQuestion')}</legend>
          {PRESETS.map((p) => (
            <label key={p} className="choice">
              <input type="radio" name="cancel-reason" checked={preset === p} onChange={() => setPreset(p)} />
              <span>{t(`bookingStatus.reason.${p}`)}</span>
            </label>
          ))}
        </fieldset>
        {preset === 'other' && (
          <div className="field">
            <label htmlFor={otherId}>{t('bookingStatus.otherReason')}</label>
            <textarea id={otherId} rows={2} maxLength={BOOKING_REASON_MAX} value={other} onChange={(e) => setOther(e.target.value)} />
          </div>
        )}
        {/* A choice among radios: announced when it appears. */}
        {tried && !reason && (
          <p className="field-error" role="alert">
            {t('bookingStatus.reasonRequired')}
          </p>
        )}
        {failure !== null && failure !== undefined && <Notice tone="error">{errorMessage(t, failure)}</Notice>}
        <div className="button-row">
          <Button variant="secondary" onClick={onClose}>
            {t('bookingStatus.keep')}
          </Button>
          <Button type="submit" variant="danger" busy={busy}>
            {t('bookingStatus.confirmCancel')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
