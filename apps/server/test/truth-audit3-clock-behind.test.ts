import type { Reading } from '@tractorlink/domain/telemetry';
import { istMidnight } from '@tractorlink/domain/time';
import { describe, expect, it } from 'vitest';
import { withoutClockStep } from '../src/modules/telemetry/late-replay';
import { DEVICE_CADENCE, simulateDay, slopingFarm } from '../src/sim/farm-day';
import { sampleToReading } from '../src/sim/to-reading';
import { FARM, ingest, storedAlerts } from './support/alerts';
import { dbTargets } from './support/db-targets';
import { useTestApp } from './support/harness';
import { HOUR, MINUTE, SECOND } from './support/test-clock';
import { usageTotals } from './support/usage';
import { ownerWithTractor } from './support/vehicles';

/**
 * A device rebooted mid-afternoon whose clock came up behind (the time it last saved) until its
 * GNSS fix set it right 40 minutes later, reporting live a frame a minute throughout, then resending
 * those 40 minutes' frames. Its records of those minutes are dated among ones it sent live earlier.
 * Against the simulator's truth (the same day with true times): no figure is counted twice, and no alert.
 */

const DATE = '2026-11-19';
const REBOOT = istMidnight(DATE) + 14 * HOUR;
const FIXED = REBOOT + 40 * MINUTE;

describe.each(dbTargets)('truth audit: a device clock hours behind, then set right, $name', (target) => {
  const t = useTestApp(target);
  const db = () => t.database.db.kysely;

  const totals = (tractorId: string) => usageTotals(db(), tractorId);

  // 20 minutes behind while working one field: the two clocks' fixes lie metres apart, and once zigzagged 15 % more
  // distance. 2 and 3 hours: over the lunch stop and the morning's passes.
  it.each([
    ['20 minutes', 20 * MINUTE + 7 * SECOND],
    ['2 hours', 2 * HOUR + 7 * SECOND],
    ['3 hours', 3 * HOUR + 7 * SECOND],
  ])('%s behind: the slow clock’s records are never counted among the hours they wrongly name', { timeout: 120_000 }, async (_, BEHIND_MS) => {
    const { tractor: skewed } = await ownerWithTractor(t, '9876543210');
    const { tractor: truth } = await ownerWithTractor(t, '9876543211');
    const day = simulateDay(slopingFarm('356307042441031', FARM), { fuelL: 50, engineMin: 150 * 60, odometerM: 0, position: FARM }, DATE, {
      cadence: DEVICE_CADENCE,
    });
    const readings = day.samples.map(sampleToReading);
    const slow = (r: Reading) => r.time >= REBOOT && r.time < FIXED;
    const inWindow = readings.filter(slow);
    expect(inWindow.filter((r) => (r.speedKmh ?? 0) > 2).length, 'the tractor works through the slow-clock minutes').toBeGreaterThan(100);
    // The hours the slow clock names were worked too, and sent live then.
    expect(readings.filter((r) => r.time >= REBOOT - BEHIND_MS && r.time < FIXED - BEHIND_MS && (r.speedKmh ?? 0) > 2).length).toBeGreaterThan(100);

    const dated = (frame: Reading[]) => frame.map((r) => (slow(r) ? { ...r, time: r.time - BEHIND_MS } : r));
    const behindFrames: Reading[][] = [];
    for (let i = 0; i < readings.length; i += 6) {
      const frame = readings.slice(i, i + 6);
      t.clock.set((frame.at(-1) as Reading).time + SECOND);
      await ingest(t.app, truth, frame);
      await ingest(t.app, skewed, dated(frame));
      if (frame.some(slow)) behindFrames.push(dated(frame));
    }
    // Set right, the device sends its memory of those minutes again, as it dated them.
    for (const frame of behindFrames) await ingest(t.app, skewed, frame);
    await t.app.services.telemetry.ingestor.replayDue(0);

    expect(await storedAlerts(db(), skewed.id)).toEqual(await storedAlerts(db(), truth.id));
    const want = await totals(truth.id);
    const got = await totals(skewed.id);
    expect(want.areaM2).toBeGreaterThan(10_000);
    // The 40 minutes the clock misdated may be lost (their time is not known), never counted twice.
    expect(got.engineS).toBeLessThanOrEqual(want.engineS + 60);
    expect(got.engineS).toBeGreaterThanOrEqual(want.engineS - 40 * 60);
    expect(got.ptoS).toBeLessThanOrEqual(want.ptoS + 60);
    expect(got.areaM2).toBeLessThanOrEqual(want.areaM2 * 1.02);
    expect(got.areaM2).toBeGreaterThanOrEqual(want.areaM2 * 0.7);
    expect(got.distanceM).toBeLessThanOrEqual(want.distanceM * 1.02);
    expect(got.distanceM).toBeGreaterThanOrEqual(want.distanceM * 0.7);
    expect(got.roadM).toBeLessThanOrEqual(want.roadM * 1.02 + 50);
  });
});

describe('a slow clock told from a backlog (withoutClockStep)', () => {
  const NOW = istMidnight(DATE) + 12 * HOUR;
  /** A morning sent live (a record every 10 s), received as taken: the records a backlog or a slow clock lands among. */
  const live = Array.from({ length: 6 * 360 }, (_, i) => ({
    device_time: NOW - 6 * HOUR + i * 10 * SECOND,
    received_at: NOW - 6 * HOUR + i * 10 * SECOND + SECOND,
  }));

  it('a backlog sent newest first over a crawling link (a frame of a minute’s records a minute) keeps every record', () => {
    // Out of coverage 09:00–11:00, back at 11:00: the newest frame, then an hour of the gap, a frame a minute, nothing else.
    const gapStart = NOW - 3 * HOUR;
    const kept = live.filter((r) => r.device_time < gapStart || (r.device_time >= NOW - HOUR && r.device_time < NOW - HOUR + MINUTE));
    const backlog = Array.from({ length: 360 }, (_, i) => {
      const deviceTime = NOW - HOUR - (i + 1) * 10 * SECOND;
      return { device_time: deviceTime, received_at: NOW - HOUR + 5 * SECOND + Math.floor(i / 6) * MINUTE };
    });
    const rows = [...kept, ...backlog].sort((a, b) => a.device_time - b.device_time);
    expect(withoutClockStep(rows)).toHaveLength(rows.length);
  });

  it('a backlog of 150,000 records in one burst keeps every record (no stack overflow)', () => {
    const backlog = Array.from({ length: 150_000 }, (_, i) => ({ device_time: NOW - 2 * HOUR + i * 40, received_at: NOW + 3 * MINUTE + i }));
    const rows = [...live.filter((r) => r.device_time < NOW - 2 * HOUR), ...backlog.reverse(), { device_time: NOW, received_at: NOW }].sort(
      (a, b) => a.device_time - b.device_time,
    );
    expect(withoutClockStep(rows)).toHaveLength(rows.length);
  });
});
