import { useEffect, useState } from 'react';
/**
 * The phone's position, asked only when the owner taps (browsers and owners both dislike a prompt
 * on arrival). Failures are named by the spec §8 messages they show.
 */
type GeoFailure = 'unsupported' | 'denied' | 'unavailable';

export interface GeoPoint {
  lat: number;
  lon: number;
  accuracyM: number;
}

class GeoError extends Error {
  constructor(readonly reason: GeoFailure) {
    super(reason);
    this.name = 'GeoError';
  }
}

function currentPosition(timeoutMs = 15_000): Promise<GeoPoint> {
  if (typeof navigator === 'undefined' || !('geolocation' in navigator)) return Promise.reject(new GeoError('unsupported'));
  return new Promise((resolve, reject) => {
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ lat: p.coords.latitude, lon: p.coords.longitude, accuracyM: p.coords.accuracy }),
      (e) => reject(new GeoError(e.code === e.PERMISSION_DENIED ? 'denied' : 'unavailable')),
      // A fix from the last two minutes is good enough for "how far is my tractor".
      { enableHighAccuracy: false, timeout: timeoutMs, maximumAge: 120_000 },
    );
  });
}

/** True when the owner already allowed location, so we may read it without a tap. */
async function locationAllowed(): Promise<boolean> {
  try {
    const status = await navigator.permissions?.query({ name: 'geolocation' });
    return status?.state === 'granted';
  } catch {
    return false;
  }
}

/** The spec §8 message for a failure. */
function geoMessageKey(error: unknown): 'location.notSupported' | 'location.needsAccess' | 'location.cannotFind' {
  if (error instanceof GeoError && error.reason === 'unsupported') return 'location.notSupported';
  if (error instanceof GeoError && error.reason === 'denied') return 'location.needsAccess';
  return 'location.cannotFind';
}

/**
 * The owner's phone position, read at once when location is already allowed, otherwise only after
 * `locate()` runs on a tap (the permission prompt then makes sense); failures as spec §8 message keys.
 */
export function useMyPosition() {
  const [me, setMe] = useState<GeoPoint | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const locate = async () => {
    setBusy(true);
    setFailure(null);
    try {
      setMe(await currentPosition());
    } catch (error) {
      setFailure(geoMessageKey(error));
    } finally {
      setBusy(false);
    }
  };
  useEffect(() => {
    let live = true;
    void locationAllowed().then((ok) => {
      if (ok && live)
        currentPosition().then(
          (p) => live && setMe(p),
          () => undefined,
        );
    });
    return () => {
      live = false;
    };
  }, []);
  return { me, failure, busy, locate };
}
