import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { KEYS_KEPT_ON_SIGN_OUT } from '@tractorlink/domain/storage-keys';
import { SecureStorage } from './secure-storage';

let factory: IDBFactory;
const open = async () => {
  const s = new SecureStorage({ indexedDB: factory, dbName: 'test-secure' });
  await s.load();
  return s;
};

/** Every raw record of the values store, read past the SecureStorage API. */
function rawValues(): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const req = factory.open('test-secure');
    req.onsuccess = () => {
      const get = req.result.transaction('values', 'readonly').objectStore('values').getAll();
      get.onsuccess = () => resolve(get.result);
      get.onerror = () => reject(get.error);
    };
    req.onerror = () => reject(req.error);
  });
}

beforeEach(() => {
  factory = new IDBFactory();
});

describe('secure storage (DESIGN §7)', () => {
  it('keeps values encrypted in IndexedDB, never as plain text', async () => {
    const s = await open();
    expect(s.persistent).toBe(true);
    s.set('mobNum', '9876543210');
    s.setJson('userData', { name: 'Ramesh Patil' });
    await s.flush();
    const raw = await rawValues();
    expect(raw).toHaveLength(2);
    for (const record of raw) {
      const r = record as { iv: Uint8Array; data: ArrayBuffer };
      expect(r.iv).toHaveLength(12);
      const bytes = new TextDecoder().decode(r.data);
      expect(bytes).not.toContain('9876543210');
      expect(bytes).not.toContain('Ramesh');
    }
    expect(JSON.stringify(raw)).not.toContain('9876543210');
  });

  it('keeps the key non-extractable', async () => {
    const s = await open();
    s.set('language', 'hi');
    await s.flush();
    const key = await new Promise<CryptoKey>((resolve) => {
      const req = factory.open('test-secure');
      req.onsuccess = () => {
        const get = req.result.transaction('keys', 'readonly').objectStore('keys').get('aes-gcm');
        get.onsuccess = () => resolve(get.result as CryptoKey);
      };
    });
    expect(key.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow();
  });

  it('reads values back synchronously after a reload (a new instance on the same database)', async () => {
    const first = await open();
    first.set('language', 'ta');
    first.setJson('userData', { firstName: 'Ramesh' });
    first.set('gone', 'x');
    first.remove('gone');
    await first.flush();

    const second = await open();
    expect(second.get('language')).toBe('ta');
    expect(second.getJson<{ firstName: string }>('userData')).toEqual({ firstName: 'Ramesh' });
    expect(second.get('gone')).toBeUndefined();
  });

  it('clears everything except the kept keys, also on disk', async () => {
    const s = await open();
    for (const k of KEYS_KEPT_ON_SIGN_OUT) s.set(k, `kept-${k}`);
    s.set('userData', '{}');
    s.set('refreshCall', 'true');
    s.set('path', '/tabs/home');
    s.clearExceptKept();
    expect(s.get('userData')).toBeUndefined();
    expect(s.get('refreshCall')).toBeUndefined();
    await s.flush();

    const again = await open();
    for (const k of KEYS_KEPT_ON_SIGN_OUT) expect(again.get(k)).toBe(`kept-${k}`);
    expect(again.get('userData')).toBeUndefined();
    expect(again.get('path')).toBeUndefined();
  });

  it('reads coach-mark flags as false when absent', async () => {
    const s = await open();
    expect(s.isCoachMarkHidden('hideHomeCoachMark')).toBe(false);
    expect(s.isCoachMarkHidden('hideAlertsCoachMark')).toBe(false);
    s.set('hideHomeCoachMark', 'true');
    expect(s.isCoachMarkHidden('hideHomeCoachMark')).toBe(true);
  });

  it('falls back to memory only without IndexedDB or WebCrypto, and keeps working', async () => {
    for (const options of [{ indexedDB: null }, { subtle: null }]) {
      const s = new SecureStorage({ dbName: 'test-secure', indexedDB: factory, ...options });
      await s.load();
      expect(s.persistent).toBe(false);
      s.set('language', 'gu');
      await s.flush();
      expect(s.get('language')).toBe('gu');
    }
  });
});
