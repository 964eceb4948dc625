import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { localWakeups, postgresWakeups, type WakeChannel } from '../src/db/wakeups';
import type { PushSender } from '../src/providers/push/push-sender';
import { browserKeys } from './support/alerts';
import { post } from './support/api';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { MINUTE, TEST_START } from './support/test-clock';
import { ownerWithTractor } from './support/vehicles';

const postgres = dbTargets.find((t) => t.name === 'postgres');
/** Set to measure the latency without NOTIFY too (the other instance's worker polls every 30 s). */
const measurePolling = process.env.MEASURE_WAKEUP_POLLING === 'true';

/** A push service that only notes when each push left. */
function recordingPush(): PushSender & { sentAt: number[] } {
  const sentAt: number[] = [];
  return {
    sentAt,
    send: async () => {
      sentAt.push(performance.now());
      return { kind: 'sent' };
    },
  };
}

/**
 * Issue 16: an alert committed on instance B is pushed by instance A's delivery worker (B runs none
 * here, as if A held the claims): PostgreSQL NOTIFY, sent after the commit, wakes A at once.
 */
describe.runIf(postgres)('wake-ups between instances on PostgreSQL', () => {
  const t = useTestApp(postgres ?? (dbTargets[0] as (typeof dbTargets)[number]), { PUSH_SERVICE_HOSTS: '127.0.0.1' });

  async function latency(notify: boolean, beforeRaising?: () => Promise<void>): Promise<number[]> {
    const push = recordingPush();
    // A: the delivery worker; B: ingestion only, with or without NOTIFY.
    await t.build({}, { startAlertDelivery: true, push });
    const b = await t.build({}, { push, ...(notify ? {} : { wakeups: localWakeups() }) });
    const { owner, tractor } = await ownerWithTractor(t, '9876543210');
    const res = await post(
      t.app,
      'pushsubscription',
      { endpoint: 'https://127.0.0.1/push/1', expirationTime: null, keys: browserKeys().json },
      { token: owner.accessToken },
    );
    expect(res.statusCode, res.body).toBe(204);
    // Let A's first round and its LISTEN settle.
    await new Promise((r) => setTimeout(r, 500));
    await beforeRaising?.();
    const out: number[] = [];
    for (let i = 0; i < (notify ? 5 : 2); i++) {
      const before = push.sentAt.length;
      await b.services.alerts.service.raiseAlert(tractor.id, 'A0001', { time: TEST_START - MINUTE + i, value: null });
      const committed = performance.now();
      const end = Date.now() + 40_000;
      while (push.sentAt.length === before && Date.now() < end) await new Promise((r) => setTimeout(r, 2));
      expect(push.sentAt.length).toBe(before + 1);
      out.push((push.sentAt[before] as number) - committed);
    }
    return out;
  }

  it('an alert committed on B is pushed by A within a second: NOTIFY after the commit', { timeout: 60_000 }, async () => {
    const ms = await latency(true);
    console.log(`push latency, alert raised on the instance without the worker, with NOTIFY: ${ms.map((m) => m.toFixed(1)).join(', ')} ms`);
    for (const m of ms) expect(m).toBeLessThan(1000);
  });

  it('the LISTEN connection comes back after it is cut, and wake-ups go on', { timeout: 60_000 }, async () => {
    const cutListen = async () => {
      // Only this test file's database: its LISTEN session is A's.
      const cut =
        await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'tractorlink-listen' and datname = current_database()`.execute(
          t.database.db.kysely,
        );
      expect(cut.rows).toHaveLength(1);
      // The backoff's first wait (500 ms), then LISTEN again.
      await new Promise((r) => setTimeout(r, 1500));
    };
    const ms = await latency(true, cutListen);
    for (const m of ms) expect(m).toBeLessThan(1000);
  });

  it('listeners added while the LISTEN session starts each get their channel, one statement at a time (pg 9 refuses overlaps)', async () => {
    // Every query of the LISTEN session, and the most it ever had in flight at once.
    let inFlight = 0;
    let most = 0;
    const listenStatements: string[] = [];
    const query = pg.Client.prototype.query;
    const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      const text = String(args[0]);
      const done = (query as (...a: unknown[]) => Promise<unknown>).apply(this, args);
      if (!text.startsWith('LISTEN')) return done;
      listenStatements.push(text);
      most = Math.max(most, ++inFlight);
      return done.finally(() => inFlight--);
    } as typeof query);
    const log = { warn: () => undefined, debug: () => undefined } as unknown as Parameters<typeof postgresWakeups>[0]['log'];
    const wakeups = postgresWakeups({ databaseUrl: t.database.databaseUrl, db: t.database.db.kysely, log });
    const woken: WakeChannel[] = [];
    const channels: WakeChannel[] = ['tl_outbox', 'tl_days', 'tl_commands'];
    // As the app starts its jobs: each channel's first listener in the same tick, before the session is up.
    const stops = channels.map((ch) => wakeups.listen(ch, () => woken.push(ch)));
    try {
      await vi.waitFor(() => expect([...listenStatements].sort()).toEqual(channels.map((ch) => `LISTEN ${ch}`).sort()), { timeout: 10_000 });
      await vi.waitFor(() => expect(inFlight).toBe(0));
      expect(most).toBe(1);
      // Each channel wakes from another session's NOTIFY.
      woken.length = 0;
      for (const ch of channels) await sql`select pg_notify(${ch}, '')`.execute(t.database.db.kysely);
      await vi.waitFor(() => expect([...new Set(woken)].sort()).toEqual([...channels].sort()), { timeout: 5_000 });
      expect(listenStatements).toHaveLength(3);
    } finally {
      for (const stop of stops) await stop();
      spy.mockRestore();
    }
  });

  if (measurePolling)
    it('without NOTIFY A finds it only when it polls (measured, ≤ 30 s)', { timeout: 120_000 }, async () => {
      const ms = await latency(false);
      console.log(`push latency, alert raised on the instance without the worker, without NOTIFY: ${ms.map((m) => m.toFixed(0)).join(', ')} ms`);
    });
});
