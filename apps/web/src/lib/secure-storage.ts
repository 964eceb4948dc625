import { COACH_MARK_KEYS, KEYS_KEPT_ON_SIGN_OUT } from '@tractorlink/domain/storage-keys';
import type { CoachMarkKey } from '@tractorlink/domain/storage-keys';

/**
 * Encrypted key/value storage (DESIGN §7). Values are AES-GCM encrypted in IndexedDB with a
 * non-extractable WebCrypto key that is itself kept (as a CryptoKey object) in IndexedDB, so the
 * raw bytes on disk are useless outside this origin. Reads are synchronous from an in-memory mirror
 * loaded once at boot; writes go to the mirror at once and to IndexedDB in order behind it.
 * Without IndexedDB or WebCrypto (plain http on a LAN IP, private modes) it keeps values in memory only.
 */

const STORE_KEYS = 'keys';
const STORE_VALUES = 'values';
const KEY_ID = 'aes-gcm';

interface Sealed {
  iv: Uint8Array<ArrayBuffer>;
  data: ArrayBuffer;
}

export interface SecureStorageOptions {
  dbName?: string;
  /** null: behave as a browser without IndexedDB. */
  indexedDB?: IDBFactory | null;
  /** null: behave as an insecure context (no WebCrypto). */
  subtle?: SubtleCrypto | null;
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function openDb(factory: IDBFactory, name: string): Promise<IDBDatabase> {
  const req = factory.open(name, 1);
  req.onupgradeneeded = () => {
    req.result.createObjectStore(STORE_KEYS);
    req.result.createObjectStore(STORE_VALUES);
  };
  return request(req);
}

export class SecureStorage {
  private readonly mirror = new Map<string, string>();
  private db: IDBDatabase | undefined;
  private key: CryptoKey | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly dbName: string;
  private readonly factory: IDBFactory | undefined;
  private readonly subtle: SubtleCrypto | undefined;

  constructor(options: SecureStorageOptions = {}) {
    this.dbName = options.dbName ?? 'tractorlink-secure';
    this.factory = options.indexedDB === undefined ? globalThis.indexedDB : (options.indexedDB ?? undefined);
    // crypto.subtle exists only in secure contexts (https, localhost).
    this.subtle = options.subtle === undefined ? globalThis.crypto?.subtle : (options.subtle ?? undefined);
  }

  /** True when values survive a reload (IndexedDB and WebCrypto both work here). */
  get persistent(): boolean {
    return this.db !== undefined && this.key !== undefined;
  }

  /** Opens the database and decrypts every value into memory. Never throws. Writes wait for it. */
  load(): Promise<void> {
    const loading = this.open();
    this.queue = loading;
    return loading;
  }

  private async open(): Promise<void> {
    if (!this.factory || !this.subtle) return;
    try {
      const db = await openDb(this.factory, this.dbName);
      const key = await this.loadKey(db, this.subtle);
      const tx = db.transaction(STORE_VALUES, 'readonly');
      const store = tx.objectStore(STORE_VALUES);
      const [names, sealed] = await Promise.all([request(store.getAllKeys()), request(store.getAll() as IDBRequest<Sealed[]>)]);
      for (let i = 0; i < names.length; i++) {
        const name = String(names[i]);
        const value = sealed[i];
        if (!value || this.mirror.has(name)) continue;
        try {
          const plain = await this.subtle.decrypt({ name: 'AES-GCM', iv: value.iv }, key, value.data);
          this.mirror.set(name, new TextDecoder().decode(plain));
        } catch {
          // Sealed with a key we no longer have: unreadable, so it is simply absent.
        }
      }
      this.db = db;
      this.key = key;
    } catch (error) {
      console.warn('Secure storage unavailable; keeping values in memory only.', error);
    }
  }

  private async loadKey(db: IDBDatabase, subtle: SubtleCrypto): Promise<CryptoKey> {
    const existing = await request(db.transaction(STORE_KEYS, 'readonly').objectStore(STORE_KEYS).get(KEY_ID));
    if (existing) return existing as CryptoKey;
    const key = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
    await request(db.transaction(STORE_KEYS, 'readwrite').objectStore(STORE_KEYS).put(key, KEY_ID));
    return key;
  }

  get(name: string): string | undefined {
    return this.mirror.get(name);
  }

  /** The names held that start with `prefix` (e.g. the outbox's one entry per name). */
  names(prefix: string): string[] {
    return [...this.mirror.keys()].filter((name) => name.startsWith(prefix));
  }

  getJson<T>(name: string): T | undefined {
    const raw = this.mirror.get(name);
    if (raw === undefined) return undefined;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return undefined;
    }
  }

  set(name: string, value: string): void {
    this.mirror.set(name, value);
    this.enqueue(async (db, key, subtle) => {
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const data = await subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(value));
      const sealed: Sealed = { iv, data };
      await request(db.transaction(STORE_VALUES, 'readwrite').objectStore(STORE_VALUES).put(sealed, name));
    });
  }

  setJson(name: string, value: unknown): void {
    this.set(name, JSON.stringify(value));
  }

  remove(name: string): void {
    this.mirror.delete(name);
    this.enqueue((db) => request(db.transaction(STORE_VALUES, 'readwrite').objectStore(STORE_VALUES).delete(name)));
  }

  /** Ends a session's data (spec §4): everything goes except the kept keys. */
  clearExceptKept(): void {
    const kept = new Set<string>(KEYS_KEPT_ON_SIGN_OUT);
    for (const name of [...this.mirror.keys()]) {
      if (!kept.has(name)) this.remove(name);
    }
  }

  /** Coach-mark flags read as false when absent (spec §3). */
  isCoachMarkHidden(name: CoachMarkKey): boolean {
    return this.mirror.get(name) === 'true';
  }

  setAllCoachMarksHidden(hidden: boolean): void {
    for (const name of COACH_MARK_KEYS) this.set(name, String(hidden));
  }

  /** Resolves once every write so far has reached IndexedDB. */
  flush(): Promise<void> {
    return this.queue.then(() => undefined);
  }

  private enqueue(write: (db: IDBDatabase, key: CryptoKey, subtle: SubtleCrypto) => Promise<unknown>): void {
    this.queue = this.queue.then(async () => {
      if (!this.db || !this.key || !this.subtle) return;
      try {
        await write(this.db, this.key, this.subtle);
      } catch (error) {
        console.warn('Secure storage write failed', error);
      }
    });
  }
}

/** The app's one instance, loaded in main.tsx before the first render. */
export const storage = new SecureStorage();
