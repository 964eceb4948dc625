import { describe, expect, it } from 'vitest';
import { hashPin, verifyPin } from './pin-hash';

describe('PIN hashes', () => {
  it('are salted scrypt hashes that verify only the right PIN', async () => {
    const a = await hashPin('1234');
    const b = await hashPin('1234');
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b); // random salt
    expect(a).not.toContain('1234');
    expect(await verifyPin('1234', a)).toBe(true);
    expect(await verifyPin('1235', a)).toBe(false);
    expect(await verifyPin('1234', 'garbage')).toBe(false);
  });
});
