import { describe, expect, it } from 'vitest';
import { pickVoice } from './voice';

const v = (lang: string, name = lang, localService = true) => ({ lang, name, localService });

describe('the voice that reads an alert or a coach mark aloud', () => {
  it('prefers the Indian variant of the language, and a voice on the phone over a network one', () => {
    expect(pickVoice([v('en-US'), v('en-IN'), v('hi-IN')], 'en')?.lang).toBe('en-IN');
    expect(pickVoice([v('hi-IN', 'net', false), v('hi-IN', 'local')], 'hi')?.name).toBe('local');
    expect(pickVoice([v('en-GB'), v('en_US')], 'en')?.lang).toBe('en-GB');
  });

  it('offers none when the phone has no voice for the language (no English voice reading Tamil)', () => {
    expect(pickVoice([v('en-IN'), v('hi-IN')], 'ta')).toBeUndefined();
    expect(pickVoice([], 'en')).toBeUndefined();
    expect(pickVoice([v('pa-IN')], 'p')).toBeUndefined();
  });
});
