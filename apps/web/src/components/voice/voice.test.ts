import { describe, expect, it } from 'vitest';
import { MAX_CHUNK_CHARS, chunkText, indianLocale, pickVoice, voiceTag } from './voice';

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

describe('speaking in pieces (Chrome stops an utterance after ~15 s)', () => {
  const long = [
    'आपका ट्रैक्टर शेरू अभी पिंपलगाँव बसवंत, नासिक, महाराष्ट्र के पास है।',
    'आखिरी अपडेट: 21 नवंबर, 3:04 अपराह्न।',
    'टंकी में लगभग 42.5 लीटर डीज़ल है, जो टंकी का 71 प्रतिशत है, और आज इंजन 3 घंटे 20 मिनट चला है।',
    'Next service in 1,250 h. The tank is low: refill soon!',
    'இன்று என்ஜின் 3 மணி 20 நிமிடம் ஓடியுள்ளது, மொத்தம் என்ஜின் 1,234.5 மணி நேரம் ஓடியுள்ளது.',
  ].join(' ');
  const words = (s: string) => s.split(/\s+/).filter(Boolean);

  it.each([40, 80, 120, MAX_CHUNK_CHARS])('no piece is over %i characters, no word is cut, and nothing is lost or reordered', (max) => {
    const pieces = chunkText(long, max);
    expect(pieces.length).toBeGreaterThan(1);
    for (const p of pieces) expect(p.length, p).toBeLessThanOrEqual(max);
    // Every word whole, in order: the pieces put back together are the text.
    expect(pieces.flatMap(words)).toEqual(words(long));
  });

  it('cuts at the end of a sentence (., ?, !, the danda) before a comma, and a comma before a space', () => {
    const pieces = chunkText(long, MAX_CHUNK_CHARS);
    for (const p of pieces.slice(0, -1)) expect(p, p).toMatch(/[.!?।,]$/);
    expect(chunkText('पहला वाक्य। दूसरा वाक्य।', 15)).toEqual(['पहला वाक्य।', 'दूसरा वाक्य।']);
    expect(chunkText('one, two three four', 12)).toEqual(['one,', 'two three', 'four']);
    // A danda with a full stop after it is one stop: nothing reads the '.' aloud (issue 19 item 5).
    expect(chunkText('ट्रैक्टर चुनें।. डीज़ल देखें।', 16)).toEqual(['ट्रैक्टर चुनें।', 'डीज़ल देखें।']);
    expect(chunkText('Choose a month.. See field work.')).toEqual(['Choose a month. See field work.']);
  });

  it('keeps decimals and grouped numbers whole (12.5, 1,234)', () => {
    expect(chunkText('It has 12.5 L. Total 1,234 h.', 14)).toEqual(['It has 12.5 L.', 'Total 1,234 h.']);
  });

  it('puts short sentences together up to the limit; a short text is one piece', () => {
    expect(chunkText('Yes. It is on. It works.')).toEqual(['Yes. It is on. It works.']);
    expect(chunkText('   ')).toEqual([]);
    expect(chunkText('a  b\u00a0c')).toEqual(['a b c']);
  });

  it('never cuts a word, even one longer than the limit', () => {
    expect(chunkText('short supercalifragilistic word', 10)).toEqual(['short', 'supercalifragilistic', 'word']);
  });

  it('speech recognition and utterances use the Indian locale of the app language', () => {
    expect(indianLocale('hi')).toBe('hi-IN');
    expect(voiceTag({ lang: 'ta_IN', name: 'x' })).toBe('ta-IN');
  });
});
