import { afterEach, describe, expect, it, vi } from 'vitest';
import { MARK_READ_MAX } from '@tractorlink/domain/alerts-catalog';
import { markRead } from './mark-read';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PUT alerts (status 1 marks read)', () => {
  it('sends at most the domain limit of ids per call', async () => {
    const bodies: { alerts: string[]; status: number; isSec: boolean }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: RequestInfo | URL, init: RequestInit = {}) => {
        const body = JSON.parse(String(init.body)) as { alerts: string[]; status: number; isSec: boolean };
        bodies.push(body);
        return new Response(JSON.stringify({ updated: body.alerts.length }), { status: 200, headers: { 'Content-Type': 'application/json' } });
      }),
    );
    const ids = Array.from({ length: 2 * MARK_READ_MAX + 200 }, (_, i) => `a${i}`);
    expect(await markRead(ids)).toBe(ids.length);
    expect(bodies.map((b) => b.alerts.length)).toEqual([MARK_READ_MAX, MARK_READ_MAX, 200]);
    expect(bodies[0]).toMatchObject({ status: 1, isSec: true });
  });
});
