import { spawn } from 'node:child_process';
import { NoVoiceError, TtsError } from './tts-provider';
import type { LanguageCode, SynthesizedAudio, TtsProvider } from './tts-provider';

/**
 * espeak-ng's voice for each language (`espeak-ng --voices`, 1.51 in Debian 12). espeak-ng has no
 * Indian English voice; British English ('en-gb', the 'en' default) is the nearest.
 */
export const ESPEAK_VOICES: Readonly<Record<LanguageCode, string>> = {
  en: 'en-gb',
  hi: 'hi',
  mr: 'mr',
  pa: 'pa',
  gu: 'gu',
  ta: 'ta',
  te: 'te',
};

export interface LocalTtsOptions {
  /** The program to run (default 'espeak-ng', looked up on PATH); tests point it elsewhere. */
  command?: string;
  /** The longest a synthesis may take (default 5 s); the process is killed after it. */
  timeoutMs?: number;
  /** The most audio one synthesis may produce (default 5 MB; 600 characters give at most ~3.3 MB). */
  maxBytes?: number;
}

const STDERR_KEPT = 2048;

/**
 * The built-in voice: espeak-ng, run without a shell (the text goes in on stdin, never as an
 * argument), answering 16-bit mono WAV at 22,050 Hz (44,100 bytes a second). Robotic but
 * understandable, and it speaks all seven languages offline. Without espeak-ng installed every
 * language answers NoVoiceError, so the app says so instead of failing.
 */
export class LocalTtsProvider implements TtsProvider {
  readonly name = 'local';
  readonly cacheName = 'espeak-ng-1';
  private readonly command: string;
  private readonly timeoutMs: number;
  private readonly maxBytes: number;

  constructor(options: LocalTtsOptions = {}) {
    this.command = options.command ?? 'espeak-ng';
    this.timeoutMs = options.timeoutMs ?? 5000;
    this.maxBytes = options.maxBytes ?? 5 * 1024 * 1024;
  }

  synthesize(text: string, language: LanguageCode): Promise<SynthesizedAudio> {
    const voice = ESPEAK_VOICES[language];
    return new Promise<SynthesizedAudio>((resolve, reject) => {
      let settled = false;
      const chunks: Buffer[] = [];
      let bytes = 0;
      let stderr = '';
      const child = spawn(this.command, ['-v', voice, '--stdout'], { stdio: ['pipe', 'pipe', 'pipe'], shell: false, windowsHide: true });
      const finish = (error: Error | undefined, audio?: Buffer) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (error) {
          child.kill('SIGKILL');
          reject(error);
        } else if (audio) {
          resolve({ audio, contentType: 'audio/wav' });
        }
      };
      const timer = setTimeout(() => finish(new TtsError(`espeak-ng took longer than ${this.timeoutMs} ms`)), this.timeoutMs);

      child.on('error', (err: NodeJS.ErrnoException) => {
        // ENOENT: not installed (or not on PATH); EACCES: not runnable. Either way: no voice here.
        if (err.code === 'ENOENT' || err.code === 'EACCES') finish(new NoVoiceError(language));
        else finish(new TtsError(`espeak-ng could not start: ${err.code ?? err.name}`));
      });
      child.stdout.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes > this.maxBytes) finish(new TtsError(`espeak-ng produced more than ${this.maxBytes} bytes`));
        else chunks.push(chunk);
      });
      child.stderr.on('data', (chunk: Buffer) => {
        if (stderr.length < STDERR_KEPT) stderr += chunk.toString('utf8').slice(0, STDERR_KEPT);
      });
      child.on('close', (code, signal) => {
        if (settled) return;
        if (code !== 0) {
          // "Error: The specified espeak-ng voice does not exist." when the language's data is missing.
          if (/voice/i.test(stderr)) finish(new NoVoiceError(language));
          else finish(new TtsError(`espeak-ng exited with ${code ?? signal ?? 'unknown'}`));
          return;
        }
        const audio = Buffer.concat(chunks);
        if (!isWav(audio)) finish(new TtsError('espeak-ng produced no audio'));
        else finish(undefined, fixWavSizes(audio));
      });
      // A process that died early closes stdin: the error is reported by 'close' or 'error' above.
      child.stdin.on('error', () => undefined);
      child.stdin.end(literal(text), 'utf8');
    });
  }
}

/** espeak-ng reads [[…]] as phoneme codes; a space between the brackets makes them plain text. */
function literal(text: string): string {
  return text.replace(/\[(?=\[)/g, '[ ');
}

function isWav(audio: Buffer): boolean {
  return audio.length >= 44 && audio.toString('latin1', 0, 4) === 'RIFF' && audio.toString('latin1', 8, 12) === 'WAVE';
}

/**
 * espeak-ng writing to a pipe cannot seek back, so its RIFF and data sizes say 0x7ffff000 bytes
 * ("streaming"); some players then report a wrong duration or refuse to seek. Sets the real ones.
 */
export function fixWavSizes(wav: Buffer): Buffer {
  if (!isWav(wav)) return wav;
  wav.writeUInt32LE(wav.length - 8, 4);
  let offset = 12;
  while (offset + 8 <= wav.length) {
    const id = wav.toString('latin1', offset, offset + 4);
    if (id === 'data') {
      wav.writeUInt32LE(wav.length - offset - 8, offset + 4);
      break;
    }
    const size = wav.readUInt32LE(offset + 4);
    offset += 8 + size + (size % 2);
  }
  return wav;
}
