import { isIP } from 'node:net';

/**
 * The PROXY protocol (HAProxy's, v1 text and v2 binary) a TCP balancer puts before the device's own
 * bytes, so the device port sees the device's real address (per-address caps, logs) rather than the
 * balancer's. Parsed only on connections from a trusted balancer; anything else is refused.
 */

const V2_SIGNATURE = Buffer.from([0x0d, 0x0a, 0x0d, 0x0a, 0x00, 0x0d, 0x0a, 0x51, 0x55, 0x49, 0x54, 0x0a]);
/** v1: 'PROXY ' … CRLF, at most 107 bytes by the spec. */
const V1_MAX = 107;
/** v2: 16-byte header and its address block; TLVs bring it past this only for features we do not use. */
const V2_MAX = 16 + 536;

export type ProxyHeader =
  /** The client's address as the balancer saw it; null for a LOCAL / UNKNOWN (the balancer's own health check). */
  | { kind: 'header'; address: string | null; length: number }
  /** More bytes are needed. */
  | { kind: 'partial' }
  | { kind: 'invalid'; reason: string };

/** Reads a PROXY header at the start of `bytes` (what has arrived so far). */
export function parseProxyHeader(bytes: Buffer): ProxyHeader {
  if (bytes.length === 0) return { kind: 'partial' };
  if (bytes[0] === 0x0d) return parseV2(bytes);
  if (bytes[0] === 0x50) return parseV1(bytes);
  return { kind: 'invalid', reason: 'NO_PROXY_HEADER' };
}

function parseV1(bytes: Buffer): ProxyHeader {
  const end = bytes.indexOf('\r\n');
  if (end < 0) return bytes.length >= V1_MAX ? { kind: 'invalid', reason: 'PROXY_V1_TOO_LONG' } : startsRight(bytes, 'PROXY ');
  if (end + 2 > V1_MAX) return { kind: 'invalid', reason: 'PROXY_V1_TOO_LONG' };
  const parts = bytes.subarray(0, end).toString('latin1').split(' ');
  if (parts[0] !== 'PROXY') return { kind: 'invalid', reason: 'NO_PROXY_HEADER' };
  if (parts[1] === 'UNKNOWN') return { kind: 'header', address: null, length: end + 2 };
  const [, family, source] = parts;
  if (parts.length !== 6 || (family !== 'TCP4' && family !== 'TCP6') || !source || isIP(source) !== (family === 'TCP4' ? 4 : 6)) {
    return { kind: 'invalid', reason: 'PROXY_V1_MALFORMED' };
  }
  return { kind: 'header', address: source, length: end + 2 };
}

/** While the first bytes could still become `prefix`, wait for more. */
function startsRight(bytes: Buffer, prefix: string): ProxyHeader {
  const have = bytes.subarray(0, prefix.length).toString('latin1');
  return prefix.startsWith(have) ? { kind: 'partial' } : { kind: 'invalid', reason: 'NO_PROXY_HEADER' };
}

function parseV2(bytes: Buffer): ProxyHeader {
  const sig = bytes.subarray(0, V2_SIGNATURE.length);
  if (!V2_SIGNATURE.subarray(0, sig.length).equals(sig)) return { kind: 'invalid', reason: 'NO_PROXY_HEADER' };
  if (bytes.length < 16) return { kind: 'partial' };
  const versionCommand = bytes[12] ?? 0;
  const familyProtocol = bytes[13] ?? 0;
  const length = 16 + bytes.readUInt16BE(14);
  if (versionCommand >> 4 !== 2) return { kind: 'invalid', reason: 'PROXY_V2_VERSION' };
  if (length > V2_MAX) return { kind: 'invalid', reason: 'PROXY_V2_TOO_LONG' };
  if (bytes.length < length) return { kind: 'partial' };
  const command = versionCommand & 0x0f;
  if (command === 0x0) return { kind: 'header', address: null, length }; // LOCAL: the balancer itself
  if (command !== 0x1) return { kind: 'invalid', reason: 'PROXY_V2_COMMAND' };
  const family = familyProtocol >> 4;
  if (family === 0x1 && length >= 16 + 12) return { kind: 'header', address: [...bytes.subarray(16, 20)].join('.'), length };
  if (family === 0x2 && length >= 16 + 36) {
    const groups = [];
    for (let i = 0; i < 8; i++) groups.push(bytes.readUInt16BE(16 + i * 2).toString(16));
    return { kind: 'header', address: groups.join(':'), length };
  }
  if (family === 0x0) return { kind: 'header', address: null, length };
  return { kind: 'invalid', reason: 'PROXY_V2_FAMILY' };
}

/** Whether a connection from `address` may carry a PROXY header (the balancers we were told of). */
export function fromTrustedBalancer(address: string | undefined, trusted: readonly string[]): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  return trusted.includes(plain) || trusted.includes(address);
}
