import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import en from '../../locales/en.json';
import tractorEn from '../../locales/tractor/en.json';
import ta from '../../locales/ta.json';
import tractorTa from '../../locales/tractor/ta.json';
import { changeAppLanguage, initI18n } from '../../lib/i18n';
import { storage } from '../../lib/secure-storage';
import { resetSessionForTests, startSession } from '../../lib/session';
import { loadTractorTexts } from '../../lib/signed-in/tractor-texts';
import { fakePhoneVoice } from './fake-phone-voice';
import { ListenButton } from './listen-button';
import { resetVoiceForTests } from './speaker';
import { MAX_CHUNK_CHARS } from './voice';
import { testOwner } from '../../test/owner';

const user = testOwner('ta');

const phoneWith = fakePhoneVoice;

/** Web Audio as far as the server's voice uses it: decoding and playing are recorded; `end()` finishes the piece playing. */
function fakeAudio() {
  const played: { bytes: number; end: () => void }[] = [];
  class FakeContext {
    state = 'running';
    destination = {};
    resume = vi.fn(async () => undefined);
    decodeAudioData = vi.fn(async (bytes: ArrayBuffer) => ({ duration: 1, bytes: bytes.byteLength }));
    createBufferSource() {
      const source = {
        buffer: null as { bytes: number } | null,
        onended: null as (() => void) | null,
        connect: vi.fn(),
        start: vi.fn(() => played.push({ bytes: source.buffer?.bytes ?? 0, end: () => source.onended?.() })),
        stop: vi.fn(() => source.onended?.()),
      };
      return source;
    }
  }
  vi.stubGlobal('AudioContext', FakeContext);
  return played;
}

/** The API: GET tts answers audio (or the given refusal); every call is recorded. */
function server(refusal?: { status: number; code: string }) {
  const calls: { url: URL; auth: string | undefined }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push({ url, auth: (init.headers as Record<string, string> | undefined)?.Authorization });
      if (refusal)
        return new Response(JSON.stringify({ error: { code: refusal.code, message: refusal.code } }), {
          status: refusal.status,
          headers: { 'Content-Type': 'application/json' },
        });
      return new Response(new Uint8Array(44 + url.searchParams.get('text')!.length), { status: 200, headers: { 'Content-Type': 'audio/wav' } });
    }),
  );
  return calls;
}

const signIn = () => startSession({ access_token: 'token-1', token_type: 'Bearer', expires_in: 900, user }, false);

beforeAll(async () => {
  await storage.load();
  await initI18n('en');
  await loadTractorTexts('en');
  await loadTractorTexts('ta');
});

beforeEach(() => {
  resetVoiceForTests();
  resetSessionForTests();
});

afterEach(async () => {
  resetVoiceForTests();
  resetSessionForTests();
  vi.unstubAllGlobals();
  await changeAppLanguage('en');
});

describe('Listen (issue 14: a voice for every language)', () => {
  it("speaks with the phone's voice when it has one for the language: lang on every piece, no server call", async () => {
    const spoken = phoneWith(['en-US', 'en-IN', 'hi-IN']);
    const calls = server();
    signIn();
    const text = `${'The engine temperature reached 110 °C, above your limit. '.repeat(5)}Stop the engine.`;
    render(<ListenButton text={text} />);
    fireEvent.click(screen.getByRole('button', { name: tractorEn['voice.listen'] }));
    // Started within the tap (iOS wants it so): no waiting for anything first.
    expect(spoken.length).toBeGreaterThan(1);
    for (const s of spoken) {
      expect(s.lang).toBe('en-IN');
      expect(s.text.length).toBeLessThanOrEqual(MAX_CHUNK_CHARS);
    }
    expect(spoken.map((s) => s.text).join(' ')).toBe(text.replace(/\s+/g, ' ').trim());
    expect(calls).toEqual([]);
    expect(screen.getByRole('button', { name: tractorEn['voice.stop'] }).getAttribute('aria-pressed')).toBe('true');
    // The same button stops it.
    fireEvent.click(screen.getByRole('button', { name: tractorEn['voice.stop'] }));
    expect(screen.getByRole('button', { name: tractorEn['voice.listen'] })).toBeTruthy();
  });

  it("without a phone voice for the language, fetches the server's voice with the session and plays it, piece after piece", async () => {
    phoneWith(['en-IN', 'hi-IN']);
    const played = fakeAudio();
    const calls = server();
    signIn();
    await changeAppLanguage('ta');
    const text = `${'என்ஜின் வெப்பநிலை 110 °C ஆனது, உங்கள் வரம்புக்கு மேல். '.repeat(4)}என்ஜினை நிறுத்துங்கள்.`;
    render(<ListenButton text={text} />);
    fireEvent.click(screen.getByRole('button', { name: tractorTa['voice.listen'] }));
    await waitFor(() => expect(played).toHaveLength(1));
    expect(calls.length).toBeGreaterThanOrEqual(1);
    const first = calls[0]!;
    expect(first.url.pathname).toBe('/api/v1/tts');
    expect(first.url.searchParams.get('lang')).toBe('ta');
    expect(first.auth).toBe('Bearer token-1');
    expect(screen.getByRole('button', { name: tractorTa['voice.stop'] })).toBeTruthy();
    // Each piece in turn (the next one fetched while one plays); then the button is back to Listen.
    for (;;) {
      const n = played.length;
      act(() => played[n - 1]!.end());
      await waitFor(() => expect(played.length > n || screen.queryByRole('button', { name: tractorTa['voice.listen'] }) !== null).toBe(true));
      if (played.length === n) break;
    }
    const texts = calls.map((c) => c.url.searchParams.get('text') ?? '');
    expect(texts.length).toBeGreaterThan(1);
    for (const t of texts) expect(t.length).toBeLessThanOrEqual(MAX_CHUNK_CHARS);
    expect(texts.join(' ')).toBe(text.replace(/\s+/g, ' ').trim());
    expect(played).toHaveLength(texts.length);
    await waitFor(() => expect(screen.getByRole('button', { name: tractorTa['voice.listen'] })).toBeTruthy());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('without any speech synthesis at all (an old phone), uses the server voice too', async () => {
    const played = fakeAudio();
    const calls = server();
    signIn();
    render(<ListenButton text="Low diesel." />);
    fireEvent.click(screen.getByRole('button', { name: tractorEn['voice.listen'] }));
    await waitFor(() => expect(played).toHaveLength(1));
    expect(calls[0]?.url.searchParams.get('text')).toBe('Low diesel.');
    expect(calls[0]?.url.searchParams.get('lang')).toBe('en');
  });

  it.each([
    [422, 'NO_VOICE'],
    [503, 'VOICE_UNAVAILABLE'],
  ])('a %i %s answer is said next to the button, in the app language', async (status, code) => {
    phoneWith(['en-IN']);
    fakeAudio();
    server({ status, code });
    signIn();
    await changeAppLanguage('ta');
    render(<ListenButton text="வணக்கம்." />);
    fireEvent.click(screen.getByRole('button', { name: tractorTa['voice.listen'] }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(ta[`error.${code}` as keyof typeof ta]);
    expect(en[`error.${code}` as keyof typeof en]).toBeTruthy();
    // Tapping again tries again.
    expect(screen.getByRole('button', { name: tractorTa['voice.listen'] })).toBeTruthy();
  });

  it("is not offered to a visitor (no session for the server's voice) whose phone has no voice for the language", async () => {
    phoneWith(['en-IN']);
    const first = render(<ListenButton text="Hello." />);
    expect(screen.getByRole('button', { name: tractorEn['voice.listen'] })).toBeTruthy();
    first.unmount();
    await changeAppLanguage('ta');
    render(<ListenButton text="வணக்கம்." />);
    expect(screen.queryByRole('button', { name: tractorTa['voice.listen'] })).toBeNull();
  });
});
