import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Alarm, alarmToRing, REMINDER_POPUP_MS } from '@tractorlink/domain/alarms';
import { Dialog } from '../components/ui/dialog';
import { dismiss, remindersNow, syncReminders, turnOffMissed } from '../lib/signed-in/reminders-store';

/** Spec §4: a clock ticks every second. */
const TICK_MS = 1000;

/**
 * Rings the owner's alarms while the app is open (spec §4): every second the one due (one at a time)
 * plays the alarm sound and shows the reminder popup until dismissed, or for 100 s at most. While the
 * app is closed the server's push rings it instead, with the phone's notification sound.
 */
export function AlarmRunner() {
  const { t } = useTranslation();
  const [ringing, setRinging] = useState<Alarm | null>(null);
  const sound = useRef<HTMLAudioElement | null>(null);

  useEffect(() => {
    // Before the first tick, and offline too: one-off alarms missed while the app was closed (or
    // asleep in the background) are turned off rather than rung late (spec §4 'turning alarms off').
    turnOffMissed();
    syncReminders().catch(() => undefined);
    const onVisible = () => {
      if (document.visibilityState === 'visible') turnOffMissed();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  useEffect(() => {
    if (ringing) return;
    const timer = setInterval(() => {
      const due = alarmToRing(remindersNow().alarms, Date.now(), null);
      if (due) setRinging(due);
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [ringing]);

  useEffect(() => {
    if (!ringing) return;
    const audio = new Audio('sounds/alarm.wav');
    audio.loop = true;
    sound.current = audio;
    // Autoplay may be refused until the owner has touched the page; the popup still shows.
    audio.play().catch(() => undefined);
    const autoClose = setTimeout(() => stop(ringing.id), REMINDER_POPUP_MS);
    return () => {
      clearTimeout(autoClose);
      audio.pause();
    };
  }, [ringing]);

  function stop(id: string) {
    sound.current?.pause();
    dismiss(id);
    setRinging(null);
  }

  if (!ringing) return null;
  return (
    <Dialog open onClose={() => stop(ringing.id)} title={t('reminderPopup.title')} className="reminder-popup">
      <p className="reminder-popup-title">{ringing.title}</p>
      {ringing.description && <p>{ringing.description}</p>}
      <button type="button" className="btn btn-primary" onClick={() => stop(ringing.id)}>
        <span>{t('reminderPopup.dismiss')}</span>
      </button>
    </Dialog>
  );
}
