import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTtsProvider } from './create-tts';
import { GOOGLE_LANGUAGES, GoogleTtsProvider } from './google-tts';
import { LocalTtsProvider } from './local-tts';
import { TtsError } from './tts-provider';

interface Received {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingHttpHeaders;
  body: string;
}

const KEY = 'AIzaSy-test-key-0123456789';

/** A stand-in for texttospeech.googleapis.com on a free local port. */
async function fakeGoogle(answer: { status: number; body?: unknown; delayMs?: number }): Promise<{ baseUrl: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ method: req.method, url: req.url, headers: req.headers, body });
      setTimeout(() => {
        if (!res.writable) return;
        res.writeHead(answer.status, { 'content-type': 'application/json; charset=UTF-8' }).end(JSON.stringify(answer.body ?? {}));
      }, answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}`, received };
}

function capturingLog() {
  const lines: string[] = [];
  return { lines, log: { warn: (obj: unknown, msg?: string) => void lines.push(JSON.stringify(obj) + (msg ?? '')) } };
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((s) => {
      s.closeAllConnections();
      return new Promise((r) => s.close(r));
    }),
  );
});

describe('Google text to speech', () => {
  it('posts the text, the Indian language and MP3 to text:synthesize with the key in the query string only', async () => {
    const mp3 = Buffer.from([0xff, 0xf3, 0x44, 0xc4, 0x00, 0x01, 0x02, 0x03, 0xfe]);
    const fake = await fakeGoogle({ status: 200, body: { audioContent: mp3.toString('base64') } });
    const tts = new GoogleTtsProvider({ key: KEY, baseUrl: fake.baseUrl });

    const spoken = await tts.synthesize('டீசல் குறைவாக உள்ளது', 'ta');

    expect(spoken.contentType).toBe('audio/mpeg');
    expect(spoken.audio.equals(mp3)).toBe(true);
    expect(fake.received).toHaveLength(1);
    const [req] = fake.received;
    expect(req?.method).toBe('POST');
    expect(req?.url).toBe(`/v1/text:synthesize?key=${KEY}`);
    expect(req?.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(req?.body ?? '')).toEqual({
      input: { text: 'டீசல் குறைவாக உள்ளது' },
      voice: { languageCode: 'ta-IN' },
      audioConfig: { audioEncoding: 'MP3' },
    });
    // The key is nowhere else: not in a header, not in the body.
    expect(JSON.stringify(req?.headers)).not.toContain(KEY);
    expect(req?.body).not.toContain(KEY);
  });

  it('asks for the Indian voice of each language', async () => {
    expect(GOOGLE_LANGUAGES).toEqual({ en: 'en-IN', hi: 'hi-IN', mr: 'mr-IN', pa: 'pa-IN', gu: 'gu-IN', ta: 'ta-IN', te: 'te-IN' });
    const fake = await fakeGoogle({ status: 200, body: { audioContent: 'AAAA' } });
    await new GoogleTtsProvider({ key: KEY, baseUrl: fake.baseUrl }).synthesize('ਡੀਜ਼ਲ', 'pa');
    expect(JSON.parse(fake.received[0]?.body ?? '').voice).toEqual({ languageCode: 'pa-IN' });
  });

  it('maps a refused key to TtsError and never puts the key in the message or the log', async () => {
    const fake = await fakeGoogle({
      status: 403,
      body: { error: { code: 403, message: `Requests from this API key ${KEY} are blocked.`, status: 'PERMISSION_DENIED' } },
    });
    const { lines, log } = capturingLog();
    const err = await new GoogleTtsProvider({ key: KEY, baseUrl: fake.baseUrl, log }).synthesize('hello', 'en').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TtsError);
    expect((err as TtsError).message).toBe('Google text to speech answered 403 PERMISSION_DENIED');
    expect(String((err as TtsError).stack)).not.toContain(KEY);
    expect(lines.join('\n')).toContain('"httpStatus":403');
    expect(lines.join('\n')).toContain('PERMISSION_DENIED');
    expect(lines.join('\n')).not.toContain(KEY);
    expect(lines.join('\n')).not.toContain('hello');
  });

  it.each([
    [429, { error: { status: 'RESOURCE_EXHAUSTED' } }],
    [500, 'not json'],
    [503, undefined],
    [200, {}],
    [200, { audioContent: '' }],
  ])('maps an answer %s %j to TtsError', async (status, body) => {
    const fake = await fakeGoogle({ status, body });
    await expect(new GoogleTtsProvider({ key: KEY, baseUrl: fake.baseUrl }).synthesize('hello', 'en')).rejects.toBeInstanceOf(TtsError);
  });

  it('gives up after its timeout with TtsError', async () => {
    const fake = await fakeGoogle({ status: 200, body: { audioContent: 'AAAA' }, delayMs: 5000 });
    const { lines, log } = capturingLog();
    const started = Date.now();
    const err = await new GoogleTtsProvider({ key: KEY, baseUrl: fake.baseUrl, timeoutMs: 200, log }).synthesize('hello', 'en').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TtsError);
    expect((err as TtsError).message).toBe('Google text to speech request failed: TimeoutError');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(lines.join('\n')).not.toContain(KEY);
  });

  it('maps a connection failure to TtsError without the key', async () => {
    const fake = await fakeGoogle({ status: 200 });
    const server = servers.pop();
    await new Promise((r) => server?.close(r));
    const err = await new GoogleTtsProvider({ key: KEY, baseUrl: fake.baseUrl }).synthesize('hello', 'en').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TtsError);
    expect((err as TtsError).message).not.toContain(KEY);
  });
});

describe('createTtsProvider', () => {
  it('makes the provider the configuration names', () => {
    expect(createTtsProvider({ provider: 'local' })).toBeInstanceOf(LocalTtsProvider);
    const google = createTtsProvider({ provider: 'google', key: KEY, baseUrl: 'https://texttospeech.googleapis.com' });
    expect(google).toBeInstanceOf(GoogleTtsProvider);
    expect(google.name).toBe('google');
  });
});
