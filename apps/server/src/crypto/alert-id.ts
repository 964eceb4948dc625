import { randomFillSync } from 'node:crypto';

const pool = Buffer.alloc(10 * 256);
let offset = pool.length;

/**
 * A UUID version 7 (RFC 9562): 48 bits of epoch ms, then random bits. Alerts and their outbox
 * entries are keyed by it, so new rows land at the end of the primary-key B-tree instead of on a
 * random page, which keeps the ingest transaction's writes small.
 */
export function alertId(nowMs: number): string {
  if (offset === pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  const random = pool.subarray(offset, (offset += 10));
  const b = Buffer.alloc(16);
  b.writeUIntBE(nowMs, 0, 6);
  random.copy(b, 6);
  b[6] = ((b[6] as number) & 0x0f) | 0x70;
  b[8] = ((b[8] as number) & 0x3f) | 0x80;
  const hex = b.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
