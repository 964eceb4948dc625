import { istDate, istMidnight } from '@tractorlink/domain/time';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { counted } from './cli-words';
import { DEMO_FLEET } from './demo-fleet';
import { fakeServer } from './fake-device-port';
import { Fleet, type FleetOptions } from './fleet';
import type { ProgressStore, TractorProgress } from './progress-repo';

const DAY_MS = 24 * 3600_000;
const profile = (DEMO_FLEET[0] as (typeof DEMO_FLEET)[number]).profile;

/**
 * An in-memory progress store that plays the database `npm start` closes on Ctrl-C: once `close()`d,
 * every use is refused as Kysely refuses it ("driver has already been destroyed") and noted.
 */
function closingStore() {
  const saves: TractorProgress[] = [];
  const afterClose: string[] = [];
  let closed = false;
  const store: ProgressStore = {
    load: async () => ({}),
    save: async (_imei, p) => {
      if (closed) {
        afterClose.push(`save ${p.day}`);
        throw new Error('driver has already been destroyed');
      }
      saves.push(p);
    },
  };
  return { store, saves, afterClose, close: () => (closed = true), isClosed: () => closed };
}

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0)) await c();
});

async function fleetOn(server: ReturnType<typeof fakeServer>, options: Partial<FleetOptions>) {
  const port = await server.listen();
  const lines: string[] = [];
  const fleet = new Fleet({ host: '127.0.0.1', port, profiles: [profile], backfillDays: 2, log: (m) => lines.push(m), ...options });
  cleanup.push(async () => {
    await fleet.stop();
    await server.close();
  });
  return { fleet, lines };
}

describe('the simulated fleet stopped in its back-fill (Ctrl-C under npm start)', () => {
  it('waits for the day in hand before the database may close, and uses nothing after', async () => {
    const { store, saves, afterClose, close, isClosed } = closingStore();
    let entered!: () => void;
    const inWorkshop = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const days: string[] = [];
    const { fleet } = await fleetOn(fakeServer(), {
      store,
      // The demo's workshop and hire work query the database at each day's end.
      onDayDone: async (_imei, day) => {
        if (isClosed()) afterClose.push(`day done ${day}`);
        days.push(day);
        entered();
        await gate;
      },
    });
    let started = false;
    const running = fleet.start().then(() => (started = true));
    await inWorkshop;
    // The server's shutdown: stop the fleet, then close the database.
    const stopping = fleet.stop().then(close);
    await new Promise((resolve) => setImmediate(resolve));
    expect(isClosed()).toBe(false);
    release();
    await stopping;
    await vi.waitFor(() => expect(started).toBe(true));
    await running;
    expect(afterClose).toEqual([]);
    // The day whose workshop ran is done and saved; nothing further was begun.
    expect(days).toHaveLength(1);
    expect(saves.at(-1)?.day).toBe(istDate(istMidnight(days[0] as string) + DAY_MS + 3600_000));
  });

  it('does not count a chunk the server never acknowledged as sent, and does not say it caught up', async () => {
    const server = fakeServer({ silent: true });
    const { store, saves } = closingStore();
    const { fleet, lines } = await fleetOn(server, { store });
    const running = fleet.start();
    await vi.waitFor(() => expect(server.stored.size).toBeGreaterThan(0));
    await fleet.stop();
    await running;
    expect(saves.filter((p) => p.lastSent > 0)).toEqual([]);
    expect(lines.join('\n')).not.toContain('caught up');
  });
});

describe('the simulated fleet live', () => {
  it('sends each report as its time comes, one tick at a time', async () => {
    const server = fakeServer();
    const midnight = istMidnight(istDate(Date.now()));
    let now = midnight + 1000;
    const { fleet } = await fleetOn(server, { backfillDays: 0, now: () => now, tickMs: 10 });
    await fleet.start();
    expect(server.stored.size).toBe(1);
    // The parked report of 00:10 (one every ten minutes) is due.
    now = midnight + 600_000 + 1000;
    await vi.waitFor(() => expect(server.stored.size).toBe(2));
  });
});

describe('the fleet says its counts in plain English', () => {
  it('says "1 tractor" and "1 record", not "1 records"', async () => {
    const today = istDate(Date.now());
    // Just past the Indian midnight: only the day's first report (at 00:00) is due.
    const { fleet, lines } = await fleetOn(fakeServer(), { backfillDays: 0, now: () => istMidnight(today) + 1000 });
    await fleet.start();
    expect(lines).toContain('simulated fleet: 1 tractor caught up (1 record in 0 s)');
  });

  it.each([
    [0, '0 records'],
    [1, '1 record'],
    [2, '2 records'],
    [250, '250 records'],
  ])('counted(%i, "record") is "%s"', (n, text) => expect(counted(n, 'record')).toBe(text));
});
