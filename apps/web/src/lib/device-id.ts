import { storage } from './secure-storage';

/** This browser's own id (`deviceid`), made once and kept across sign-outs so the phone stays bound. */
export function getDeviceId(): string {
  let id = storage.get('deviceid');
  if (!id) {
    id = typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : fallbackUuid();
    storage.set('deviceid', id);
  }
  return id;
}

/** randomUUID exists only in secure contexts; getRandomValues everywhere. */
function fallbackUuid(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
