import { useEffect, useState, useSyncExternalStore } from 'react';
import { Button } from '../ui/button';
import { SpeakerIcon, StopIcon } from '../tractor/icons';
import { errorMessage } from '../../lib/error-message';
import { sessionStore } from '../../lib/session';
import { useTractorTexts } from '../../lib/signed-in/tractor-texts';
import { phoneVoices, primeVoice, speak, stopSpeaking, voiceKey, voiceState, voicesReady } from './speaker';
import { pickVoice } from './voice';
import './voice.css';

/** The phone's voice for `lang`, if it has one (Chrome lists voices only after 'voiceschanged'). */
function useVoice(lang: string): SpeechSynthesisVoice | undefined {
  const [voices, setVoices] = useState<readonly SpeechSynthesisVoice[]>(phoneVoices);
  useEffect(() => {
    let live = true;
    // Starts the wait for the list now, so a tap finds it ready.
    void voicesReady().then((v) => live && setVoices(v));
    if (!('speechSynthesis' in window)) return;
    const synth = window.speechSynthesis;
    const update = () => setVoices(synth.getVoices());
    synth.addEventListener('voiceschanged', update);
    return () => {
      live = false;
      synth.removeEventListener('voiceschanged', update);
    };
  }, []);
  return pickVoice(voices, lang);
}

/** Whether the server's voice may be used: it needs the owner's session. */
function useSignedIn(): boolean {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getSnapshot) === 'signedIn';
}

/** What the app says now about `text` in `lang`: being fetched or spoken, or why it failed. */
function useSpeechOf(text: string, lang: string) {
  const state = useSyncExternalStore(voiceState.subscribe, voiceState.get);
  const key = voiceKey(text, lang);
  const own = state?.key === key ? state : null;
  return { active: own !== null && own.phase !== 'failed', loading: own?.phase === 'loading', error: own?.phase === 'failed' ? own.error : undefined, key };
}

/**
 * "Listen": reads `text` aloud in the app's language (an alert, a coach mark's tips, an answer of
 * Ask me). With the phone's voice for the language, or else, for a signed-in owner, the server's
 * voice; a visitor's phone without a voice gets no button. A failure (no server voice for the
 * language, voice unavailable, no network) is said next to the button. Its words are in the
 * signed-in namespace.
 */
export function ListenButton({ text }: { text: string }) {
  const { t, lang } = useTractorTexts();
  const voice = useVoice(lang);
  const signedIn = useSignedIn();
  const { active, loading, error, key } = useSpeechOf(text, lang);

  // Leaving the screen stops its text (not another one's).
  useEffect(
    () => () => {
      if (voiceState.get()?.key === key) stopSpeaking();
    },
    [key],
  );

  if (!voice && !signedIn) return null;
  const toggle = () => {
    if (active) {
      stopSpeaking();
      return;
    }
    primeVoice(lang);
    void speak(text, lang, { server: signedIn });
  };
  return (
    <div className="listen">
      <Button variant="secondary" icon={active ? <StopIcon /> : <SpeakerIcon />} aria-pressed={active} aria-busy={loading || undefined} onClick={toggle}>
        {active ? t('voice.stop') : t('voice.listen')}
      </Button>
      {error !== undefined && (
        <p className="listen-error" role="alert">
          {errorMessage(t, error)}
        </p>
      )}
    </div>
  );
}
