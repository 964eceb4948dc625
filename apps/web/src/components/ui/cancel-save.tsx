import { useTranslation } from 'react-i18next';
import { Button } from './button';

/** The end of an edit form: Cancel, then Save (submits; busy while the request runs). */
export function CancelSave({ onCancel, busy }: { onCancel: () => void; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="button-row">
      <Button variant="secondary" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" busy={busy}>
        {t('common.save')}
      </Button>
    </div>
  );
}
