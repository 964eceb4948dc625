import { describe, expect, it } from 'vitest';
import { DecodeError } from './codec';
import { decodeCommandFrame, encodeCommand, isCodec12 } from './codec12';

// The Teltonika wiki's Codec 12 example ("Codec" page): the getinfo command and the device's reply.
const GETINFO = '000000000000000F0C010500000007676574696E666F0100004312';
const GETINFO_REPLY =
  '00000000000000900C010600000088494E493A323031392F372F323220373A3232205254433A323031392F372F323220373A3533205253543A32204552523A312053523A302042523A302043463A302046473A3020464C3A302054553A302F302055543A3020534D533A30204E4F4750533A303A3330204750533A31205341543A302052533A332052463A36352053463A31204D443A30010000C78F';

describe('Codec 12', () => {
  it('encodes a command byte for byte as the wiki shows it', () => {
    expect(encodeCommand('getinfo').toString('hex').toUpperCase()).toBe(GETINFO);
  });

  it("decodes the device's reply", () => {
    const frame = Buffer.from(GETINFO_REPLY, 'hex');
    expect(isCodec12(frame)).toBe(true);
    expect(decodeCommandFrame(frame)).toEqual({
      type: 'response',
      text: 'INI:2019/7/22 7:22 RTC:2019/7/22 7:53 RST:2 ERR:1 SR:0 BR:0 CF:0 FG:0 FL:0 TU:0/0 UT:0 SMS:0 NOGPS:0:30 GPS:1 SAT:0 RS:3 RF:65 SF:1 MD:0',
    });
    expect(decodeCommandFrame(encodeCommand('setdigout 1'))).toEqual({ type: 'command', text: 'setdigout 1' });
  });

  it('refuses a bad CRC, a size that does not fit and a non-printable or overlong command', () => {
    const badCrc = Buffer.from(GETINFO_REPLY, 'hex');
    badCrc.writeUInt8(badCrc.readUInt8(badCrc.length - 1) ^ 0xff, badCrc.length - 1);
    expect(() => decodeCommandFrame(badCrc)).toThrow(DecodeError);
    const badSize = Buffer.from(GETINFO, 'hex');
    badSize.writeUInt32BE(6, 11);
    expect(() => decodeCommandFrame(badSize)).toThrow(DecodeError);
    expect(() => encodeCommand('get\ninfo')).toThrow(RangeError);
    expect(() => encodeCommand('x'.repeat(513))).toThrow(RangeError);
    expect(isCodec12(Buffer.from('000000000000003608010000', 'hex'))).toBe(false);
  });
});
