import { DecodeError } from './codec';

/**
 * Splits a Teltonika TCP byte stream into frames, whatever the read boundaries: first the IMEI
 * handshake (2-byte length + ASCII IMEI), then AVL frames (4 zero bytes, 4-byte data length,
 * data, 4-byte CRC) and single 0xFF keep-alive bytes. Frames are bounded so a hostile or broken
 * peer cannot make the server buffer without limit.
 */

export const MAX_IMEI_LENGTH = 20;
/** Largest AVL frame accepted. Devices send at most a few KB; 64 KiB leaves room for big batches. */
export const MAX_AVL_FRAME_BYTES = 64 * 1024;

export type Frame = { kind: 'imei'; imei: string } | { kind: 'keepalive' } | { kind: 'avl'; bytes: Buffer };

export class FrameReader {
  private pending: Buffer = Buffer.alloc(0);
  private identified = false;

  /** Adds bytes read from the socket; returns every complete frame. Throws DecodeError on garbage. */
  push(chunk: Buffer): Frame[] {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const frames: Frame[] = [];
    for (;;) {
      const frame = this.identified ? this.nextAvl() : this.nextImei();
      if (!frame) break;
      frames.push(frame);
    }
    return frames;
  }

  /** Bytes received but not yet part of a complete frame. */
  get buffered(): number {
    return this.pending.length;
  }

  private consume(n: number): Buffer {
    const head = this.pending.subarray(0, n);
    this.pending = this.pending.subarray(n);
    return head;
  }

  private nextImei(): Frame | undefined {
    // Some firmware sends its keep-alive byte before the IMEI too; a real IMEI length starts 0x00.
    if (this.pending[0] === 0xff) {
      this.consume(1);
      return { kind: 'keepalive' };
    }
    if (this.pending.length < 2) return undefined;
    const length = this.pending.readUInt16BE(0);
    if (length < 1 || length > MAX_IMEI_LENGTH) throw new DecodeError('BAD_LENGTH', `IMEI length ${length} is not plausible`);
    if (this.pending.length < 2 + length) return undefined;
    const imei = this.consume(2 + length)
      .subarray(2)
      .toString('latin1');
    if (!/^\d+$/.test(imei)) throw new DecodeError('BAD_LENGTH', 'IMEI is not made of digits');
    this.identified = true;
    return { kind: 'imei', imei };
  }

  private nextAvl(): Frame | undefined {
    if (this.pending.length === 0) return undefined;
    if (this.pending[0] === 0xff) {
      this.consume(1);
      return { kind: 'keepalive' };
    }
    // Refuse a bad preamble as soon as its bytes arrive, without waiting for more.
    const seen = Math.min(4, this.pending.length);
    for (let i = 0; i < seen; i++) {
      if (this.pending[i] !== 0) throw new DecodeError('BAD_PREAMBLE', 'AVL frame does not start with four zero bytes');
    }
    if (this.pending.length < 8) return undefined;
    const total = this.pending.readUInt32BE(4) + 12;
    if (total > MAX_AVL_FRAME_BYTES) throw new DecodeError('TOO_LARGE', `frame of ${total} bytes exceeds ${MAX_AVL_FRAME_BYTES}`);
    if (this.pending.length < total) return undefined;
    return { kind: 'avl', bytes: Buffer.from(this.consume(total)) };
  }
}
