import { useTranslation } from 'react-i18next';
import { Icon } from '../ui/icons';
import type { IconProps } from '../ui/icons';
import { useItemWrites } from '../../lib/outbox/outbox';
import { refusalReason } from './refusal-words';

const ClockIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </Icon>
);

/**
 * Under an item (a geofence, a tractor's name, a receiver …): its writes still on this phone —
 * 'saved on this phone, will send when online' while they wait, or why the server refused one (the
 * list of refusals at the top of the screen offers Edit and Discard).
 */
export function OutboxNote({ target, waitingText }: { target: string; waitingText?: string }) {
  const { t } = useTranslation();
  const { waiting, refused } = useItemWrites(target);
  if (waiting.length === 0 && refused.length === 0) return null;
  return (
    <div className="outbox-note" data-outbox={refused.length > 0 ? 'refused' : 'waiting'}>
      {refused.map((e) => (
        <p key={e.id} className="outbox-refused">
          {t('outbox.notSaved', { reason: e.refusal ? refusalReason(t, e.refusal) : '' })}
        </p>
      ))}
      {waiting.length > 0 && (
        <p className="outbox-waiting" role="status">
          <ClockIcon /> <span>{waitingText ?? t('outbox.waiting')}</span>
        </p>
      )}
    </div>
  );
}
