import { describe, expect, it } from 'vitest';
import { alertType, type AlertTypeId, defaultAlertSetting, type ResolvedAlertSetting } from '../alerts-catalog';
import type { Reading } from '../telemetry';
import { decodeRulesState, encodeRulesState } from './codec';
import { limitsOf } from './limits';
import { AlertRuleSet } from './rule-set';
import { type AlertProfile, emptyRulesState, type RaisedAlert } from './types';

/** 21 Nov 2026, 10:00 IST. */
const T0 = Date.UTC(2026, 10, 21, 4, 30);
const SECOND = 1000;

/** Deterministic noise in [0, 1). */
function uniform(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

/** The owner's threshold 105 °C held for `durationS`. */
function profile(durationS: number): AlertProfile {
  const setting = (id: AlertTypeId): ResolvedAlertSetting => ({
    ...defaultAlertSetting(alertType(id)),
    ...(id === 'A0003' ? { threshold: 105, durationS, configBy: 'user' as const } : {}),
  });
  return { setting, limits: limitsOf(setting), service: { intervalH: 250, lastServiceAtH: 0 }, tankCapacityL: 60 };
}

/** A reading every 10 s for `minutes`, the engine working normally but for its coolant temperature. */
function engine(minutes: number, coolant: (i: number) => number): Reading[] {
  return Array.from({ length: minutes * 6 }, (_, i) => ({
    time: T0 + i * 10 * SECOND,
    ignition: true,
    keyPresent: true,
    rpm: 1600,
    coolantC: Math.round(coolant(i) * 10) / 10,
    externalVoltage: 13.9,
    oilPressureLow: false,
    airFilterClogged: false,
    speedKmh: 6,
    pto: false,
  }));
}

/** Runs the rules over the readings (through the stored form halfway, as a restart would). */
function temperatureAlerts(readings: Reading[], durationS: number): RaisedAlert[] {
  const out: RaisedAlert[] = [];
  const feed = (rules: AlertRuleSet, part: Reading[]) => {
    for (const reading of part) rules.observe({ reading, fix: undefined, engineS: 10 }, out);
  };
  const first = new AlertRuleSet(() => profile(durationS), emptyRulesState());
  const half = Math.floor(readings.length / 2);
  feed(first, readings.slice(0, half));
  const second = new AlertRuleSet(() => profile(durationS), decodeRulesState(JSON.parse(JSON.stringify(encodeRulesState(first.state)))));
  feed(second, readings.slice(half));
  return out.filter((a) => a.typeId === 'A0003');
}

/**
 * The owner's duration is continuous: a held condition alerts once it has stayed past the threshold
 * for the whole duration; a reading back under the threshold restarts it, and once alerted it stays
 * latched until it clears (below threshold − band). An engine that merely hovers at the threshold is
 * not one running hot for the owner's duration, and noise around it must not make alerts.
 */
describe('held conditions: past the threshold for the whole of the owner’s duration', () => {
  it.each([60, 300])('coolant at 106–108 °C for 8 minutes against 105 °C held %i s: one alert, when the duration is reached', (durationS) => {
    const rnd = uniform(7);
    const alerts = temperatureAlerts(
      engine(8, (i) => (i < 6 ? 95 : 106 + 2 * rnd())),
      durationS,
    );
    expect(alerts.map((a) => a.time)).toEqual([T0 + 60 * SECOND + durationS * SECOND]);
    expect(alerts[0]?.threshold).toBe(105);
  });

  it('106 °C for 50 s then 104.5 °C for 10 s, over and over for 20 minutes, held 60 s: no alert (each dip restarts the duration)', () => {
    expect(
      temperatureAlerts(
        engine(20, (i) => (i % 6 === 5 ? 104.5 : 106)),
        60,
      ),
    ).toEqual([]);
  });

  it('brief spikes to 108 °C for 30 s every 3 minutes from 102 °C, held 60 s: no alert', () => {
    expect(
      temperatureAlerts(
        engine(30, (i) => (i % 18 < 3 ? 108 : 102)),
        60,
      ),
    ).toEqual([]);
  });

  it('a spike of 30 s to 108 °C then 104.9 °C for 10 minutes, held 60 s: no alert (never past the threshold again)', () => {
    expect(
      temperatureAlerts(
        engine(11, (i) => (i < 3 ? 108 : 104.9)),
        60,
      ),
    ).toEqual([]);
  });

  it('hot for 50 s at 107 °C then 100–104 °C, held 60 s: no alert; hot again for 70 s: one', () => {
    const temps = (i: number) => (i < 5 ? 107 : i < 60 ? 100 + (i % 5) : i < 67 ? 107 : 99);
    expect(temperatureAlerts(engine(12, temps), 60).map((a) => a.time)).toEqual([T0 + 66 * 10 * SECOND]);
  });

  it('once alerted, dips into the band keep it latched: one alert for a long hot spell, again only after it cools below 100 °C', () => {
    const rnd = uniform(9);
    const temps = (i: number) => (i < 12 ? 107 : i < 120 ? 101 + 5 * rnd() : i < 130 ? 95 : i < 142 ? 107 : 101 + 3 * rnd());
    expect(temperatureAlerts(engine(40, temps), 60)).toHaveLength(2);
  });
});
