import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnreadCount } from '../features/alerts/api/get-unread-count';
import { useTractors } from '../lib/signed-in/tractors';

/**
 * New alerts (a push, a refetch) raise the badge on the alerts tab, which a listener cannot see: the
 * new count is said once, politely. Fewer unread (the owner read some) and another tractor chosen
 * say nothing; the first count of a screen neither.
 */
export function UnreadAnnouncer() {
  const { t } = useTranslation();
  const { selected } = useTractors();
  const vin = selected?.vin;
  const { data: count } = useUnreadCount(vin);
  const [seen, setSeen] = useState<{ vin: string | undefined; count: number | undefined; text: string }>({ vin, count, text: '' });
  if (seen.vin !== vin || seen.count !== count) {
    const more = seen.vin === vin && seen.count !== undefined && count !== undefined && count > seen.count;
    setSeen({ vin, count, text: more ? `${t('tabs.alerts')}, ${t('tabs.unread', { count })}` : seen.vin === vin ? seen.text : '' });
  }
  return (
    <p role="status" className="visually-hidden" data-testid="unread-announcer">
      {seen.text}
    </p>
  );
}
