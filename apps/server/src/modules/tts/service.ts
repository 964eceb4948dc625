import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { LanguageCode } from '@tractorlink/domain/languages';
import { TtsError } from '../../providers/tts/tts-provider';
import type { SynthesizedAudio, TtsProvider } from '../../providers/tts/tts-provider';

export interface TtsServiceDeps {
  provider: TtsProvider;
  /** Where spoken texts are kept (created when missing), e.g. `<DATA_DIR>/tts-cache`. */
  cacheDir: string;
  /** The most the cache keeps (default 200 MB); past it the least recently used files are removed. */
  maxCacheBytes?: number;
  /** Syntheses at once (default 4); more wait their turn. */
  maxConcurrent?: number;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

export interface SpokenText {
  audio: Buffer;
  contentType: string;
  /** Quoted strong validator: the same provider, language and text always give the same audio. */
  etag: string;
}

interface CacheEntry {
  file: string;
  bytes: number;
}

const EXTENSIONS: Readonly<Record<string, string>> = { 'audio/wav': 'wav', 'audio/mpeg': 'mp3', 'audio/ogg': 'ogg' };
const CONTENT_TYPES: Readonly<Record<string, string>> = { wav: 'audio/wav', mp3: 'audio/mpeg', ogg: 'audio/ogg' };
/** Every content type spoken audio is served with. */
export const TTS_CONTENT_TYPES: readonly string[] = Object.values(CONTENT_TYPES);
const CACHED_FILE = /^([0-9a-f]{64})\.(wav|mp3|ogg)$/;
/** A temporary file this old was left by a write that never finished (crash): removed at start. */
const STALE_TEMP_MS = 60_000;

/**
 * Speaks texts through the provider and keeps the audio on disk: one file per (provider, language,
 * text), named by their sha256, written to a temporary file and renamed so a reader never sees half
 * of one. The cache is bounded (least recently used removed first) and found again after a restart.
 * Concurrent requests for the same text wait for one synthesis.
 */
export class TtsService {
  /** Cached files, least recently used first (a Map keeps insertion order; a hit moves to the end). */
  private readonly index = new Map<string, CacheEntry>();
  private cachedBytes = 0;
  private opened: Promise<boolean> | undefined;
  private readonly inFlight = new Map<string, Promise<SpokenText>>();
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly maxCacheBytes: number;
  private readonly maxConcurrent: number;

  constructor(private readonly deps: TtsServiceDeps) {
    this.maxCacheBytes = deps.maxCacheBytes ?? 200 * 1024 * 1024;
    this.maxConcurrent = Math.max(1, deps.maxConcurrent ?? 4);
  }

  /** The ETag of the audio for this text, known without synthesizing (for If-None-Match). */
  etagOf(text: string, language: LanguageCode): string {
    return `"${this.keyOf(text, language)}"`;
  }

  /** The audio of `text` in `language`; NoVoiceError or TtsError from the provider when it cannot. */
  speak(text: string, language: LanguageCode): Promise<SpokenText> {
    const key = this.keyOf(text, language);
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const spoken = this.load(key, text, language).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, spoken);
    return spoken;
  }

  /** Bytes the cache holds now (as this instance knows them). */
  get cacheBytes(): number {
    return this.cachedBytes;
  }

  private keyOf(text: string, language: LanguageCode): string {
    return createHash('sha256').update(`${this.deps.provider.cacheName}\u0000${language}\u0000${text}`, 'utf8').digest('hex');
  }

  private async load(key: string, text: string, language: LanguageCode): Promise<SpokenText> {
    const usable = await this.open();
    const etag = `"${key}"`;
    if (usable) {
      const cached = await this.read(key);
      if (cached) return { ...cached, etag };
    }
    let synthesized: SynthesizedAudio;
    try {
      synthesized = await this.limited(() => this.deps.provider.synthesize(text, language));
    } catch (err) {
      // The reason only (timeout, exit code, HTTP status): never the text, never a key.
      if (err instanceof TtsError) this.deps.log?.warn({ tts: { provider: this.deps.provider.name, language, reason: err.message } }, 'text to speech failed');
      throw err;
    }
    const { audio, contentType } = synthesized;
    if (usable) {
      await this.store(key, audio, contentType).catch((err: unknown) => {
        // A full or read-only disk costs a synthesis next time, nothing more.
        this.deps.log?.warn({ tts: { cache: 'write failed', code: (err as NodeJS.ErrnoException).code } }, 'text to speech cache write failed');
      });
    }
    return { audio, contentType, etag };
  }

  /** Creates the directory and indexes what an earlier run left; false: no disk cache (logged). */
  private open(): Promise<boolean> {
    this.opened ??= this.scan().then(
      () => true,
      (err: unknown) => {
        this.deps.log?.warn(
          { tts: { cache: 'unusable', code: (err as NodeJS.ErrnoException).code } },
          'text to speech cache directory unusable; speaking without it',
        );
        return false;
      },
    );
    return this.opened;
  }

  private async scan(): Promise<void> {
    const dir = this.deps.cacheDir;
    await mkdir(dir, { recursive: true });
    const found: (CacheEntry & { key: string; mtimeMs: number })[] = [];
    for (const name of await readdir(dir)) {
      const info = await stat(join(dir, name)).catch(() => undefined);
      if (!info?.isFile()) continue;
      const match = CACHED_FILE.exec(name);
      if (match?.[1]) found.push({ key: match[1], file: name, bytes: info.size, mtimeMs: info.mtimeMs });
      else if (name.endsWith('.tmp') && Date.now() - info.mtimeMs > STALE_TEMP_MS) await rm(join(dir, name), { force: true });
    }
    // Oldest written first: the first to go when the cache is full.
    found.sort((a, b) => a.mtimeMs - b.mtimeMs);
    for (const { key, file, bytes } of found) this.remember(key, { file, bytes });
    await this.evict();
  }

  private async read(key: string): Promise<Omit<SpokenText, 'etag'> | undefined> {
    const entry = this.index.get(key);
    if (!entry) return undefined;
    let audio: Buffer;
    try {
      audio = await readFile(join(this.deps.cacheDir, entry.file));
    } catch {
      // Removed by hand or by another instance sharing the directory: speak it again.
      this.forget(key);
      return undefined;
    }
    this.index.delete(key);
    this.index.set(key, entry);
    const extension = entry.file.slice(entry.file.lastIndexOf('.') + 1);
    return { audio, contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream' };
  }

  private async store(key: string, audio: Buffer, contentType: string): Promise<void> {
    const extension = EXTENSIONS[contentType.split(';')[0]?.trim() ?? ''];
    if (!extension) return;
    const file = `${key}.${extension}`;
    const temp = join(this.deps.cacheDir, `${file}.${randomUUID()}.tmp`);
    await writeFile(temp, audio, { flag: 'wx' });
    try {
      await rename(temp, join(this.deps.cacheDir, file));
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
    this.remember(key, { file, bytes: audio.length });
    await this.evict();
  }

  private remember(key: string, entry: CacheEntry): void {
    this.forget(key);
    this.index.set(key, entry);
    this.cachedBytes += entry.bytes;
  }

  private forget(key: string): CacheEntry | undefined {
    const entry = this.index.get(key);
    if (entry) {
      this.index.delete(key);
      this.cachedBytes -= entry.bytes;
    }
    return entry;
  }

  private async evict(): Promise<void> {
    while (this.cachedBytes > this.maxCacheBytes) {
      const oldest = this.index.keys().next();
      if (oldest.done) return;
      const entry = this.forget(oldest.value);
      if (entry) await rm(join(this.deps.cacheDir, entry.file), { force: true });
    }
  }

  /** Runs `synthesize` when fewer than maxConcurrent run: a burst cannot start hundreds of espeak-ng processes. */
  private async limited<T>(synthesize: () => Promise<T>): Promise<T> {
    while (this.running >= this.maxConcurrent) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running += 1;
    try {
      return await synthesize();
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }
}
