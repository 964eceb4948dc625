import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Alarm, alarmToRing, isDue, REMINDER_POPUP_MS } from '@tractorlink/domain/alarms';
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

  // Spec §4: one alarm rings at a time. One that comes due while another rings waits its turn here:
  // a repeating alarm rings only in its minute, which would pass behind the first one's popup.
  const waiting = useRef(new Set<string>());
  const ringingId = useRef<string | null>(null);

  useEffect(() => {
    const timer = setInterval(() => {
      const now = Date.now();
      const { alarms } = remindersNow();
      if (ringingId.current !== null) {
        for (const a of alarms) if (a.id !== ringingId.current && isDue(a, now)) waiting.current.add(a.id);
        return;
      }
      const turn = alarms.filter((a) => a.status && waiting.current.has(a.id)).sort((a, b) => a.date_time - b.date_time)[0];
      const due = turn ?? alarmToRing(alarms, now, null);
      if (!due) return;
      waiting.current.delete(due.id);
      ringingId.current = due.id;
      setRinging(due);
    }, TICK_MS);
    return () => clearInterval(timer);
  }, []);

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
    waiting.current.delete(id);
    ringingId.current = null;
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
