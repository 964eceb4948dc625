import { describe, expect, it } from 'vitest';
import { at, MINUTE, NIGHT, noise, parked, RulesHarness, running, SECOND, series } from './support/alert-rules';

/** The fuel part of the rules' stored state (codec.ts): its 6th and 7th items are losses awaiting confirmation. */
const storedFuel = (h: RulesHarness): unknown[] => (JSON.parse(h.processor.serialize()) as { alerts?: { f?: unknown[] } }).alerts?.f ?? [];

/** Alert rules against what truly happened, on the faults real devices show. */
describe('alert truth audit', () => {
  it('towing: a wild first fix after ignition off (450 m out) is not the parking spot: no towing alert', () => {
    const rnd = noise(31);
    const h = new RulesHarness();
    h.feed(series(NIGHT - 10 * MINUTE, 5, 10 * SECOND, () => running({ speedKmh: 0 })));
    h.feed(series(NIGHT, 30, 10 * MINUTE, (i) => parked({ ...at(i === 0 ? 450 : rnd() * 5, rnd() * 5) })));
    expect(h.types()).toEqual([]);
    // A real tow of 500 m later that night is still alerted once.
    h.feed(series(NIGHT + 300 * MINUTE, 13, 10 * SECOND, (i) => parked({ ...at(0, Math.min(500, i * 41.7)), speedKmh: 15 })));
    h.feed(series(NIGHT + 303 * MINUTE, 3, 10 * MINUTE, () => parked({ ...at(0, 500) })));
    expect(h.types()).toEqual(['A0101']);
  });

  it('a theft seen before a restart and confirmed after it is alerted once, dated when first seen, as without the restart', () => {
    const readings = (rnd: () => number) =>
      series(NIGHT, 90, MINUTE, (i) => parked({ fuelPercent: Math.round(((40 - Math.max(0, Math.min(20, (i - 20) * 2))) / 60) * 1000 + rnd() * 5) / 10 }));
    const straight = new RulesHarness();
    straight.feed(readings(noise(32)));
    const restarted = new RulesHarness();
    const all = readings(noise(32));
    restarted.feed(all.slice(0, 36)); // the loss is seen by now, not yet confirmed
    expect(storedFuel(restarted).length, 'the loss waits in the stored state').toBeGreaterThanOrEqual(6);
    restarted.restart();
    restarted.feed(all.slice(36));
    expect(straight.raised.map((a) => a.typeId)).toEqual(['A0100']);
    expect(restarted.raised).toEqual(straight.raised);
  });

  it('a sudden drop seen before a restart and confirmed after it is alerted at the same time as without the restart', () => {
    const field = (rnd: () => number) =>
      series(NIGHT + 600 * MINUTE, 360, 10 * SECOND, (i) =>
        running({
          pto: undefined,
          ...at(i, 0),
          fuelPercent: Math.round(((40 - Math.min(15, Math.max(0, (15 * (i - 60)) / 24)) - (5.5 * i) / 360) / 60) * 1000 + rnd() * 30) / 10,
        }),
      );
    const straight = new RulesHarness();
    straight.feed(field(noise(33)));
    const all = field(noise(33));
    const restarted = new RulesHarness();
    const seenAt = all.findIndex((_, k) => {
      const probe = new RulesHarness();
      probe.feed(all.slice(0, k + 1));
      return storedFuel(probe).length === 7;
    });
    expect(seenAt, 'the drop is seen before it is confirmed').toBeGreaterThan(0);
    restarted.feed(all.slice(0, seenAt + 1));
    restarted.restart();
    restarted.feed(all.slice(seenAt + 1));
    expect(straight.raised.map((a) => a.typeId)).toEqual(['A0111']);
    expect(restarted.raised).toEqual(straight.raised);
  });
});
