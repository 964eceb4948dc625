import { oneStopEach } from '@tractorlink/domain/spoken-text';

/**
 * Reading a text aloud (DESIGN §1: many owners prefer listening): the rules, free of the browser so
 * they are tested on their own. The phone's own speech synthesis speaks when it has a voice for the
 * language (Hindi words read by an English voice help no one); otherwise the server's voice does
 * (spec §7 text-to-speech, speaker.ts).
 */

export interface VoiceLike {
  lang: string;
  name: string;
  localService?: boolean;
  default?: boolean;
}

const norm = (tag: string) => tag.replace('_', '-').toLowerCase();

/** The best voice for a language: its Indian variant (hi-IN, en-IN …), then any, local ones first. */
export function pickVoice<V extends VoiceLike>(voices: readonly V[], lang: string): V | undefined {
  const want = lang.toLowerCase();
  const matching = voices.filter((v) => norm(v.lang) === want || norm(v.lang).startsWith(`${want}-`));
  const rank = (v: V) => (norm(v.lang) === `${want}-in` ? 0 : 2) + (v.localService === false ? 1 : 0);
  return [...matching].sort((a, b) => rank(a) - rank(b))[0];
}

/** A voice's BCP 47 tag as an utterance wants it ('hi_IN' on some Android phones → 'hi-IN'). */
export function voiceTag(voice: VoiceLike): string {
  return voice.lang.replace('_', '-');
}

/** The app language's Indian locale, e.g. 'hi' → 'hi-IN' (speech recognition, utterances). */
export function indianLocale(lang: string): string {
  return `${lang.toLowerCase()}-IN`;
}

export function speechSupported(): boolean {
  return typeof window !== 'undefined' && 'speechSynthesis' in window && typeof window.SpeechSynthesisUtterance === 'function';
}

/**
 * The most characters spoken at once. Chrome's speech synthesis stops an utterance after about 15 s
 * on many phones, and at the rate we speak (0.9) 180 characters take 11–14 s in our languages; the
 * server's voice starts sooner on a short first piece too (and takes at most 600).
 */
export const MAX_CHUNK_CHARS = 180;

/** Sentences: cut after the danda । ॥ (with any . ! ? beside it), after . ! ? followed by a space (so 12.5 stays whole), and at line breaks. */
function sentences(text: string): string[] {
  return text
    .replace(/([.!?।॥]*[।॥][.!?।॥]*)\s*/g, '$1\n')
    .replace(/([.!?]+)\s+/g, '$1\n')
    .split('\n')
    .map((p) => p.trim())
    .filter(Boolean);
}

/** Clauses: cut after a comma, semicolon or colon followed by a space (1,234 stays whole). */
function clauses(text: string): string[] {
  return text
    .replace(/([,;:،]+)\s+/g, '$1\n')
    .split('\n')
    .map((p) => p.trim())
    .filter(Boolean);
}

/** Puts pieces together, in order, as long as each part stays within `max`. */
function pack(parts: readonly string[], max: number): string[] {
  const out: string[] = [];
  let current = '';
  for (const part of parts) {
    if (!current) current = part;
    else if (current.length + 1 + part.length <= max) current = `${current} ${part}`;
    else {
      out.push(current);
      current = part;
    }
  }
  if (current) out.push(current);
  return out;
}

/** A piece too long to speak at once, cut at clauses, then between words; a word is never cut. */
function split(piece: string, max: number, level: 0 | 1): string[] {
  if (piece.length <= max) return [piece];
  const smaller = level === 0 ? clauses(piece) : piece.split(' ').filter(Boolean);
  if (level === 0 && smaller.length <= 1) return split(piece, max, 1);
  return pack(
    smaller.flatMap((p) => (level === 0 ? split(p, max, 1) : [p])),
    max,
  );
}

/**
 * `text` in pieces of at most `max` characters, cut at the end of a sentence (., ?, !, the danda),
 * else of a clause (comma …), else between words, and joined again up to the limit so short
 * sentences go together. Only a single word longer than `max` (no such word in our texts) is longer.
 */
export function chunkText(text: string, max = MAX_CHUNK_CHARS): string[] {
  // A doubled stop ('..', '।.') is read aloud as a stumble: one stop each, whoever built the text.
  const clean = oneStopEach(text.replace(/[ \t\r\f\v\u00a0]+/g, ' ')).trim();
  if (!clean) return [];
  return pack(
    sentences(clean).flatMap((s) => split(s, max, 0)),
    max,
  );
}
