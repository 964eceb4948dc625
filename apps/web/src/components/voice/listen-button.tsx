import { useEffect, useState } from 'react';
import { Button } from '../ui/button';
import { SpeakerIcon, StopIcon } from '../tractor/icons';
import { useTractorTexts } from '../../lib/signed-in/tractor-texts';
import { pickVoice, speechSupported } from './voice';

/** The phone's voice for `lang`, if it has one (Chrome lists voices only after 'voiceschanged'). */
export function useVoice(lang: string): SpeechSynthesisVoice | undefined {
  const [voices, setVoices] = useState<readonly SpeechSynthesisVoice[]>(() => (speechSupported() ? window.speechSynthesis.getVoices() : []));
  useEffect(() => {
    if (!speechSupported()) return;
    const synth = window.speechSynthesis;
    const update = () => setVoices(synth.getVoices());
    synth.addEventListener('voiceschanged', update);
    update();
    return () => synth.removeEventListener('voiceschanged', update);
  }, []);
  return pickVoice(voices, lang);
}

/**
 * "Listen": reads `text` aloud in the app's language (an alert, a coach mark's tips); not shown where
 * the phone cannot. Its words are in the signed-in namespace.
 */
export function ListenButton({ text }: { text: string }) {
  const { t, lang } = useTractorTexts();
  const voice = useVoice(lang);
  const [speaking, setSpeaking] = useState(false);
  useEffect(() => () => {
    if (speechSupported()) window.speechSynthesis.cancel();
  }, []);
  if (!voice) return null;
  const toggle = () => {
    const synth = window.speechSynthesis;
    synth.cancel();
    if (speaking) {
      setSpeaking(false);
      return;
    }
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.voice = voice;
    utterance.lang = voice.lang;
    utterance.rate = 0.9;
    utterance.onend = () => setSpeaking(false);
    utterance.onerror = () => setSpeaking(false);
    setSpeaking(true);
    synth.speak(utterance);
  };
  return (
    <Button variant="secondary" icon={speaking ? <StopIcon /> : <SpeakerIcon />} aria-pressed={speaking} onClick={toggle}>
      {speaking ? t('voice.stop') : t('voice.listen')}
    </Button>
  );
}
