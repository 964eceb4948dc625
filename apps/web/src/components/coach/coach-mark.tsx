import { useId, useRef, useState } from 'react';
import type { CoachMarkKey } from '@tractorlink/domain/storage-keys';
import { joinSentences } from '@tractorlink/domain/spoken-text';
import { Button } from '../ui/button';
import { InfoIcon } from '../ui/icons';
import { ListenButton } from '../voice/listen-button';
import { storage } from '../../lib/secure-storage';
import { useTractorTexts } from '../../lib/signed-in/tractor-texts';

interface CoachMarkProps {
  /** The screen's flag (spec §3): 'true' once the owner said "Got it", or for a returning owner (spec §4). */
  flag: CoachMarkKey;
  title: string;
  /** Two or three one-line tips, already in the app's language. */
  tips: readonly string[];
}

/**
 * A screen's coach mark (spec §2): a tip card at the top of the content, not an overlay, so the screen
 * stays usable around it. It can be read aloud, and "Got it" hides it for good on this phone.
 */
export function CoachMark({ flag, title, tips }: CoachMarkProps) {
  const { t, ready, lang } = useTractorTexts();
  const [hidden, setHidden] = useState(() => storage.isCoachMarkHidden(flag));
  const titleId = useId();
  const cardRef = useRef<HTMLElement>(null);
  if (hidden || !ready) return null;
  const dismiss = () => {
    storage.set(flag, 'true');
    // The button is about to go: keyboard and screen-reader users carry on from the screen's
    // content (Page's <main>), not from the top of the document.
    const content = cardRef.current?.closest('main');
    setHidden(true);
    content?.focus({ preventScroll: true });
  };
  return (
    <section ref={cardRef} className="card coach-mark" aria-labelledby={titleId}>
      <h2 id={titleId}>
        <InfoIcon /> {title}
      </h2>
      <ul>
        {tips.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
      <div className="coach-actions">
        <ListenButton text={joinSentences([title, ...tips], lang)} />
        <Button onClick={dismiss}>{t('coach.gotIt')}</Button>
      </div>
    </section>
  );
}
