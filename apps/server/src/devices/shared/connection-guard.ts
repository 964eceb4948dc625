import { readFileSync } from 'node:fs';

/**
 * Open device connections counted per address and in all. A flood of idle connections would
 * otherwise take every file handle of the process, and with them the HTTP port (health included):
 * new device connections are refused first, well below the handle limit, so HTTP keeps answering.
 */
export class ConnectionGuard {
  private readonly perAddress = new Map<string, number>();
  private total = 0;

  constructor(
    readonly maxConnections: number,
    readonly maxPerAddress: number,
  ) {}

  /** Counts a new connection from `address`; false when a cap is reached (refuse it). */
  admit(address: string): 'ok' | 'total' | 'address' {
    if (this.total >= this.maxConnections) return 'total';
    const open = this.perAddress.get(address) ?? 0;
    if (open >= this.maxPerAddress) return 'address';
    this.perAddress.set(address, open + 1);
    this.total++;
    return 'ok';
  }

  release(address: string): void {
    const open = this.perAddress.get(address) ?? 0;
    if (open <= 1) this.perAddress.delete(address);
    else this.perAddress.set(address, open - 1);
    this.total = Math.max(0, this.total - 1);
  }

  get open(): number {
    return this.total;
  }
}

/** The process's soft limit on open files (Linux /proc), or a conservative 1024 where it cannot be read. */
export function openFileLimit(): number {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line?.split(/\s{2,}/)[1];
    if (soft === 'unlimited') return 1_048_576;
    const n = Number(soft);
    return Number.isFinite(n) && n > 0 ? n : 1024;
  } catch {
    return 1024;
  }
}

/** The default cap on device connections: 60 % of the file-handle limit, the rest left for HTTP, the database and files. */
export const defaultDeviceConnectionCap = (limit = openFileLimit()): number => Math.max(16, Math.floor(limit * 0.6));
