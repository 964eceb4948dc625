import type { FastifyBaseLogger } from 'fastify';
import { TtsError } from './tts-provider';
import type { LanguageCode, SynthesizedAudio, TtsProvider } from './tts-provider';

/** Google's language for each of ours: all seven have Indian voices (Standard and WaveNet). */
export const GOOGLE_LANGUAGES: Readonly<Record<LanguageCode, string>> = {
  en: 'en-IN',
  hi: 'hi-IN',
  mr: 'mr-IN',
  pa: 'pa-IN',
  gu: 'gu-IN',
  ta: 'ta-IN',
  te: 'te-IN',
};

export interface GoogleTtsOptions {
  /** An API key restricted to the Cloud Text-to-Speech API. */
  key: string;
  /** e.g. https://texttospeech.googleapis.com (no trailing slash); tests point it at a local fake. */
  baseUrl: string;
  /** Default 8 s. */
  timeoutMs?: number;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

interface SynthesizeResponse {
  audioContent?: unknown;
  error?: { status?: unknown };
}

/**
 * Google Cloud Text-to-Speech, REST `text:synthesize` with an API key: MP3 in the language's
 * default Indian voice (Google picks it from the language code). The key travels in the query
 * string only; it is never logged nor put in an error message.
 */
export class GoogleTtsProvider implements TtsProvider {
  readonly name = 'google';
  readonly cacheName = 'google-mp3';

  constructor(private readonly options: GoogleTtsOptions) {}

  async synthesize(text: string, language: LanguageCode): Promise<SynthesizedAudio> {
    const { key, baseUrl, timeoutMs = 8000, log } = this.options;
    const body = { input: { text }, voice: { languageCode: GOOGLE_LANGUAGES[language] }, audioConfig: { audioEncoding: 'MP3' } };
    let response: Response;
    try {
      response = await fetch(`${baseUrl}/v1/text:synthesize?key=${encodeURIComponent(key)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      // TimeoutError, TypeError (connection refused, DNS …): the kind only, the URL holds the key.
      const reason = err instanceof Error ? err.name : 'unknown';
      log?.warn({ tts: { provider: 'google', reason } }, 'text to speech request failed');
      throw new TtsError(`Google text to speech request failed: ${reason}`);
    }
    let answer: SynthesizeResponse | undefined;
    try {
      answer = (await response.json()) as SynthesizeResponse;
    } catch {
      answer = undefined;
    }
    if (!response.ok) {
      // PERMISSION_DENIED, RESOURCE_EXHAUSTED, INVALID_ARGUMENT …: Google's status names the problem.
      const status = typeof answer?.error?.status === 'string' ? answer.error.status : undefined;
      log?.warn({ tts: { provider: 'google', httpStatus: response.status, status } }, 'text to speech refused');
      throw new TtsError(`Google text to speech answered ${response.status}${status ? ` ${status}` : ''}`);
    }
    const content = answer?.audioContent;
    const audio = typeof content === 'string' ? Buffer.from(content, 'base64') : Buffer.alloc(0);
    if (audio.length === 0) {
      log?.warn({ tts: { provider: 'google', httpStatus: response.status } }, 'text to speech answered no audio');
      throw new TtsError('Google text to speech answered no audio');
    }
    return { audio, contentType: 'audio/mpeg' };
  }
}
