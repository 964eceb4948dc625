import type { ReactNode } from 'react';
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

interface CancelOrDangerProps {
  onCancel: () => void;
  /** The words of the way out; Cancel by default. */
  cancel?: string;
  /** The words of what cannot be taken back (Delete, Log out). */
  action: string;
  onAction: () => void;
  busy?: boolean;
  icon?: ReactNode;
}

/** The answers to a question before something that cannot be taken back: the way out first, then the action. */
export function CancelOrDanger({ onCancel, cancel, action, onAction, busy = false, icon }: CancelOrDangerProps) {
  const { t } = useTranslation();
  return (
    <div className="button-row">
      <Button variant="secondary" onClick={onCancel}>
        {cancel ?? t('common.cancel')}
      </Button>
      <Button variant="danger" icon={icon} busy={busy} onClick={onAction}>
        {action}
      </Button>
    </div>
  );
}
