import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useMyPosition } from './geolocation';

/** Spec §8's location messages, each for the failure it names (the keys the screens translate). */
const PERMISSION_DENIED = 1;
const POSITION_UNAVAILABLE = 2;
const TIMEOUT = 3;

function phoneGeolocation(code: number | null) {
  const getCurrentPosition = vi.fn((ok: PositionCallback, fail: PositionErrorCallback) => {
    if (code === null) ok({ coords: { latitude: 20.17, longitude: 73.99, accuracy: 25 } } as GeolocationPosition);
    else fail({ code, message: 'no', PERMISSION_DENIED, POSITION_UNAVAILABLE, TIMEOUT } as GeolocationPositionError);
  });
  vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition }, permissions: undefined });
}

afterEach(() => vi.unstubAllGlobals());

async function locateOnce() {
  const { result } = renderHook(() => useMyPosition());
  await act(() => result.current.locate());
  return result.current;
}

describe('the phone position on a tap, and the spec §8 message of each failure', () => {
  it.each([
    ['a refused permission', PERMISSION_DENIED, 'location.needsAccess'],
    ['no fix', POSITION_UNAVAILABLE, 'location.cannotFind'],
    ['a fix that takes too long', TIMEOUT, 'location.cannotFind'],
  ])('%s says %s', async (_what, code, key) => {
    phoneGeolocation(code);
    const after = await locateOnce();
    expect(after.failure).toBe(key);
    expect(after.me).toBeNull();
    expect(after.busy).toBe(false);
  });

  it("a browser without geolocation says 'geolocation not supported'", async () => {
    const { geolocation: _gone, ...rest } = navigator as Navigator & { geolocation?: Geolocation };
    vi.stubGlobal('navigator', { ...rest, permissions: undefined });
    expect((await locateOnce()).failure).toBe('location.notSupported');
  });

  it('a fix gives the position and no message', async () => {
    phoneGeolocation(null);
    const after = await locateOnce();
    expect(after.failure).toBeNull();
    expect(after.me).toEqual({ lat: 20.17, lon: 73.99, accuracyM: 25 });
  });
});
