import { crc16Ibm } from './crc16';
import { DecodeError } from './codec';

/**
 * Codec 12: text commands to a Teltonika device and its text replies, over the same TCP connection
 * as its AVL data (wiki "Codec", Codec 12): preamble 0, data size, codec 0x0C, quantity 1, type
 * (0x05 command, 0x06 response), size, the text, quantity 1, CRC-16/IBM over codec .. quantity.
 */
export const CODEC_12 = 0x0c;
const TYPE_COMMAND = 0x05;
const TYPE_RESPONSE = 0x06;
/** Longest command we send: Teltonika's SMS/GPRS commands are short ("getinfo", "setdigout 1"). */
export const MAX_COMMAND_BYTES = 512;

/** The frame that sends `command` (printable ASCII) to a device. */
export function encodeCommand(command: string): Buffer {
  return encodeCodec12(TYPE_COMMAND, command);
}

/** A device's reply frame (what a device sends back; for tests and the simulator). */
export function encodeResponse(reply: string): Buffer {
  return encodeCodec12(TYPE_RESPONSE, reply);
}

function encodeCodec12(type: number, command: string): Buffer {
  if (!/^[\x20-\x7e]+$/.test(command)) throw new RangeError('a command is printable ASCII');
  const text = Buffer.from(command, 'ascii');
  if (text.length > MAX_COMMAND_BYTES) throw new RangeError(`a command is at most ${MAX_COMMAND_BYTES} bytes`);
  const frame = Buffer.alloc(8 + 8 + text.length + 4);
  frame.writeUInt32BE(0, 0);
  frame.writeUInt32BE(8 + text.length, 4);
  frame.writeUInt8(CODEC_12, 8);
  frame.writeUInt8(1, 9);
  frame.writeUInt8(type, 10);
  frame.writeUInt32BE(text.length, 11);
  text.copy(frame, 15);
  frame.writeUInt8(1, 15 + text.length);
  frame.writeUInt32BE(crc16Ibm(frame, 8, 16 + text.length), 16 + text.length);
  return frame;
}

export interface CommandReply {
  type: 'command' | 'response';
  /** The text, or its bytes in hex when they are not text (a sensor's binary answer, NUL bytes and all). */
  text: string;
}

/** Printable ASCII, tab, CR and LF: what a reply may hold to be kept as text (as Traccar reads it). */
const isText = (bytes: Buffer): boolean => bytes.every((b) => (b >= 0x20 && b <= 0x7e) || b === 0x09 || b === 0x0a || b === 0x0d);

/** Whether a whole TCP frame (as the frame reader hands it over) carries Codec 12. */
export const isCodec12 = (frame: Uint8Array): boolean => frame.length > 8 && frame[8] === CODEC_12;

/** Reads a whole Codec 12 TCP frame; throws DecodeError on any inconsistency. */
export function decodeCommandFrame(frame: Buffer): CommandReply {
  if (frame.length < 20) throw new DecodeError('TRUNCATED', 'Codec 12 frame shorter than its fields');
  if (frame.readUInt32BE(0) !== 0) throw new DecodeError('BAD_PREAMBLE', 'preamble is not zero');
  const length = frame.readUInt32BE(4);
  if (length + 12 !== frame.length) throw new DecodeError('BAD_LENGTH', `data length ${length} does not match a ${frame.length}-byte frame`);
  const crc = frame.readUInt32BE(8 + length);
  const computed = crc16Ibm(frame, 8, 8 + length);
  if (crc !== computed) throw new DecodeError('BAD_CRC', `CRC 0x${crc.toString(16)} but data gives 0x${computed.toString(16)}`);
  if (frame[8] !== CODEC_12) throw new DecodeError('BAD_CODEC', `codec 0x${(frame[8] ?? 0).toString(16)} is not Codec 12`);
  const quantity = frame[9];
  const type = frame[10];
  const size = frame.readUInt32BE(11);
  if (quantity !== 1 || frame[15 + size] !== quantity) throw new DecodeError('BAD_COUNT', 'Codec 12 carries one command or reply');
  if (15 + size + 1 !== 8 + length) throw new DecodeError('BAD_LENGTH', `text size ${size} does not fit the data length ${length}`);
  if (type !== TYPE_COMMAND && type !== TYPE_RESPONSE) throw new DecodeError('BAD_CODEC', `Codec 12 type 0x${(type ?? 0).toString(16)} is unknown`);
  const body = frame.subarray(15, 15 + size);
  // PostgreSQL's text cannot hold a NUL byte: stored as it came, such a reply failed and its
  // command stayed sent for ever, holding back every command after it.
  return { type: type === TYPE_COMMAND ? 'command' : 'response', text: isText(body) ? body.toString('latin1') : body.toString('hex') };
}
