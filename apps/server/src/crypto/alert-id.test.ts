import { describe, expect, it } from 'vitest';
import { alertId } from './alert-id';

describe('alert ids', () => {
  it('are RFC 9562 version-7 UUIDs that sort by time and never repeat', () => {
    const ids = Array.from({ length: 1000 }, (_, i) => alertId(1_795_000_000_000 + Math.floor(i / 10)));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids[0]?.slice(0, 13)).toBe('01a1ee56-5e00'); // 1795000000000 = 0x01a1ee565e00
    const byTime = ids.filter((_, i) => i % 10 === 0);
    expect([...byTime].sort()).toEqual(byTime);
  });
});
