import { describe, expect, it } from 'vitest';
import { fullStop, joinSentences, oneStopEach } from './spoken-text';

describe('text read aloud has one stop per sentence (issue 19 item 5)', () => {
  it('joins a title and tips that end with a stop, and ones that do not, with one stop each', () => {
    expect(joinSentences(['See how your tractor worked', 'Choose a day.', 'Tap the links below.'], 'en')).toBe(
      'See how your tractor worked. Choose a day. Tap the links below.',
    );
    expect(joinSentences(['यहाँ से शुरू करें', 'ट्रैक्टर चुनें।', 'डीज़ल देखें।'], 'hi')).toBe('यहाँ से शुरू करें। ट्रैक्टर चुनें। डीज़ल देखें।');
    expect(joinSentences(['இங்கே தொடங்குங்கள்', 'டிராக்டரைத் தேர்வு செய்யவும்.'], 'ta')).toBe('இங்கே தொடங்குங்கள். டிராக்டரைத் தேர்வு செய்யவும்.');
    expect(joinSentences(['Engine oil low!', 'Where?', null, undefined, false, '  '], 'en')).toBe('Engine oil low! Where?');
  });

  it('Hindi and Punjabi end with the danda, the others with a period', () => {
    expect(['en', 'hi', 'mr', 'pa', 'gu', 'ta', 'te'].map(fullStop)).toEqual(['.', '।', '.', '।', '.', '.', '.']);
  });

  it('leaves no ".." or "।." in a text, keeps decimals, ellipses and questions', () => {
    expect(oneStopEach('Choose a month.. See field work.')).toBe('Choose a month. See field work.');
    expect(oneStopEach('ट्रैक्टर चुनें।. डीज़ल देखें। .')).toBe('ट्रैक्टर चुनें। डीज़ल देखें।');
    expect(oneStopEach('Shirur, Pune.. 12.5 L. Total 1,234.5 h…')).toBe('Shirur, Pune. 12.5 L. Total 1,234.5 h…');
    expect(oneStopEach('Is it running?.')).toBe('Is it running?');
    expect(oneStopEach('It has 12.5 L.')).toBe('It has 12.5 L.');
  });
});
