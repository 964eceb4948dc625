import { apiRequest } from '../../lib/api-client';
import { ApiError } from '../../lib/api-error';
import { createStore } from '../../lib/store';
import { chunkText, pickVoice, speechSupported, voiceTag } from './voice';

/**
 * Speaks a text in the app's language, one text at a time for the whole app: the phone's speech
 * synthesis when it has a voice for the language, otherwise the server's voice (GET tts, spec §7),
 * fetched with the owner's session and played through Web Audio.
 *
 * Why Web Audio and not an <audio> element with a blob: URL: the app's Content-Security-Policy has
 * no media-src, so media falls back to default-src 'self', and Chromium refuses blob: (and data:)
 * media under it ("Media load rejected by URL safety check"). Decoded audio played by an
 * AudioBufferSourceNode loads nothing by URL, so the policy stays as strict as it is.
 */

type VoicePhase = 'loading' | 'speaking' | 'failed';

export interface VoiceState {
  /** voiceKey(text, lang) of what is being (or failed to be) spoken. */
  key: string;
  phase: VoicePhase;
  /** Why it failed (an ApiError: NO_VOICE, VOICE_UNAVAILABLE, NETWORK …). */
  error?: unknown;
}

/** What is being spoken now, app-wide, so a Listen button shows "Stop" for its own text only. */
export const voiceState = createStore<VoiceState | null>(null);

export const voiceKey = (text: string, lang: string) => `${lang}\n${text.trim()}`;

/** The phone's voices as it lists them now (Chrome lists none until 'voiceschanged'). */
export function phoneVoices(): readonly SpeechSynthesisVoice[] {
  return speechSupported() ? window.speechSynthesis.getVoices() : [];
}

/** How long we wait for the phone to list its voices before speaking with the server's. */
const VOICES_WAIT_MS = 1000;
let voicesWait: Promise<readonly SpeechSynthesisVoice[]> | undefined;

/** The phone's voices once it has listed them ('voiceschanged'), or none after VOICES_WAIT_MS. */
export function voicesReady(): Promise<readonly SpeechSynthesisVoice[]> {
  const now = phoneVoices();
  if (now.length > 0 || !speechSupported()) return Promise.resolve(now);
  voicesWait ??= new Promise((resolve) => {
    const synth = window.speechSynthesis;
    const done = () => {
      clearTimeout(timer);
      synth.removeEventListener('voiceschanged', done);
      resolve(synth.getVoices());
    };
    const timer = setTimeout(done, VOICES_WAIT_MS);
    synth.addEventListener('voiceschanged', done);
  });
  return voicesWait;
}

let audioContext: AudioContext | undefined;

function audio(): AudioContext | undefined {
  if (audioContext) return audioContext;
  const Context = window.AudioContext ?? (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Context) return undefined;
  audioContext = new Context();
  return audioContext;
}

/**
 * Call from the tap itself, before anything is awaited: a phone lets a page make sound only from
 * a user gesture, so the audio output the server's voice will use is opened (or resumed) here.
 */
export function primeVoice(lang: string): void {
  if (pickVoice(phoneVoices(), lang)) return;
  const context = audio();
  if (context?.state === 'suspended') context.resume().catch(() => undefined);
}

const unavailable = () => new ApiError(503, 'VOICE_UNAVAILABLE', 'The audio could not be played');

/** Decoded server audio kept for this visit (the HTTP cache keeps the WAV for 30 days anyway). */
const KEPT_AUDIO = 24;
const kept = new Map<string, Promise<AudioBuffer>>();

function serverAudio(context: AudioContext, text: string, lang: string, signal: AbortSignal): Promise<AudioBuffer> {
  const key = voiceKey(text, lang);
  const hit = kept.get(key);
  if (hit) {
    kept.delete(key);
    kept.set(key, hit);
    return hit;
  }
  const loading = (async () => {
    const res = await apiRequest(`tts?${new URLSearchParams({ text, lang })}`, { signal });
    const bytes = await res.arrayBuffer();
    try {
      return await context.decodeAudioData(bytes);
    } catch {
      throw unavailable();
    }
  })();
  kept.set(key, loading);
  if (kept.size > KEPT_AUDIO) kept.delete(kept.keys().next().value as string);
  loading.catch(() => {
    if (kept.get(key) === loading) kept.delete(key);
  });
  return loading;
}

/** Plays one piece; resolves when it ends or is stopped. */
function play(context: AudioContext, buffer: AudioBuffer, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const source = context.createBufferSource();
    source.buffer = buffer;
    source.connect(context.destination);
    const stop = () => {
      try {
        source.stop();
      } catch {
        // not started yet, or already over
      }
      resolve();
    };
    signal.addEventListener('abort', stop, { once: true });
    source.onended = () => {
      signal.removeEventListener('abort', stop);
      resolve();
    };
    source.start();
  });
}

async function speakWithServer(pieces: readonly string[], lang: string, signal: AbortSignal, onSound: () => void): Promise<void> {
  const context = audio();
  if (!context) throw unavailable();
  if (context.state === 'suspended') {
    // Resumed by primeVoice from the tap; a phone that still refuses never answers, so give up.
    await Promise.race([context.resume(), new Promise((_, reject) => setTimeout(() => reject(unavailable()), 3000))]);
  }
  let next = serverAudio(context, pieces[0] as string, lang, signal);
  for (let i = 0; i < pieces.length; i++) {
    const buffer = await next;
    if (signal.aborted) return;
    // The next piece is fetched while this one plays.
    if (i + 1 < pieces.length) {
      next = serverAudio(context, pieces[i + 1] as string, lang, signal);
      next.catch(() => undefined);
    }
    onSound();
    await play(context, buffer, signal);
    if (signal.aborted) return;
  }
}

/** Queues every piece at once (the phone speaks them in order); resolves after the last one. */
function speakOnPhone(pieces: readonly string[], voice: SpeechSynthesisVoice, signal: AbortSignal): Promise<void> {
  const synth = window.speechSynthesis;
  synth.cancel();
  return new Promise((resolve) => {
    signal.addEventListener('abort', () => resolve(), { once: true });
    pieces.forEach((piece, i) => {
      const utterance = new SpeechSynthesisUtterance(piece);
      utterance.voice = voice;
      utterance.lang = voiceTag(voice);
      utterance.rate = 0.9;
      if (i === pieces.length - 1) {
        utterance.onend = () => resolve();
        utterance.onerror = () => resolve();
      }
      synth.speak(utterance);
    });
  });
}

let current: AbortController | undefined;

/** Stops whatever is being spoken (a Listen button's text or an answer of Ask me). */
export function stopSpeaking(): void {
  current?.abort();
  current = undefined;
  if (speechSupported()) window.speechSynthesis.cancel();
  voiceState.set(null);
}

export interface SpeakOptions {
  /** The server's voice needs the owner's session: false outside it (the about screen of a visitor). */
  server: boolean;
}

/**
 * Speaks `text` in `lang`, stopping anything spoken before. Start it from a tap (call primeVoice
 * first if anything is awaited before). When the phone has listed its voices already, the phone's
 * speech starts within the tap, as iOS wants. Never rejects: a failure is in voiceState.
 */
export async function speak(text: string, lang: string, { server }: SpeakOptions): Promise<void> {
  stopSpeaking();
  const pieces = chunkText(text);
  if (pieces.length === 0) return;
  const controller = new AbortController();
  current = controller;
  const key = voiceKey(text, lang);
  const mine = () => current === controller;
  const show = (phase: VoicePhase, error?: unknown) => {
    if (mine()) voiceState.set({ key, phase, error });
  };
  const known = phoneVoices();
  if (known.length === 0) show('loading');
  try {
    // No await when the voices are known: the phone's speech starts inside the tap.
    const voice = pickVoice(known.length > 0 ? known : await voicesReady(), lang);
    if (controller.signal.aborted) return;
    if (voice) {
      show('speaking');
      await speakOnPhone(pieces, voice, controller.signal);
    } else if (server) {
      show('loading');
      await speakWithServer(pieces, lang, controller.signal, () => show('speaking'));
    } else {
      throw new ApiError(422, 'NO_VOICE', 'No voice for this language');
    }
    if (mine()) {
      current = undefined;
      voiceState.set(null);
    }
  } catch (error) {
    if (controller.signal.aborted || !mine()) return;
    current = undefined;
    voiceState.set({ key, phase: 'failed', error });
  }
}

/** For tests: forget the voices, the audio output and the audio kept. */
export function resetVoiceForTests(): void {
  stopSpeaking();
  voicesWait = undefined;
  audioContext = undefined;
  kept.clear();
}
