import type { LanguageCode } from '@tractorlink/domain/languages';

export type { LanguageCode };

/** Spoken text: the bytes of one audio file and its media type (audio/wav, audio/mpeg …). */
export interface SynthesizedAudio {
  audio: Buffer;
  contentType: string;
}

/**
 * Text to speech on the server, for phones that have no voice of their own for the owner's
 * language: the web app plays what this returns when the browser's speechSynthesis cannot speak.
 */
export interface TtsProvider {
  readonly name: 'local' | 'google';
  /** The provider as the audio cache knows it: a new voice (or version) is synthesized afresh. */
  readonly cacheName: string;
  /** Throws NoVoiceError when this provider cannot speak `language`, TtsError when it failed. */
  synthesize(text: string, language: LanguageCode): Promise<SynthesizedAudio>;
}

/** The provider failed (network, quota, refused key, crash, timeout). Never carries the key or the text. */
export class TtsError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TtsError';
  }
}

/** This provider has no voice for the language on this server (or no voice at all: espeak-ng missing). */
export class NoVoiceError extends Error {
  constructor(
    readonly language: LanguageCode,
    message = 'no voice for this language on this server',
  ) {
    super(message);
    this.name = 'NoVoiceError';
  }
}
