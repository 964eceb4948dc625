import { vi } from 'vitest';

/** What a test phone's speech synthesis was asked to say. */
export interface Spoken {
  text: string;
  lang: string;
  voice: unknown;
}

/**
 * Tests only: a phone whose speech synthesis has voices for `langs` (jsdom has none); every
 * utterance it is asked to speak is recorded, in order.
 */
export function fakePhoneVoice(langs: string[]): Spoken[] {
  const spoken: Spoken[] = [];
  vi.stubGlobal('speechSynthesis', {
    getVoices: () => langs.map((lang) => ({ lang, name: lang, localService: true })),
    speak: vi.fn((u: Spoken) => spoken.push({ text: u.text, lang: u.lang, voice: u.voice })),
    cancel: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  });
  vi.stubGlobal(
    'SpeechSynthesisUtterance',
    class {
      lang = '';
      voice: unknown = null;
      rate = 1;
      onend: (() => void) | null = null;
      onerror: (() => void) | null = null;
      constructor(public text: string) {}
    },
  );
  return spoken;
}
