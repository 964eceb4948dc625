import { describe, expect, it } from 'vitest';
import { fromTrustedBalancer, parseProxyHeader } from './proxy-protocol';

const v2 = (command: number, family: number, address: number[]) => {
  const body = Buffer.from([...address, 0x1f, 0x90, 0x13, 0xa3]);
  return Buffer.concat([Buffer.from('0d0a0d0a000d0a515549540a', 'hex'), Buffer.from([0x20 | command, family]), Buffer.from([0, body.length]), body]);
};

describe('the PROXY protocol header', () => {
  it('reads the client address of a v1 header and leaves the bytes after it', () => {
    const bytes = Buffer.concat([Buffer.from('PROXY TCP4 49.36.12.7 10.0.0.2 40112 5027\r\n'), Buffer.from('000f', 'hex')]);
    expect(parseProxyHeader(bytes)).toEqual({ kind: 'header', address: '49.36.12.7', length: 43 });
    expect(parseProxyHeader(Buffer.from('PROXY TCP6 2401:4900::1 ::1 40112 5027\r\n'))).toMatchObject({ address: '2401:4900::1' });
    expect(parseProxyHeader(Buffer.from('PROXY UNKNOWN\r\n'))).toEqual({ kind: 'header', address: null, length: 15 });
  });

  it('waits for the rest of a header split across reads', () => {
    expect(parseProxyHeader(Buffer.from('PRO'))).toEqual({ kind: 'partial' });
    expect(parseProxyHeader(Buffer.from('PROXY TCP4 49.36.'))).toEqual({ kind: 'partial' });
    expect(parseProxyHeader(v2(1, 0x11, [49, 36, 12, 7, 10, 0, 0, 2]).subarray(0, 20))).toEqual({ kind: 'partial' });
  });

  it('reads v2 PROXY and LOCAL commands', () => {
    expect(parseProxyHeader(v2(1, 0x11, [49, 36, 12, 7, 10, 0, 0, 2]))).toEqual({ kind: 'header', address: '49.36.12.7', length: 28 });
    expect(parseProxyHeader(v2(0, 0x00, []))).toMatchObject({ kind: 'header', address: null });
  });

  it('refuses a connection that does not start with a header, or a broken or overlong one', () => {
    expect(parseProxyHeader(Buffer.from('000f333536', 'hex'))).toMatchObject({ kind: 'invalid', reason: 'NO_PROXY_HEADER' });
    expect(parseProxyHeader(Buffer.from('PROXY TCP4 999.1.1.1 10.0.0.2 1 2\r\n'))).toMatchObject({ kind: 'invalid', reason: 'PROXY_V1_MALFORMED' });
    expect(parseProxyHeader(Buffer.from('PROXY TCP4 ' + '1'.repeat(120)))).toMatchObject({ kind: 'invalid', reason: 'PROXY_V1_TOO_LONG' });
    expect(parseProxyHeader(Buffer.from('PRIXY'))).toMatchObject({ kind: 'invalid' });
  });

  it('trusts only the balancers named, in either address form', () => {
    expect(fromTrustedBalancer('::ffff:127.0.0.1', ['127.0.0.1'])).toBe(true);
    expect(fromTrustedBalancer('127.0.0.2', ['127.0.0.1'])).toBe(false);
    expect(fromTrustedBalancer(undefined, ['127.0.0.1'])).toBe(false);
  });
});
