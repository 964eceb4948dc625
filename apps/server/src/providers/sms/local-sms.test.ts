import { describe, expect, it } from 'vitest';
import { LocalSmsProvider } from './local-sms';

describe('local SMS provider', () => {
  it('prints each message in a marked block and keeps the last 200, newest last', async () => {
    let printed = '';
    let now = 1_000;
    const sms = new LocalSmsProvider({ now: () => now }, { write: (s: string) => (printed += s) });
    await sms.send('9876543210', '123456 is your TractorLink code.');
    expect(printed).toContain('──── LOCAL SMS INBOX ──── to 98765 43210\n123456 is your TractorLink code.\n');
    for (let i = 0; i < 205; i++) {
      now += 1;
      await sms.send(i % 2 ? '9876543210' : '9123456789', `message ${i}`);
    }
    const all = sms.messages();
    expect(all).toHaveLength(200);
    expect(all.at(-1)).toEqual({ to: '9123456789', text: 'message 204', sentAt: 1_205 });
    expect(all[0]?.text).toBe('message 5');
    expect(sms.messages('9123456789').every((m) => m.to === '9123456789')).toBe(true);
  });
});
