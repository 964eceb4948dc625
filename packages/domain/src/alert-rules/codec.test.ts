import { describe, expect, it } from 'vitest';
import { decodeRulesState, encodeRulesState } from './codec';
import type { AlertRulesState } from './types';

describe('stored form of the rules state', () => {
  const states: AlertRulesState[] = [
    { held: {}, engineS: 0 },
    {
      held: { A0003: { since: 1_795_000_000_123, fired: true }, A0009: { since: 1_795_000_100_000, fired: false } },
      engineS: 7200,
      keyWired: true,
      keySeen: true,
    },
    {
      held: {},
      engineS: 0,
      keyWired: true,
      pto: { session: true, sessionStart: 1_795_000_000_000, offSince: 1_795_000_300_000 },
      service: { dueAt: 250, stage: 3, nextAt: 230 },
    },
    {
      held: {},
      engineS: 0,
      pto: { session: false, onSince: 1_795_000_000_000 },
      fuel: {
        run: [
          [1_795_000_000_000, 40.5],
          [1_795_000_060_000, 39.25],
        ],
        dropFired: true,
      },
    },
    {
      held: {},
      engineS: 0,
      fuel: { parkedSince: 1_795_000_000_000, theftPeakL: 40.25, theftFired: true },
      tow: { far: 1, fired: false, anchor: { lat: 20.1667, lon: 73.9833 }, lastFix: { lat: 20.17, lon: 73.98, time: 1_795_000_060_000 } },
    },
    {
      held: {},
      engineS: 0,
      fuel: { parkedSince: 1_795_000_000_000, theftPeakL: 40.25, theftPeakSettledL: 40.5, theftSince: 1_795_000_600_000 },
      tow: { far: 0, fired: false, anchored: true, anchor: { lat: 20.1667, lon: 73.9833 }, lastFix: { lat: 20.17, lon: 73.98, time: 1_795_000_060_000 } },
    },
    {
      // The low since a theft alert (its re-arm).
      held: { A0003: { since: 1_795_000_000_000, fired: false } },
      engineS: 0,
      fuel: { parkedSince: 1_795_000_000_000, theftPeakL: 40.25, theftFired: true, theftPeakSettledL: 40.5, theftLowL: 20.25 },
    },
    {
      held: {},
      engineS: 0,
      fuel: { run: [[1_795_000_000_000, 40.5]], dropSeen: { since: 1_795_000_060_000, peakL: 40.5, settledL: 40.25 } },
    },
    {
      held: {},
      engineS: 0,
      geofenceFingerprint: 12345,
      geofences: { g1: { rev: 3, inside: true, pending: 0 }, g2: { rev: 1, inside: undefined, pending: 0 } },
    },
  ];

  it('round-trips every part through JSON', () => {
    for (const state of states) expect(decodeRulesState(JSON.parse(JSON.stringify(encodeRulesState(state))))).toEqual(state);
  });

  it("is short: a working tractor's state is about a hundred bytes", () => {
    expect(JSON.stringify(encodeRulesState(states[2] as AlertRulesState)).length).toBeLessThan(80);
    expect(JSON.stringify(encodeRulesState(states[0] as AlertRulesState))).toBe('{"v":1}');
  });

  it("keeps of the geofences the list's fingerprint and the tracks not clearly outside, each its rev (the rest is rebuilt)", () => {
    const state: AlertRulesState = {
      held: {},
      engineS: 0,
      geofenceFingerprint: 7,
      geofences: {
        a: { rev: 2, inside: true, pending: 1, anchor: { lat: 20, lon: 74, r: 100 } },
        b: { rev: 5, inside: undefined, pending: 0 },
        c: { rev: 1, inside: false, pending: 0 },
      },
    };
    expect(encodeRulesState(state)).toEqual({ v: 1, g: [7, { a: 5, b: 10 }] });
    expect(decodeRulesState(encodeRulesState(state))).toMatchObject({
      geofenceFingerprint: 7,
      geofences: { a: { rev: 2, inside: true, pending: 0 }, b: { rev: 5, inside: undefined, pending: 0 } },
    });
    // 50 geofences, the tractor inside two: a few dozen bytes.
    const many: AlertRulesState = { held: {}, engineS: 0, geofenceFingerprint: 4_000_000_000, geofences: {} };
    for (let i = 0; i < 50; i++)
      (many.geofences as Record<string, unknown>)[`0b8c1a7e-5f3d-4c2a-9e1b-${String(i).padStart(12, '0')}`] = { rev: 1, inside: i < 2, pending: 0 };
    expect(JSON.stringify(encodeRulesState(many)).length).toBeLessThan(120);
  });

  it('starts afresh from nothing or from a shape it does not know, with the engine time given', () => {
    expect(decodeRulesState(undefined, 3600)).toEqual({ held: {}, engineS: 3600 });
    expect(decodeRulesState({ held: {}, engineS: 5 }, 10)).toEqual({ held: {}, engineS: 10 });
  });
});
