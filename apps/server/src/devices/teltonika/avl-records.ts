import type { IoRule } from '@tractorlink/domain/telemetry';
import type { IncomingRecord } from '../../modules/telemetry/ingestor';
import { decodeAvlData } from './codec';
import { avlToRecord } from './to-reading';

/** The writer thread's name for a Teltonika AVL data field (src/writer/decoders.ts). */
export const TELTONIKA_AVL = 'teltonika-avl';

/** The records of an AVL data field (codec byte to the second count), read with a device model's IO rules. Throws DecodeError. */
export function decodeAvlRecords(data: Uint8Array, ioRules: readonly IoRule[]): IncomingRecord[] {
  return decodeAvlData(data).records.map((r) => avlToRecord(r, ioRules));
}
