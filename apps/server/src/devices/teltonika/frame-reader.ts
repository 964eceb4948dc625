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
  /**
   * An AVL frame whose size is known and whose bytes are still coming, gathered in a buffer that
   * doubles as it fills: a frame dribbled a byte per segment costs each byte about two copies (not a
   * copy of all received so far per segment), and memory stays within twice what was received (not
   * the size a header claims).
   */
  private partial: { bytes: Buffer; filled: number; total: number } | undefined;

  /** Adds bytes read from the socket; returns every complete frame. Throws DecodeError on garbage. */
  push(chunk: Buffer): Frame[] {
    const frames: Frame[] = [];
    if (this.partial) {
      const used = this.fill(this.partial, chunk);
      if (this.partial.filled < this.partial.total) return frames;
      frames.push({ kind: 'avl', bytes: this.partial.bytes });
      this.partial = undefined;
      chunk = chunk.subarray(used);
    }
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    for (;;) {
      const frame = this.identified ? this.nextAvl() : this.nextImei();
      if (!frame) break;
      frames.push(frame);
    }
    return frames;
  }

  /** Bytes received but not yet part of a complete frame. */
  get buffered(): number {
    return this.pending.length + (this.partial?.filled ?? 0);
  }

  /** Copies what belongs to the partial frame from `chunk`, growing its buffer; returns the bytes used. */
  private fill(partial: { bytes: Buffer; filled: number; total: number }, chunk: Buffer): number {
    const used = Math.min(chunk.length, partial.total - partial.filled);
    const need = partial.filled + used;
    if (need > partial.bytes.length) {
      const grown = Buffer.allocUnsafe(Math.min(partial.total, Math.max(need, partial.bytes.length * 2)));
      partial.bytes.copy(grown, 0, 0, partial.filled);
      partial.bytes = grown;
    }
    chunk.copy(partial.bytes, partial.filled, 0, used);
    partial.filled = need;
    return used;
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
    if (this.pending.length < total) {
      // The rest is gathered as it comes (push).
      this.partial = { bytes: Buffer.from(this.pending), filled: this.pending.length, total };
      this.pending = Buffer.alloc(0);
      return undefined;
    }
    return { kind: 'avl', bytes: Buffer.from(this.consume(total)) };
  }
}
