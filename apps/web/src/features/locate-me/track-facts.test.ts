import { describe, expect, it } from 'vitest';
import type { TrackPoint } from '../../components/map/leaflet-map';
import { trackFacts } from './track-facts';

describe("a day's route in figures, for the words beside its map", () => {
  it('no points: nothing to tell', () => {
    expect(trackFacts([])).toBeNull();
  });

  it('the distance along every point (not start to end) and the time from the first to the last', () => {
    const t0 = 1_780_000_000;
    // North 0.01° (≈ 1.11 km), then back south 0.005° (≈ 0.56 km): 1.67 km travelled, 0.56 km from the start.
    const points: TrackPoint[] = [
      [t0, 18.8, 74.37, 12, 0],
      [t0 + 1800, 18.81, 74.37, 12, 1],
      [t0 + 5400 + 59, 18.805, 74.37, null, 0],
    ];
    const facts = trackFacts(points);
    expect(facts?.first).toBe(points[0]);
    expect(facts?.last).toBe(points[2]);
    expect(facts?.distanceM).toBeCloseTo(1668, -1);
    expect(facts?.minutes).toBe(91);
  });
});
