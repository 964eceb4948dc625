import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/ui/notice';
import { errorMessage } from '../../../lib/error-message';

/** A refused or failed call, in the reader's language, with an optional way forward. */
export function ServerError({ error, action }: { error: unknown; action?: ReactNode }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <Notice tone="error">
      {errorMessage(t, error)} {action}
    </Notice>
  );
}
