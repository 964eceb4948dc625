import { useEffect, useRef, useState } from 'react';
import { indianLocale } from '../../components/voice/voice';

/**
 * Asking by voice: the browser's speech recognition (SpeechRecognition, webkitSpeechRecognition in
 * Chrome), in the app language's Indian locale (hi-IN …). Chrome recognises speech on its servers,
 * so the screen offers it only online. Typed in here: the DOM library of TypeScript has no types
 * for it.
 */

interface RecognitionAlternative {
  transcript: string;
}

interface RecognitionEvent {
  results: ArrayLike<ArrayLike<RecognitionAlternative>>;
}

interface Recognition {
  lang: string;
  interimResults: boolean;
  maxAlternatives: number;
  continuous: boolean;
  onresult: ((event: RecognitionEvent) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}

type RecognitionClass = new () => Recognition;

function recognitionClass(): RecognitionClass | undefined {
  if (typeof window === 'undefined') return undefined;
  const w = window as unknown as { SpeechRecognition?: RecognitionClass; webkitSpeechRecognition?: RecognitionClass };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition;
}

/**
 * Why listening ended without a question: the microphone refused; the link to the recognition
 * service lost (Chrome hears on its servers: a weak signal); the phone has no recognition for the
 * language (trying again cannot help); or nothing understood.
 */
export type HearingProblem = 'denied' | 'network' | 'language' | 'failed';

const PROBLEMS: Readonly<Record<string, HearingProblem>> = {
  'not-allowed': 'denied',
  'service-not-allowed': 'denied',
  network: 'network',
  'language-not-supported': 'language',
};

/**
 * `onHeard` gets what was heard, best guess first (up to three guesses, so the screen can take the
 * first one it understands).
 */
export function useRecognition(lang: string, onHeard: (guesses: string[]) => void) {
  const [listening, setListening] = useState(false);
  const [problem, setProblem] = useState<HearingProblem | null>(null);
  const current = useRef<Recognition | null>(null);
  const heard = useRef(onHeard);
  useEffect(() => {
    heard.current = onHeard;
  });
  useEffect(
    () => () => {
      const r = current.current;
      current.current = null;
      r?.abort();
    },
    [],
  );

  const start = () => {
    const Class = recognitionClass();
    if (!Class) return;
    current.current?.abort();
    const r = new Class();
    r.lang = indianLocale(lang);
    r.interimResults = false;
    r.continuous = false;
    r.maxAlternatives = 3;
    let gotResult = false;
    r.onresult = (event) => {
      const first = event.results[0];
      const guesses = first ? Array.from(first, (a) => a.transcript.trim()).filter(Boolean) : [];
      if (guesses.length === 0) return;
      gotResult = true;
      heard.current(guesses);
    };
    r.onerror = (event) => {
      if (event.error === 'aborted' || current.current !== r) return;
      setProblem(PROBLEMS[event.error] ?? 'failed');
    };
    r.onend = () => {
      // A recognition replaced by a newer one (or stopped as the screen closed) says nothing.
      if (current.current !== r) return;
      current.current = null;
      setListening(false);
      if (!gotResult) setProblem((p) => p ?? 'failed');
    };
    current.current = r;
    setProblem(null);
    setListening(true);
    try {
      r.start();
    } catch {
      current.current = null;
      setListening(false);
      setProblem('failed');
    }
  };

  const stop = () => current.current?.stop();

  return { supported: recognitionClass() !== undefined, listening, problem, start, stop };
}
