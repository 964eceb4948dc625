import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LANGUAGE_CODES } from '@tractorlink/domain/languages';
import { oneStopEach } from '@tractorlink/domain/spoken-text';
import { AppError } from '../../errors/app-error';
import { NoVoiceError, TtsError } from '../../providers/tts/tts-provider';
import { principalOf, requireAuth } from '../sessions/require-auth';
import type { SessionService } from '../sessions/service';
import { type TtsService, TTS_CONTENT_TYPES } from './service';
import { speakable } from './speakable';

/** The longest text spoken at once, in characters after trimming. */
export const TTS_MAX_TEXT = 600;

/**
 * The same URL is always the same audio, so the browser and the service worker may keep it for 30
 * days; private: it needs the owner's session. (Setting it keeps the app's `no-store` default off.)
 */
export const TTS_CACHE_CONTROL = 'private, max-age=2592000, immutable';

const ttsQuery = z.strictObject({
  text: z.string().trim().min(1).max(TTS_MAX_TEXT),
  lang: z.enum(LANGUAGE_CODES),
});

/** If-None-Match holds this ETag (or `*`): the phone already has the audio. */
function alreadyHas(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/**
 * GET /tts?text=…&lang=xx: the text spoken in the language, as audio (spec §7 "text-to-speech …
 * as a blob"), for phones without a voice of their own for the owner's language.
 */
export const ttsRoutes: FastifyPluginAsyncZod<{ tts: TtsService; sessions: SessionService }> = async (app, { tts, sessions }) => {
  app.get('/tts', {
    preHandler: requireAuth(sessions),
    config: { binaryAnswer: TTS_CONTENT_TYPES },
    schema: {
      tags: ['tts'],
      security: [{ bearer: [] }],
      querystring: ttsQuery,
    },
    handler: async (request, reply) => {
      principalOf(request);
      const { lang } = request.query;
      // Only what a voice can say (no emoji, symbols or control characters), one stop each ('..' and
      // '।.' are read aloud as a stumble), whatever the caller sent.
      const text = oneStopEach(speakable(request.query.text));
      // Nothing left to say (only emoji, say): the same text would never speak, so no 'try again later'.
      if (!text) throw new AppError('VALIDATION_FAILED', { details: [{ path: 'text', code: 'INVALID' }] });
      const etag = tts.etagOf(text, lang);
      if (alreadyHas(request.headers['if-none-match'], etag)) {
        return reply.code(304).header('etag', etag).header('cache-control', TTS_CACHE_CONTROL).send();
      }
      let spoken;
      try {
        spoken = await tts.speak(text, lang);
      } catch (err) {
        if (err instanceof NoVoiceError) throw new AppError('NO_VOICE');
        if (err instanceof TtsError) throw new AppError('VOICE_UNAVAILABLE');
        throw err;
      }
      // Only a success may be kept: an error answer gets the app's `no-store`.
      return reply.code(200).type(spoken.contentType).header('etag', spoken.etag).header('cache-control', TTS_CACHE_CONTROL).send(spoken.audio);
    },
  });
};
