import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ESPEAK_VOICES, fixWavSizes, LocalTtsProvider } from './local-tts';
import { NoVoiceError, TtsError } from './tts-provider';

const installed = spawnSync('espeak-ng', ['--version']).status === 0;
// CI installs espeak-ng (.ci/run): there the tests that speak must run, not be skipped.
const speaking = installed || process.env.CI === 'true';

const work = mkdtempSync(join(tmpdir(), 'local-tts-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A stand-in for espeak-ng: a shell script with this body. */
function fakeEspeak(name: string, body: string): string {
  const path = join(work, name);
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}

function wavInfo(wav: Buffer) {
  return {
    riff: wav.toString('latin1', 0, 4),
    wave: wav.toString('latin1', 8, 12),
    riffSize: wav.readUInt32LE(4),
    channels: wav.readUInt16LE(22),
    sampleRate: wav.readUInt32LE(24),
    bitsPerSample: wav.readUInt16LE(34),
    data: wav.toString('latin1', 36, 40),
    dataSize: wav.readUInt32LE(40),
  };
}

describe.runIf(speaking)('local text to speech (espeak-ng)', () => {
  const tts = new LocalTtsProvider();

  it.each([
    ['ta', 'உங்கள் டிராக்டர் இப்போது நாசிக் அருகில் நிற்கிறது. அதில் இருபது லிட்டர் டீசல் உள்ளது.'],
    ['hi', 'आपका ट्रैक्टर अभी नासिक के पास खड़ा है। उसमें बीस लीटर डीज़ल बचा है।'],
  ] as const)('speaks %s as 16-bit mono WAV at 22,050 Hz with the real sizes in its header', async (language, text) => {
    const { audio, contentType } = await tts.synthesize(text, language);
    expect(contentType).toBe('audio/wav');
    const info = wavInfo(audio);
    expect(info).toEqual({
      riff: 'RIFF',
      wave: 'WAVE',
      riffSize: audio.length - 8,
      channels: 1,
      sampleRate: 22_050,
      bitsPerSample: 16,
      data: 'data',
      dataSize: audio.length - 44,
    });
    // Over two seconds of speech (44,100 bytes a second), and not silence.
    expect(audio.length).toBeGreaterThan(2 * 44_100);
    let loud = 0;
    for (let i = 44; i + 1 < audio.length; i += 2) if (Math.abs(audio.readInt16LE(i)) > 1000) loud += 1;
    expect(loud).toBeGreaterThan(1000);
  });

  it('speaks every language of the product', async () => {
    for (const language of Object.keys(ESPEAK_VOICES) as (keyof typeof ESPEAK_VOICES)[]) {
      const { audio } = await tts.synthesize('1 2 3', language);
      expect(audio.length, language).toBeGreaterThan(10_000);
    }
  });

  it('speaks shell metacharacters and option-like text literally and runs nothing', async () => {
    const marker = join(work, 'pwned');
    const texts = [
      `$(touch ${marker})`,
      `\`touch ${marker}\``,
      `; touch ${marker}`,
      `| touch ${marker} &&`,
      `--help -v zz --stdout > ${marker}`,
      `-w ${marker}`,
    ];
    for (const text of texts) {
      const { audio } = await tts.synthesize(text, 'en');
      expect(audio.toString('latin1', 0, 4), text).toBe('RIFF');
      expect(audio.length, text).toBeGreaterThan(20_000);
    }
    expect(existsSync(marker)).toBe(false);
  });

  it('does not read [[…]] as phoneme codes', async () => {
    // As phonemes, [[h@'loU]] is a short "hello"; as text it is spelled out, which takes longer.
    const asText = await tts.synthesize("[[h@'loU]]", 'en');
    const hello = await tts.synthesize('hello', 'en');
    expect(asText.audio.length).toBeGreaterThan(hello.audio.length * 1.5);
  });

  it('refuses more audio than its bound', async () => {
    const small = new LocalTtsProvider({ maxBytes: 20_000 });
    await expect(small.synthesize('This sentence takes longer than a fraction of a second to say.', 'en')).rejects.toBeInstanceOf(TtsError);
  });
});

describe('local text to speech without espeak-ng', () => {
  it('answers NoVoiceError when the program is not installed', async () => {
    const tts = new LocalTtsProvider({ command: join(work, 'no-such-espeak-ng') });
    const err = await tts.synthesize('नमस्ते', 'hi').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NoVoiceError);
    expect((err as NoVoiceError).message).toBe('no voice for this language on this server');
    expect((err as NoVoiceError).language).toBe('hi');
  });

  it("answers NoVoiceError when espeak-ng lacks the language's voice", async () => {
    const command = fakeEspeak('voiceless', 'cat > /dev/null; echo "Error: The specified espeak-ng voice does not exist." >&2; exit 1');
    await expect(new LocalTtsProvider({ command }).synthesize('வணக்கம்', 'ta')).rejects.toBeInstanceOf(NoVoiceError);
  });

  it('answers TtsError when espeak-ng fails, hangs or says nothing', async () => {
    const crashing = fakeEspeak('crashing', 'cat > /dev/null; echo "Segmentation fault" >&2; exit 139');
    await expect(new LocalTtsProvider({ command: crashing }).synthesize('hello', 'en')).rejects.toBeInstanceOf(TtsError);

    const hanging = fakeEspeak('hanging', 'exec sleep 30');
    const started = Date.now();
    const err = await new LocalTtsProvider({ command: hanging, timeoutMs: 300 }).synthesize('hello', 'en').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TtsError);
    expect((err as TtsError).message).toContain('longer than 300 ms');
    expect(Date.now() - started).toBeLessThan(3000);

    const silent = fakeEspeak('silent', 'cat > /dev/null; exit 0');
    await expect(new LocalTtsProvider({ command: silent }).synthesize('hello', 'en')).rejects.toBeInstanceOf(TtsError);
  });

  it('passes the voice as an argument and the text on stdin', async () => {
    const out = join(work, 'argv.txt');
    // Echoes its arguments and input into a file, then answers a tiny valid WAV.
    const command = fakeEspeak(
      'recording',
      `printf '%s\\n' "$@" > ${out}; cat >> ${out}; printf 'RIFF\\044\\000\\000\\000WAVEfmt \\020\\000\\000\\000\\001\\000\\001\\000\\042\\126\\000\\000\\104\\254\\000\\000\\002\\000\\020\\000data\\000\\000\\000\\000'`,
    );
    const { audio } = await new LocalTtsProvider({ command }).synthesize('$HOME "quoted" \'single\'', 'te');
    expect(audio.length).toBe(44);
    expect(readFileSync(out, 'utf8')).toBe('-v\nte\n--stdout\n$HOME "quoted" \'single\'');
  });
});

describe('fixWavSizes', () => {
  it("sets the RIFF and data sizes espeak-ng leaves at 'streaming'", () => {
    const wav = Buffer.alloc(44 + 10);
    wav.write('RIFF', 0, 'latin1');
    wav.writeUInt32LE(0x7ffff024, 4);
    wav.write('WAVEfmt ', 8, 'latin1');
    wav.writeUInt32LE(16, 16);
    wav.write('data', 36, 'latin1');
    wav.writeUInt32LE(0x7ffff000, 40);
    fixWavSizes(wav);
    expect(wav.readUInt32LE(4)).toBe(46);
    expect(wav.readUInt32LE(40)).toBe(10);
  });
});
