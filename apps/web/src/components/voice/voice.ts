/**
 * Reading an alert or a coach mark's tips aloud (DESIGN §1: many owners prefer listening). The phone's own speech
 * synthesis, in the language of the screen, and only when the phone has a voice for it: Hindi words
 * read by an English voice help no one, so without one the button is not offered.
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

export function speechSupported(): boolean {
  return typeof window !== 'undefined' && 'speechSynthesis' in window && typeof window.SpeechSynthesisUtterance === 'function';
}
