import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { monthChoices } from '@tractorlink/domain/calendar';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { formatIsoMonth } from '../../lib/signed-in/tractor-format';

interface MonthDialogProps {
  today: string;
  current: string | undefined;
  onCancel: () => void;
  onSave: (month: string) => void;
}

/** The month-year filter: months from 1 January two years back up to this one (spec §5). */
export function MonthDialog({ today, current, onCancel, onSave }: MonthDialogProps) {
  const { t, i18n } = useTranslation();
  const choices = monthChoices(today);
  const [month, setMonth] = useState(current && choices.includes(current) ? current : (choices[0] ?? ''));
  const id = useId();
  return (
    <Dialog open onClose={onCancel} title={t('usage.chooseMonth')}>
      <div className="field">
        <label htmlFor={id}>{t('usage.monthYear')}</label>
        <select id={id} className="select" value={month} onChange={(e) => setMonth(e.target.value)}>
          {choices.map((m) => (
            <option key={m} value={m}>
              {formatIsoMonth(m, i18n.language)}
            </option>
          ))}
        </select>
      </div>
      <div className="button-row">
        <Button variant="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button onClick={() => onSave(month)}>{t('common.ok')}</Button>
      </div>
    </Dialog>
  );
}
