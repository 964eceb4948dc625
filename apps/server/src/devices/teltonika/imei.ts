import { HTTP_DEVICE_MODEL, IMEI_PATTERN } from '@tractorlink/domain/vehicles-rules';
import type { KnownDevice } from '../../modules/telemetry/pipeline';

/**
 * The provisioned Teltonika device an IMEI names. A phone or simple tracker (the OsmAnd model) never
 * speaks this protocol, and its key guards it on HTTP alone: looked up here, a forger could write as
 * that device over TCP or UDP with its id (a phone may use its own 15-digit IMEI) and no key.
 */
export async function lookupTeltonika(lookup: (imei: string) => Promise<KnownDevice | undefined>, imei: string): Promise<KnownDevice | undefined> {
  if (!IMEI_PATTERN.test(imei)) return undefined;
  const device = await lookup(imei);
  return device?.model === HTTP_DEVICE_MODEL ? undefined : device;
}
