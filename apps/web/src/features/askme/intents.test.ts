import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@tractorlink/domain/languages';
import { INTENTS, keywordsOf, matchIntent, normalize } from './intents';
import type { Intent } from './intents';

const catalogue = (lang: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../../locales/askme', `${lang}.json`), 'utf8')) as Record<string, string>;

/** A second way to ask each question in each language, as owners type or say it. */
const ASKED: Record<string, Record<Intent, string>> = {
  en: {
    where: 'where is the tractor now',
    diesel: 'Fuel level?',
    hours: 'how long did the engine run today',
    running: 'Is the engine switched on? Status please',
    alerts: 'any warnings for me',
    service: 'next servicing',
    weather: 'will it rain today',
    pack: 'when does my subscription end',
  },
  hi: {
    where: 'ट्रैक्टर किधर है',
    diesel: 'टंकी में कितना तेल बचा है',
    hours: 'इंजन आज कितनी देर चला',
    running: 'ट्रैक्टर चालू है या बंद',
    alerts: 'कोई चेतावनी आई क्या',
    service: 'अगली सर्विसिंग कब करानी है',
    weather: 'आज बारिश होगी क्या',
    pack: 'रिचार्ज कब खत्म होगा',
  },
  mr: {
    where: 'ट्रॅक्टरचे ठिकाण सांगा',
    diesel: 'टाकीत किती इंधन आहे',
    hours: 'इंजिन आज किती वेळ चालले',
    running: 'ट्रॅक्टर सुरू आहे का',
    alerts: 'काही इशारा आला का',
    service: 'पुढची सर्व्हिस कधी',
    weather: 'आज पाऊस पडेल का',
    pack: 'सबस्क्रिप्शन कधी संपेल',
  },
  pa: {
    where: 'ਟਰੈਕਟਰ ਕਿਥੇ ਖੜ੍ਹਾ ਹੈ',
    diesel: 'ਟੈਂਕ ਵਿੱਚ ਕਿੰਨਾ ਤੇਲ ਹੈ',
    hours: 'ਇੰਜਣ ਅੱਜ ਕਿੰਨਾ ਸਮਾਂ ਚੱਲਿਆ',
    running: 'ਟਰੈਕਟਰ ਚਾਲੂ ਹੈ ਜਾਂ ਬੰਦ',
    alerts: 'ਕੋਈ ਚੇਤਾਵਨੀ ਆਈ',
    service: 'ਅਗਲੀ ਸਰਵਿਸ ਕਦੋਂ',
    weather: 'ਅੱਜ ਮੀਂਹ ਪਵੇਗਾ',
    pack: 'ਰੀਚਾਰਜ ਕਦੋਂ ਖ਼ਤਮ ਹੋਵੇਗਾ',
  },
  gu: {
    where: 'ટ્રેક્ટરનું સ્થાન બતાવો',
    diesel: 'ટાંકીમાં કેટલું ઇંધણ છે',
    hours: 'એન્જિન આજે કેટલો સમય ચાલ્યું',
    running: 'ટ્રેક્ટર બંધ છે કે ચાલુ',
    alerts: 'કોઈ ચેતવણી આવી',
    service: 'આગળની સર્વિસ ક્યારે',
    weather: 'આજે વરસાદ પડશે',
    pack: 'રિચાર્જ ક્યારે પૂરું થશે',
  },
  ta: {
    where: 'டிராக்டர் எங்க இருக்கு',
    diesel: 'எரிபொருள் எவ்வளவு உள்ளது',
    hours: 'என்ஜின் எவ்வளவு நேரம் ஓடியது',
    running: 'என்ஜின் இயங்குகிறதா',
    alerts: 'ஏதாவது அறிவிப்பு வந்ததா',
    service: 'அடுத்த சர்வீஸ் எப்போது',
    weather: 'இன்று மழை வருமா',
    pack: 'சந்தா எப்போது முடியும்',
  },
  te: {
    where: 'ట్రాక్టర్ ఏ చోటులో ఉంది',
    diesel: 'ట్యాంకులో ఎంత ఇంధనం ఉంది',
    hours: 'ఇంజిన్ ఎంతసేపు నడిచింది',
    running: 'ఇంజిన్ ఆన్లో ఉందా',
    alerts: 'ఏదైనా సమస్య ఉందా',
    service: 'తదుపరి సర్వీసు ఎప్పుడు',
    weather: 'ఈ రోజు వర్షం పడుతుందా',
    pack: 'రీఛార్జ్ ఎప్పుడు ముగుస్తుంది',
  },
};

describe('Ask me understands the seven questions in the seven languages', () => {
  it('has a second phrasing for every question in every language', () => {
    expect(Object.keys(ASKED).sort()).toEqual([...LANGUAGE_CODES].sort());
  });

  describe.each(LANGUAGE_CODES)('%s', (lang) => {
    const cat = catalogue(lang);
    it.each(INTENTS)('%s: the quick question and another way of asking it', (intent) => {
      expect(matchIntent(cat[`askme.q.${intent}`] as string), cat[`askme.q.${intent}`]).toBe(intent);
      expect(matchIntent(ASKED[lang]![intent]), ASKED[lang]![intent]).toBe(intent);
    });

    it('a question it does not know is unknown (it then says what it can answer)', () => {
      const unknown: Record<string, string> = {
        en: 'What is the price of wheat?',
        hi: 'नमस्ते, आप कौन हैं?',
        mr: 'नमस्कार, तुम्ही कोण आहात?',
        pa: 'ਸਤ ਸ੍ਰੀ ਅਕਾਲ, ਤੁਸੀਂ ਕੌਣ ਹੋ?',
        gu: 'નમસ્તે, તમે કોણ છો?',
        ta: 'வணக்கம், நீங்கள் யார்?',
        te: 'నమస్కారం, మీరు ఎవరు?',
      };
      expect(matchIntent(unknown[lang] as string)).toBe('unknown');
    });
  });

  it('the question in the browser test, and Hindi typed in romanised words', () => {
    expect(matchIntent('मेरा ट्रैक्टर कहाँ है')).toBe('where');
    expect(matchIntent('mera tractor kahan hai')).toBe('where');
    expect(matchIntent('tractor chal raha hai kya')).toBe('running');
  });

  it('nothing, or only noise, is unknown', () => {
    for (const q of ['', '   ', '?!', 'hello', 'ok thanks']) expect(matchIntent(q), q).toBe('unknown');
  });

  it('every keyword, said alone, reaches its own question', () => {
    for (const intent of INTENTS) {
      for (const k of keywordsOf(intent)) expect(matchIntent(k), `${intent}: ${k}`).toBe(intent);
    }
  });

  it('the ways one word is typed or heard are the same word', () => {
    // Precomposed nukta letters (U+095B) and base + nukta; chandrabindu and anusvara.
    expect(normalize('डीज़ल')).toBe(normalize('डीजल'));
    expect(normalize('\u095b')).toBe(normalize('\u091c\u093c'));
    expect(normalize('कहाँ')).toBe(normalize('कहां'));
    // Gurmukhi: addak, tippi and bindi, precomposed ਸ਼.
    expect(normalize('ਕਿੱਥੇ')).toBe(normalize('ਕਿਥੇ'));
    expect(normalize('ਮੀੰਹ')).toBe(normalize('ਮੀਂਹ'));
    expect(normalize('\u0a36')).toBe(normalize('\u0a38'));
    // Case, punctuation, spaces, zero-width joiners.
    expect(normalize('  Where,   IS it?? ')).toBe(' where is it ');
    expect(normalize('ఆన్‌లో')).toBe(normalize('ఆన్లో'));
  });

  it('a question with words of two questions goes to the one with more of its words, else the more specific', () => {
    expect(matchIntent('how many hours was the engine running')).toBe('hours');
    expect(matchIntent('इंजन कितने घंटे चालू रहा')).toBe('hours');
    expect(matchIntent('எரிபொருள் நிலை என்ன')).toBe('diesel');
    expect(matchIntent('வெப்பநிலை என்ன')).toBe('weather');
    expect(matchIntent('diesel tank fuel, where?')).toBe('diesel');
  });
});
