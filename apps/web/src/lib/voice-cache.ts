/**
 * The service worker's cache of the server voice (GET tts: the spoken words are in its URL, an
 * alert's tractor, time and place among them). Signing out deletes it with the rest of the owner's data.
 */
export const VOICE_CACHE = 'tl-voice-v1';
