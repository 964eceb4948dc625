import type { IoRule } from '@tractorlink/domain/telemetry';
import { decodeAvlRecords, TELTONIKA_AVL } from '../devices/teltonika/avl-records';
import type { IncomingRecord } from '../modules/telemetry/ingestor';

/** How the writer thread decodes records a device front end sent as bytes (WireRecords), by name. */
export const WIRE_DECODERS: Readonly<Record<string, (bytes: Uint8Array, shared: object) => readonly IncomingRecord[]>> = {
  [TELTONIKA_AVL]: (bytes, ioRules) => decodeAvlRecords(bytes, ioRules as readonly IoRule[]),
};
