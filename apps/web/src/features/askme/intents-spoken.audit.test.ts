import { describe, expect, it } from 'vitest';
import { matchIntent } from './intents';
import type { Intent } from './intents';

describe('questions as farmers type or the recognition writes them', () => {
  const ASKED: [Intent, string][] = [
    // Romanised, typed on an English keyboard.
    ['where', 'tractor kithe hai'],
    ['where', 'tractor enga irukku'],
    ['where', 'tractor ekkada undi'],
    ['weather', 'aaj barish hogi kya'],
    ['weather', 'paus padel ka'],
    ['weather', 'mazhai varuma'],
    ['weather', 'varsham padutunda'],
    ['diesel', 'tel kitna hai'],
    ['hours', 'aaj kitni der chala'],
    ['running', 'tractor band hai kya'],
    ['running', 'engine on hai kya'],
    ['alerts', 'koi dikkat hai kya'],
    ['pack', 'kitne din bache hain'],
    // Native script, as spoken.
    ['where', 'ट्रैक्टर कहा है'],
    ['alerts', 'कोई दिक्कत है क्या'],
    ['pack', 'कितने दिन बाकी हैं'],
    ['pack', 'किती दिवस उरले'],
    ['pack', 'ਕਿੰਨੇ ਦਿਨ ਬਾਕੀ ਹਨ'],
    ['pack', 'કેટલા દિવસ બાકી છે'],
    ['pack', 'எத்தனை நாட்கள் மீதம்'],
    ['pack', 'ఎన్ని రోజులు మిగిలాయి'],
    ['running', 'ఇంజిన్ ఆన్ ఉందా'],
    ['running', 'ట్రాక్టర్ ఆఫ్ ఉందా'],
    ['running', 'இன்ஜின் ஆன்ல இருக்கா'],
    ['running', 'டிராக்டர் ஆஃப் ஆ'],
  ];

  it.each(ASKED)('%s: %s', (intent, question) => {
    expect(matchIntent(question)).toBe(intent);
  });

  it('a romanised word inside an English one is not a keyword: "pause", "online", "tell", "telugu"', () => {
    expect(matchIntent('pause')).toBe('unknown');
    expect(matchIntent('tell me in telugu')).toBe('unknown');
    expect(matchIntent('ஆன்லைன்')).toBe('unknown');
  });
});
