import type { Reading } from '@tractorlink/domain/telemetry';
import { describe, expect, it } from 'vitest';
import { at, MINUTE, NIGHT, noise, parked, profileWith, running, RulesHarness, SECOND, series } from './support/alert-rules';

/** Each rule: a case that must alert exactly once, and a near miss that must not. */

const DAY = NIGHT + 8 * 60 * MINUTE; // 10:00 IST

describe('engine health rules', () => {
  it('low oil pressure alerts once when it holds 15 s with the engine running, not for a flicker or a stopped engine', () => {
    const h = new RulesHarness();
    h.feed(series(DAY, 10, 5 * SECOND, (i) => running({ oilPressureLow: i >= 2 && i < 4 }))); // 10 s low: near miss
    h.feed(series(DAY + MINUTE, 5, 5 * SECOND, () => parked({ oilPressureLow: true }))); // engine off: the switch is closed by nature
    expect(h.types()).toEqual([]);
    h.feed(series(DAY + 2 * MINUTE, 12, 5 * SECOND, () => running({ oilPressureLow: true })));
    expect(h.types()).toEqual(['A0001']);
  });

  it('high engine temperature alerts once above 105 °C for a minute, and re-arms only below 100 °C', () => {
    const h = new RulesHarness();
    h.feed(series(DAY, 8, 5 * SECOND, () => running({ coolantC: 110 }))); // 35 s: near miss
    h.feed(series(DAY + MINUTE, 2, 5 * SECOND, () => running({ coolantC: 90 })));
    expect(h.types()).toEqual([]);
    // 104–108 °C for five minutes: one alert, the dips to 104 do not re-arm it.
    h.feed(series(DAY + 2 * MINUTE, 60, 5 * SECOND, (i) => running({ coolantC: i < 14 ? 108 : i % 2 ? 104 : 107 })));
    expect(h.raised).toMatchObject([{ typeId: 'A0003', value: 108, threshold: 105, configBy: 'oem' }]);
    h.feed(series(DAY + 8 * MINUTE, 2, 5 * SECOND, () => running({ coolantC: 98 })));
    h.feed(series(DAY + 9 * MINUTE, 14, 5 * SECOND, () => running({ coolantC: 107 })));
    expect(h.types()).toEqual(['A0003', 'A0003']);
  });

  it('battery not charging alerts when the voltage stays low for 2 minutes with the engine running, not on a parked battery', () => {
    const h = new RulesHarness();
    h.feed(series(NIGHT, 30, MINUTE, () => parked({ externalVoltage: 12.3 }))); // resting battery
    h.feed(series(DAY, 10, 10 * SECOND, () => running({ externalVoltage: 12.1 }))); // 90 s after a start: near miss
    h.feed(series(DAY + 2 * MINUTE, 3, 10 * SECOND, () => running({ externalVoltage: 14 })));
    expect(h.types()).toEqual([]);
    h.feed(series(DAY + 5 * MINUTE, 20, 10 * SECOND, () => running({ externalVoltage: 11.2 })));
    expect(h.raised).toMatchObject([{ typeId: 'A0005', value: 11.2, threshold: 12.8 }]);
  });

  it('high RPM alerts after a minute above 2500, not for a 30 s burst', () => {
    const h = new RulesHarness();
    h.feed(series(DAY, 7, 5 * SECOND, () => running({ rpm: 2700 })));
    h.feed(series(DAY + MINUTE, 2, 5 * SECOND, () => running({ rpm: 1800 })));
    expect(h.types()).toEqual([]);
    h.feed(series(DAY + 2 * MINUTE, 20, 5 * SECOND, () => running({ rpm: 2650 })));
    expect(h.raised).toMatchObject([{ typeId: 'A0007', value: 2650, threshold: 2500 }]);
  });

  it('air filter clog alerts once, and not again after the engine is restarted still clogged', () => {
    const h = new RulesHarness();
    h.feed(series(DAY, 5, 10 * SECOND, () => running({ airFilterClogged: true }))); // 40 s: near miss
    h.feed(series(DAY + MINUTE, 2, 10 * SECOND, () => running()));
    expect(h.types()).toEqual([]);
    h.feed(series(DAY + 2 * MINUTE, 10, 10 * SECOND, () => running({ airFilterClogged: true })));
    h.feed(series(DAY + 5 * MINUTE, 3, MINUTE, () => parked()));
    h.feed(series(DAY + 10 * MINUTE, 10, 10 * SECOND, () => running({ airFilterClogged: true })));
    expect(h.types()).toEqual(['A0011']);
  });

  it('excessive idling alerts after 20 minutes standing at idle, not after 15', () => {
    const idle = () => running({ rpm: 800, speedKmh: 0, pto: false });
    const h = new RulesHarness();
    h.feed(series(DAY, 16, MINUTE, idle));
    h.feed(series(DAY + 16 * MINUTE, 3, MINUTE, () => running({ pto: false, speedKmh: 12 })));
    expect(h.types()).toEqual([]);
    h.feed(series(DAY + 20 * MINUTE, 30, MINUTE, idle));
    expect(h.raised).toMatchObject([{ typeId: 'A0009', value: 20, threshold: 20 }]);
  });
});

describe('key rules', () => {
  const idle = (key: boolean) => running({ keyPresent: key, rpm: 800, speedKmh: 0, pto: false });

  it('engine start without key alerts once per start; a normal start does not', () => {
    const h = new RulesHarness();
    h.feed(series(DAY, 5, 10 * SECOND, () => idle(true)));
    h.feed(series(DAY + MINUTE, 2, MINUTE, () => parked()));
    expect(h.types()).toEqual([]);
    h.feed(series(NIGHT + 24 * 60 * MINUTE, 10, 10 * SECOND, () => idle(false)));
    expect(h.raised).toMatchObject([{ typeId: 'A0105', lat: expect.closeTo(20.1667, 4) }]);
  });

  it('key removed alerts when the key comes out with the ignition on, not for a 5 s read glitch', () => {
    const h = new RulesHarness();
    h.feed(series(DAY, 6, 10 * SECOND, () => idle(true)));
    h.feed([
      { time: DAY + 61 * SECOND, ...idle(false) },
      { time: DAY + 66 * SECOND, ...idle(true) },
    ]);
    expect(h.types()).toEqual([]);
    h.feed(series(DAY + 2 * MINUTE, 6, 5 * SECOND, () => idle(false)));
    expect(h.types()).toEqual(['A0107']);
  });

  it('a key input that never read "present" is not wired: it raises nothing', () => {
    const h = new RulesHarness();
    h.feed(series(DAY, 30, 10 * SECOND, () => idle(false)));
    expect(h.types()).toEqual([]);
  });
});

/** PTO engaged and disengaged are notifications an owner turns on. */
const PTO_ON = profileWith({ A0013: { enabled: true }, A0014: { enabled: true } });

describe('PTO rule', () => {
  it('is off until the owner turns it on', () => {
    const h = new RulesHarness();
    h.feed(series(DAY, 120, 10 * SECOND, () => running({ pto: true })));
    h.feed(series(DAY + 20 * MINUTE, 60, 10 * SECOND, () => running({ pto: false })));
    expect(h.types()).toEqual([]);
  });

  it('alerts engaged and disengaged once per work session, not at every headland turn', () => {
    const h = new RulesHarness(PTO_ON);
    // An hour of passes: 4 minutes PTO on, 20 s lifted at the headland.
    const work = series(DAY, 360, 10 * SECOND, (i) => running({ pto: i % 26 < 24 }));
    h.feed(work);
    expect(h.types()).toEqual(['A0013']);
    h.feed(series(DAY + 60 * MINUTE, 8, MINUTE, () => running({ pto: false, speedKmh: 18 })));
    expect(h.types()).toEqual(['A0013', 'A0014']);
    expect(h.raised[1]?.value).toBe(60);
  });

  it('a PTO engaged for 20 s only raises nothing', () => {
    const h = new RulesHarness();
    h.feed(series(DAY, 3, 10 * SECOND, () => running({ pto: true })));
    h.feed(series(DAY + 30 * SECOND, 20, MINUTE, () => running({ pto: false })));
    expect(h.types()).toEqual([]);
  });
});

/** The tank sensor reads % with slosh; `level(i)` is the true litres. */
const withFuel = (base: Omit<Reading, 'time'>, litres: number, sloshPercent: number, rnd: () => number): Omit<Reading, 'time'> => ({
  ...base,
  fuelPercent: Math.round(((litres / 60) * 100 + rnd() * sloshPercent) * 10) / 10,
});

describe('fuel rules', () => {
  it('20 L siphoned over 10 minutes with the ignition off alerts fuel theft once', () => {
    const rnd = noise(1);
    const h = new RulesHarness();
    h.feed(series(NIGHT - 60 * MINUTE, 7, 10 * MINUTE, () => withFuel(parked(), 40, 0.5, rnd)));
    h.feed(series(NIGHT, 61, 10 * SECOND, (i) => withFuel(parked(), 40 - (20 * i) / 60, 0.5, rnd)));
    h.feed(series(NIGHT + 11 * MINUTE, 12, 5 * MINUTE, () => withFuel(parked(), 20, 0.5, rnd)));
    expect(h.raised).toMatchObject([{ typeId: 'A0100', threshold: 10 }]);
    expect(h.raised[0]?.value).toBeGreaterThanOrEqual(10);
  });

  it('8 L drawn off with the ignition off is below the 10 L minimum: no theft', () => {
    const rnd = noise(2);
    const h = new RulesHarness();
    h.feed(series(NIGHT - 60 * MINUTE, 7, 10 * MINUTE, () => withFuel(parked(), 40, 0.5, rnd)));
    h.feed(series(NIGHT, 61, 10 * SECOND, (i) => withFuel(parked(), 40 - (8 * i) / 60, 0.5, rnd)));
    h.feed(series(NIGHT + 11 * MINUTE, 12, 5 * MINUTE, () => withFuel(parked(), 32, 0.5, rnd)));
    expect(h.types()).toEqual([]);
  });

  it('a fuel sensor bouncing ±8 % for an hour of field work raises no fuel alert', () => {
    const rnd = noise(3);
    const h = new RulesHarness(PTO_ON);
    h.feed(series(DAY, 361, 10 * SECOND, (i) => withFuel(running({ pto: true, ...at(i * 1.5, 0) }), 36 - (5.5 * i) / 360, 8, rnd)));
    expect(h.types()).toEqual(['A0013']);
  });

  it('a refuel of 30 L alerts refill, not theft', () => {
    const rnd = noise(4);
    const h = new RulesHarness();
    h.feed(series(DAY, 30, 30 * SECOND, () => withFuel(parked(), 20, 0.5, rnd)));
    h.feed(series(DAY + 15 * MINUTE, 25, 10 * SECOND, (i) => withFuel(parked(), 20 + Math.min(30, (30 * i) / 18), 1, rnd)));
    h.feed(series(DAY + 20 * MINUTE, 20, MINUTE, () => withFuel(parked(), 50, 0.5, rnd)));
    expect(h.types()).toEqual(['A0104']);
    expect(h.raised[0]?.value).toBeGreaterThan(27);
    expect(h.raised[0]?.value).toBeLessThan(33);
  });

  it('sudden fuel drop alerts when 15 L go within minutes with the engine running; normal burn does not', () => {
    const rnd = noise(5);
    const h = new RulesHarness();
    const field = (i: number, litres: number) => withFuel(running({ pto: undefined, ...at(i, 0) }), litres, 3, rnd);
    h.feed(series(DAY, 180, 10 * SECOND, (i) => field(i, 40 - (5.5 * i) / 360))); // half an hour of work
    expect(h.types()).toEqual([]);
    h.feed(series(DAY + 30 * MINUTE, 60, 10 * SECOND, (i) => field(i, 37 - Math.min(15, (15 * i) / 24))));
    h.feed(series(DAY + 40 * MINUTE, 60, 10 * SECOND, (i) => field(i, 22 - (5.5 * i) / 360)));
    expect(h.raised).toMatchObject([{ typeId: 'A0111', threshold: 10 }]);
  });

  it('low fuel alerts once when the smoothed level goes under 15 %, and again only after a refill', () => {
    const rnd = noise(6);
    const h = new RulesHarness(profileWith({ A0104: { enabled: false } }));
    // 10 L (16.7 %) burning 6 L/h with 3 % slosh: crosses 9 L (15 %) after ~10 minutes.
    h.feed(series(DAY, 240, 10 * SECOND, (i) => withFuel(running({ pto: undefined }), 10 - (6 * i) / 360, 3, rnd)));
    expect(h.types()).toEqual(['A0103']);
    expect(h.raised[0]?.threshold).toBe(15);
    h.feed(series(DAY + 41 * MINUTE, 30, 30 * SECOND, (i) => withFuel(parked(), Math.min(50, 6 + 3 * i), 0.5, rnd)));
    h.feed(series(DAY + 60 * MINUTE, 100, MINUTE, (i) => withFuel(running({ pto: undefined }), 50 - 0.45 * i, 3, rnd)));
    expect(h.types()).toEqual(['A0103', 'A0103']);
  });
});

describe('towing rule', () => {
  it('a tractor moved 500 m on a trailer with the ignition off alerts towing once', () => {
    const h = new RulesHarness();
    h.feed(series(DAY, 10, 10 * SECOND, () => running({ ...at(0, 0), speedKmh: 0, pto: false })));
    h.feed(series(NIGHT + 24 * 60 * MINUTE, 6, 10 * MINUTE, () => parked()));
    // Loaded and pulled away at 15 km/h, reporting every 10 s, then parked 500 m off.
    h.feed(series(NIGHT + 25 * 60 * MINUTE, 13, 10 * SECOND, (i) => parked({ ...at(0, Math.min(500, i * 41.7)), speedKmh: 15 })));
    h.feed(series(NIGHT + 26 * 60 * MINUTE, 6, 10 * MINUTE, () => parked({ ...at(0, 500) })));
    expect(h.raised).toMatchObject([{ typeId: 'A0101', threshold: 300 }]);
    expect(h.raised[0]?.value).toBeGreaterThanOrEqual(300);
    expect(h.raised[0]?.lat).toBeCloseTo(at(0, 375).lat, 4);
  });

  it('GPS jitter while parked (metres, and lone wild fixes of 150–600 m) raises nothing', () => {
    const rnd = noise(7);
    const h = new RulesHarness();
    h.feed(series(DAY, 5, 10 * SECOND, () => running({ speedKmh: 0, pto: false })));
    h.feed(
      series(DAY + MINUTE, 600, 30 * SECOND, (i) => {
        const wild = i % 97 === 50 ? 150 + (i % 4) * 150 : 0;
        return parked({ ...at(rnd() * 15 + wild, rnd() * 15), satellites: i % 53 === 0 ? 3 : 9 });
      }),
    );
    expect(h.types()).toEqual([]);
  });
});

describe('service due rule', () => {
  const hoursReading = (time: number, hours: number): Reading => ({
    time,
    ignition: true,
    keyPresent: true,
    rpm: 1500,
    engineWorktimeMin: Math.round(hours * 60),
  });

  it('raises pre-reminders 1–5 and service due once each as engine hours pass the schedule', () => {
    const h = new RulesHarness();
    // 250 h interval, last service at 0: reminders at 200, 210, 220, 230, 240 h; due at 250 h.
    h.feed(Array.from({ length: 130 }, (_, i) => hoursReading(DAY + i * 30 * MINUTE, 190 + i * 0.5)));
    expect(h.types()).toEqual(['A0102P1', 'A0102P2', 'A0102P3', 'A0102P4', 'A0102P5', 'A0102']);
    // Raised by the reading after the one that reached 250 h (two in a row from the counter).
    expect(h.raised[5]).toMatchObject({ value: 250.5, threshold: 250 });
  });

  it('when the hours jump past several stages only the furthest is raised; a recorded service starts over', () => {
    const h = new RulesHarness();
    h.feed([hoursReading(DAY, 10), hoursReading(DAY + MINUTE, 235), hoursReading(DAY + 2 * MINUTE, 235)]);
    expect(h.types()).toEqual(['A0102P4']);
    h.profile = profileWith({}, { intervalH: 250, lastServiceAtH: 240 });
    h.feed([hoursReading(DAY + 3 * MINUTE, 241), hoursReading(DAY + 4 * MINUTE, 485), hoursReading(DAY + 5 * MINUTE, 485)]);
    expect(h.types()).toEqual(['A0102P4', 'A0102P5']);
  });

  it('one wild counter value (150 h read as 1,092 h for a record) is no service due; the true crossing still is', () => {
    const h = new RulesHarness();
    h.feed([hoursReading(DAY, 150), hoursReading(DAY + MINUTE, 1092), hoursReading(DAY + 2 * MINUTE, 150.02), hoursReading(DAY + 3 * MINUTE, 150.03)]);
    expect(h.types()).toEqual([]);
    // The same after a restart between the wild value and the next (the waiting stage is kept state).
    h.feed([hoursReading(DAY + 4 * MINUTE, 1092)]);
    h.restart();
    h.feed([hoursReading(DAY + 5 * MINUTE, 150.05)]);
    expect(h.types()).toEqual([]);
    h.feed(Array.from({ length: 4 }, (_, i) => hoursReading(DAY + (6 + i) * 30 * MINUTE, 199.8 + i * 0.2)));
    expect(h.types()).toEqual(['A0102P1']);
  });

  it('counts engine time itself when the device has no worktime counter', () => {
    const h = new RulesHarness(profileWith({}, { intervalH: 25, lastServiceAtH: 0 }));
    // 25 h interval: pre-reminders scale to 12.5 … 2.5 h before; 2 h of running reaches none.
    h.feed(series(DAY, 121, MINUTE, () => ({ ignition: true, rpm: 1500 })));
    expect(h.types()).toEqual([]);
    h.feed(series(DAY + 121 * MINUTE, 660, MINUTE, () => ({ ignition: true, rpm: 1500 })));
    expect(h.types()).toEqual(['A0102P1']);
  });
});

describe('settings and persistence', () => {
  it('a disabled type raises nothing, and an owner threshold is used and marked user', () => {
    const h = new RulesHarness(profileWith({ A0003: { enabled: false }, A0007: { threshold: 2200, configBy: 'user' } }));
    h.feed(series(DAY, 20, 5 * SECOND, () => running({ coolantC: 112, rpm: 2300 })));
    expect(h.raised).toMatchObject([{ typeId: 'A0007', threshold: 2200, configBy: 'user' }]);
  });

  it('a restart mid-condition neither repeats nor loses the alert', () => {
    const rnd = noise(8);
    const whole = new RulesHarness();
    const split = new RulesHarness();
    const before = series(NIGHT - 60 * MINUTE, 7, 10 * MINUTE, () => withFuel(parked(), 40, 0.5, rnd));
    const siphon = series(NIGHT, 61, 10 * SECOND, (i) => withFuel(parked(), 40 - (20 * i) / 60, 0.5, rnd));
    const after = series(NIGHT + 11 * MINUTE, 12, 5 * MINUTE, () => withFuel(parked(), 20, 0.5, rnd));
    whole.feed([...before, ...siphon, ...after]);
    split.feed([...before, ...siphon.slice(0, 40)]);
    split.restart();
    split.feed([...siphon.slice(40), ...after]);
    split.restart();
    split.feed(series(NIGHT + 80 * MINUTE, 6, 10 * MINUTE, () => withFuel(parked(), 20, 0.5, rnd)));
    expect(whole.types()).toEqual(['A0100']);
    expect(split.types()).toEqual(['A0100']);
  });
});
