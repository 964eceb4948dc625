import { blankReading, type IoRule, isMappedIo, readIo, type Reading } from '@tractorlink/domain/telemetry';
import type { IncomingRecord } from '../../modules/telemetry/ingestor';
import type { AvlRecord } from './codec';

/** Most unmapped IO elements kept as attributes of one record. */
const MAX_RAW_ATTRIBUTES = 32;

/** An AVL record as a reading, through the tractor's IO mapping; unmapped ids are kept as attributes. */
export function avlToRecord(record: AvlRecord, rules: readonly IoRule[]): IncomingRecord {
  const { gps } = record;
  const reading: Reading = readIo(record.io, rules, blankReading(record.timestamp));
  // No fix when the record was taken: the device sends 0 satellites, speed 0 and angle 0 with its
  // last valid position, or zeros before its first fix (wiki "Codec", GPS element; Traccar reads
  // satellites 0 as not valid). Kept out, that old place is not shown as where the tractor was
  // at this record's time; the satellites say there was no fix.
  if (gps.satellites === 0) reading.satellites = 0;
  else if (!(gps.latitude === 0 && gps.longitude === 0)) {
    reading.lat = gps.latitude;
    reading.lon = gps.longitude;
    reading.altitude = gps.altitude;
    reading.heading = gps.angle;
    reading.satellites = gps.satellites;
    reading.speedKmh = gps.speed;
  }
  const attributes: Record<string, number> = {};
  let kept = 0;
  let variable = 0;
  for (const e of record.io) {
    // Variable-length (Codec 8E NX) elements carry bytes no mapping reads: counted, not kept.
    if (e.bytes !== undefined) variable++;
    if (typeof e.value !== 'number' || kept >= MAX_RAW_ATTRIBUTES || isMappedIo(e.id, rules)) continue;
    attributes[`io${e.id}`] = e.value;
    kept++;
  }
  if (variable > 0) attributes.ioNx = variable;
  if (record.priority === 2) attributes.panic = 1;
  return Object.keys(attributes).length > 0 ? { reading, attributes } : { reading };
}
