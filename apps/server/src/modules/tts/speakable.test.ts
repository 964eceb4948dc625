import { describe, expect, it } from 'vitest';
import { speakable } from './speakable';

describe('speakable', () => {
  it('drops emoji, pictographs, symbols and control characters, keeping the words around them', () => {
    expect(speakable('डीज़ल 😀 कम है।')).toBe('डीज़ल कम है।');
    expect(speakable('Diesel low 🚜.')).toBe('Diesel low.');
    expect(speakable('👨‍👩‍👧 परिवार ★ ♠♣ → ✓')).toBe('परिवार');
    expect(speakable('🇮🇳 भारत')).toBe('भारत');
    expect(speakable('1️⃣ ट्रैक्टर')).toBe('1 ट्रैक्टर');
    expect(speakable('a + b = c $5 ^')).toBe('a b c 5');
    expect(speakable('line one\nline\ttwo\u0007')).toBe('line one line two');
  });

  it('keeps letters, marks, digits and ordinary punctuation of all seven scripts', () => {
    for (const text of [
      'Diesel is 12.5 L, low!',
      'आपका ट्रैक्टर नासिक के पास है। डीज़ल कम है?',
      'ट्रॅक्टर सुरू झाला, 10:10 वाजता.',
      'ਸਤ ਸ੍ਰੀ ਅਕਾਲ। ਡੀਜ਼ਲ 50 % ਹੈ।',
      'ટ્રેક્ટર ચાલુ છે: ₹499 નો પૅક.',
      'உங்கள் டிராக்டர் 108 °C, எச்சரிக்கை!',
      // Telugu and Hindi keep the zero-width joiners inside their words.
      'ఆర్‌పీఎం 2650 (పరిమితి 2400)',
      'क्‍ष “नमस्ते” ठीक - है…',
    ])
      expect(speakable(text)).toBe(text);
  });

  it('says a run of signs as one pause, and nothing before the first word', () => {
    expect(speakable('ट्रैक्टर चुनें।. डीज़ल देखें।.')).toBe('ट्रैक्टर चुनें। डीज़ल देखें।');
    expect(speakable('डीज़ल 1॥@–;}डीज़ल')).toBe('डीज़ल 1॥डीज़ल');
    // A bracket is not said: the separator's pause is what stays.
    expect(speakable('Arjun (MH1) · 30 min')).toBe('Arjun (MH1· 30 min');
    expect(speakable('“नमस्ते”।')).toBe('नमस्ते।');
    expect(speakable('. ** डीज़ल')).toBe('डीज़ल');
    expect(speakable('**5 लीटर')).toBe('5 लीटर');
    expect(speakable('"(-5 °C)"')).toBe('-5 °C)');
  });

  it('leaves nothing when nothing can be said', () => {
    for (const text of ['😀🚜', '😀🚜.', '#️⃣', '★ → ✓', '...', '\u200d\ufe0f', '₹₹']) expect(speakable(text), text).toBe('');
  });

  it('is its own fixed point: cleaning twice changes nothing', () => {
    for (const text of ['डीज़ल 😀 कम है।', '. ** डीज़ल', 'Arjun (MH1) · 30 min | 30 Sep', '"(-5 °C)"', 'a\u200d😀b']) {
      const once = speakable(text);
      expect(speakable(once)).toBe(once);
    }
  });
});
