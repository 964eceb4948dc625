import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../lib/connectivity';

/**
 * Says it when this phone loses or gets back its network (spec §4 offline and online events): the
 * banner button that appears is silent, and a listener would not know why a screen stopped updating.
 * A polite region, kept in the page so that a change of its text is read (nothing at page load).
 */
export function ConnectionAnnouncer() {
  const { t } = useTranslation();
  const online = useOnline();
  const [said, setSaid] = useState({ online, text: '' });
  if (said.online !== online) setSaid({ online, text: t(online ? 'banner.backOnline' : 'offline.message') });
  return (
    <p role="status" className="visually-hidden" data-testid="connection-announcer">
      {said.text}
    </p>
  );
}
