import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { SpeakerIcon, StopIcon } from '../../../components/tractor/icons';
import { useAlertTexts } from '../../../lib/signed-in/alert-texts';
import { pickVoice, speechSupported } from './voice';

/** The phone's voices, which Chrome lists only after 'voiceschanged'. */
function useVoice(lang: string): SpeechSynthesisVoice | undefined {
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

/** "Listen": reads `text` aloud in the screen's language; not shown where the phone cannot. */
export function ListenButton({ text }: { text: string }) {
  const { t, lang } = useAlertTexts();
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
      {speaking ? t('alerts.stopListening') : t('alerts.listen')}
    </Button>
  );
}
