import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button';
import { EditIcon } from '../ui/icons';
import { TrashIcon } from '../tractor/icons';
import { discard, useOutboxEntries } from '../../lib/outbox/outbox';
import { refusalLine } from './refusal-words';

/**
 * Writes the server refused when the phone sent them later (issue 19): one message each, with the
 * reason; the change is kept until the owner edits it (where it was made) or discards it.
 */
export function OutboxRefusals() {
  const { t } = useTranslation();
  const headingId = useId();
  const refused = useOutboxEntries().filter((e) => e.refusal);
  if (refused.length === 0) return null;
  return (
    <section className="outbox-refusals" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('outbox.refusedTitle')}</h2>
      <ul>
        {refused.map((e) => (
          <li key={e.id} className="notice notice-error" data-outbox-kind={e.kind}>
            <p role="alert">{refusalLine(t, e)}</p>
            <div className="button-row">
              {e.editPath && (
                <Link to={e.editPath} className="btn btn-secondary" aria-label={t('outbox.editNamed', { name: e.label })}>
                  <EditIcon /> <span>{t('outbox.edit')}</span>
                </Link>
              )}
              <Button variant="secondary" icon={<TrashIcon />} aria-label={t('outbox.discardNamed', { name: e.label })} onClick={() => discard(e.id)}>
                {t('outbox.discard')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
