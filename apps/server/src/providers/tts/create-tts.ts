import type { FastifyBaseLogger } from 'fastify';
import { GoogleTtsProvider } from './google-tts';
import { LocalTtsProvider } from './local-tts';
import type { TtsProvider } from './tts-provider';

/** TTS_PROVIDER=local (espeak-ng on this server) or google (GOOGLE_TTS_KEY, GOOGLE_TTS_BASE_URL). */
export type TtsConfig = { provider: 'local' } | { provider: 'google'; key: string; baseUrl: string };

export function createTtsProvider(config: TtsConfig, deps: { log?: Pick<FastifyBaseLogger, 'warn'> } = {}): TtsProvider {
  if (config.provider === 'google') return new GoogleTtsProvider({ key: config.key, baseUrl: config.baseUrl, log: deps.log });
  return new LocalTtsProvider();
}
