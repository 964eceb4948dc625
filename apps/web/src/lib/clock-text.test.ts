import { describe, expect, it } from 'vitest';
import { formatClock } from './clock-text';

const LANGUAGES = ['en', 'hi', 'mr', 'pa', 'gu', 'ta', 'te'];
const at = Date.UTC(2026, 10, 27, 10, 31); // 4:01 pm in India

describe('formatClock', () => {
  it.each(LANGUAGES)('%s: the time and its am/pm are one unbreakable piece, the date stays breakable', (lang) => {
    const text = formatClock(
      new Intl.DateTimeFormat(`${lang}-IN-u-nu-latn`, {
        timeZone: 'Asia/Kolkata',
        day: 'numeric',
        month: 'short',
        hour: 'numeric',
        minute: '2-digit',
        hour12: true,
      }),
      at,
    );
    const time = /4:01.*$/u.exec(text)?.[0] ?? '';
    expect(time).toMatch(/^4:01\u00a0[^ ]+$/u);
    expect(text.slice(0, text.indexOf('4:01'))).toContain(' ');
  });

  it('keeps every other character of the formatted text', () => {
    const format = new Intl.DateTimeFormat('ta-IN-u-nu-latn', { timeZone: 'Asia/Kolkata', hour: 'numeric', minute: '2-digit', hour12: true });
    expect(formatClock(format, at).replace(/\u00a0/g, ' ')).toBe(format.format(at).replace(/[\u00a0\u202f]/g, ' '));
  });
});
