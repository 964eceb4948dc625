import { describe, expect, it } from 'vitest';
import { amountInWords } from './amount-words';
import { NORTH_TABLES } from './amount-words-north';
import type { LanguageCode } from './languages';

/** Whole-rupee values the tables below spell, the same for every language. */
const VALUES = [1, 10, 11, 19, 21, 45, 99, 100, 101, 110, 999, 1000, 1001, 2350, 10_000, 99_999, 100_000, 250_000, 1_234_567, 10_000_000] as const;

/** Expected words for VALUES, in order, and how the language frames them on an invoice. */
const EXPECTED: Record<Exclude<LanguageCode, 'en'>, { frame: [string, string]; words: string[] }> = {
  hi: {
    frame: ['रुपये', 'मात्र'],
    words: [
      'एक',
      'दस',
      'ग्यारह',
      'उन्नीस',
      'इक्कीस',
      'पैंतालीस',
      'निन्यानवे',
      'एक सौ',
      'एक सौ एक',
      'एक सौ दस',
      'नौ सौ निन्यानवे',
      'एक हज़ार',
      'एक हज़ार एक',
      'दो हज़ार तीन सौ पचास',
      'दस हज़ार',
      'निन्यानवे हज़ार नौ सौ निन्यानवे',
      'एक लाख',
      'दो लाख पचास हज़ार',
      'बारह लाख चौंतीस हज़ार पाँच सौ सड़सठ',
      'एक करोड़',
    ],
  },
  mr: {
    frame: ['रुपये', 'फक्त'],
    words: [
      'एक',
      'दहा',
      'अकरा',
      'एकोणीस',
      'एकवीस',
      'पंचेचाळीस',
      'नव्व्याण्णव',
      'शंभर',
      'एकशे एक',
      'एकशे दहा',
      'नऊशे नव्व्याण्णव',
      'एक हजार',
      'एक हजार एक',
      'दोन हजार तीनशे पन्नास',
      'दहा हजार',
      'नव्व्याण्णव हजार नऊशे नव्व्याण्णव',
      'एक लाख',
      'दोन लाख पन्नास हजार',
      'बारा लाख चौतीस हजार पाचशे सदुसष्ट',
      'एक कोटी',
    ],
  },
  pa: {
    frame: ['ਰੁਪਏ', 'ਸਿਰਫ਼'],
    words: [
      'ਇੱਕ',
      'ਦਸ',
      'ਗਿਆਰਾਂ',
      'ਉੱਨੀ',
      'ਇੱਕੀ',
      'ਪੰਤਾਲੀ',
      'ਨੜਿੰਨਵੇਂ',
      'ਇੱਕ ਸੌ',
      'ਇੱਕ ਸੌ ਇੱਕ',
      'ਇੱਕ ਸੌ ਦਸ',
      'ਨੌਂ ਸੌ ਨੜਿੰਨਵੇਂ',
      'ਇੱਕ ਹਜ਼ਾਰ',
      'ਇੱਕ ਹਜ਼ਾਰ ਇੱਕ',
      'ਦੋ ਹਜ਼ਾਰ ਤਿੰਨ ਸੌ ਪੰਜਾਹ',
      'ਦਸ ਹਜ਼ਾਰ',
      'ਨੜਿੰਨਵੇਂ ਹਜ਼ਾਰ ਨੌਂ ਸੌ ਨੜਿੰਨਵੇਂ',
      'ਇੱਕ ਲੱਖ',
      'ਦੋ ਲੱਖ ਪੰਜਾਹ ਹਜ਼ਾਰ',
      'ਬਾਰਾਂ ਲੱਖ ਚੌਂਤੀ ਹਜ਼ਾਰ ਪੰਜ ਸੌ ਸਤਾਹਠ',
      'ਇੱਕ ਕਰੋੜ',
    ],
  },
  gu: {
    frame: ['રૂપિયા', 'પૂરા'],
    words: [
      'એક',
      'દસ',
      'અગિયાર',
      'ઓગણીસ',
      'એકવીસ',
      'પિસ્તાલીસ',
      'નવ્વાણું',
      'એકસો',
      'એકસો એક',
      'એકસો દસ',
      'નવસો નવ્વાણું',
      'એક હજાર',
      'એક હજાર એક',
      'બે હજાર ત્રણસો પચાસ',
      'દસ હજાર',
      'નવ્વાણું હજાર નવસો નવ્વાણું',
      'એક લાખ',
      'બે લાખ પચાસ હજાર',
      'બાર લાખ ચોત્રીસ હજાર પાંચસો સડસઠ',
      'એક કરોડ',
    ],
  },
  ta: {
    frame: ['ரூபாய்', 'மட்டும்'],
    words: [
      'ஒன்று',
      'பத்து',
      'பதினொன்று',
      'பத்தொன்பது',
      'இருபத்தொன்று',
      'நாற்பத்தைந்து',
      'தொண்ணூற்றொன்பது',
      'நூறு',
      'நூற்று ஒன்று',
      'நூற்றுப் பத்து',
      'தொள்ளாயிரத்துத் தொண்ணூற்றொன்பது',
      'ஆயிரம்',
      'ஆயிரத்து ஒன்று',
      'இரண்டாயிரத்து முந்நூற்று ஐம்பது',
      'பத்தாயிரம்',
      'தொண்ணூற்றொன்பதாயிரத்துத் தொள்ளாயிரத்துத் தொண்ணூற்றொன்பது',
      'ஒரு லட்சம்',
      'இரண்டு லட்சத்து ஐம்பதாயிரம்',
      'பன்னிரண்டு லட்சத்து முப்பத்து நான்காயிரத்து ஐந்நூற்று அறுபத்தேழு',
      'ஒரு கோடி',
    ],
  },
  te: {
    frame: ['రూపాయలు', 'మాత్రమే'],
    words: [
      'ఒకటి',
      'పది',
      'పదకొండు',
      'పంతొమ్మిది',
      'ఇరవై ఒకటి',
      'నలభై ఐదు',
      'తొంభై తొమ్మిది',
      'వంద',
      'నూట ఒకటి',
      'నూట పది',
      'తొమ్మిది వందల తొంభై తొమ్మిది',
      'వెయ్యి',
      'వెయ్యి ఒకటి',
      'రెండు వేల మూడు వందల యాభై',
      'పది వేలు',
      'తొంభై తొమ్మిది వేల తొమ్మిది వందల తొంభై తొమ్మిది',
      'ఒక లక్ష',
      'రెండు లక్షల యాభై వేలు',
      'పన్నెండు లక్షల ముప్పై నాలుగు వేల ఐదు వందల అరవై ఏడు',
      'ఒక కోటి',
    ],
  },
};

/** Compared in NFC: a nukta (ज़, ड़, ਜ਼) may be typed precomposed or not. */
const nfc = (s: string) => s.normalize('NFC');

describe('amount in words in the invoice language', () => {
  for (const [language, { frame, words }] of Object.entries(EXPECTED) as [Exclude<LanguageCode, 'en'>, (typeof EXPECTED)['hi']][]) {
    it(`spells whole rupees in ${language}, Indian system`, () => {
      expect(words).toHaveLength(VALUES.length);
      VALUES.forEach((rupees, i) => {
        expect(amountInWords(rupees * 100, language), `${language} ${rupees}`).toBe(nfc(`${frame[0]} ${words[i] ?? ''} ${frame[1]}`));
      });
    });
  }

  it('adds paise as an Indian invoice writes them', () => {
    expect(amountInWords(235_050, 'hi')).toBe(nfc('रुपये दो हज़ार तीन सौ पचास और पचास पैसे मात्र'));
    expect(amountInWords(235_050, 'mr')).toBe('रुपये दोन हजार तीनशे पन्नास आणि पन्नास पैसे फक्त');
    expect(amountInWords(235_050, 'pa')).toBe(nfc('ਰੁਪਏ ਦੋ ਹਜ਼ਾਰ ਤਿੰਨ ਸੌ ਪੰਜਾਹ ਅਤੇ ਪੰਜਾਹ ਪੈਸੇ ਸਿਰਫ਼'));
    expect(amountInWords(235_050, 'gu')).toBe('રૂપિયા બે હજાર ત્રણસો પચાસ અને પચાસ પૈસા પૂરા');
    expect(amountInWords(235_050, 'ta')).toBe('ரூபாய் இரண்டாயிரத்து முந்நூற்று ஐம்பது மற்றும் ஐம்பது பைசா மட்டும்');
    expect(amountInWords(235_050, 'te')).toBe('రూపాయలు రెండు వేల మూడు వందల యాభై మరియు యాభై పైసలు మాత్రమే');
    // The invoice's own total: ₹2,358.82.
    expect(amountInWords(235_882, 'hi')).toBe(nfc('रुपये दो हज़ार तीन सौ अट्ठावन और बयासी पैसे मात्र'));
    expect(amountInWords(235_882, 'ta')).toBe('ரூபாய் இரண்டாயிரத்து முந்நூற்று ஐம்பத்தெட்டு மற்றும் எண்பத்திரண்டு பைசா மட்டும்');
  });

  it('writes paise alone when there are no whole rupees, one paisa in the singular', () => {
    expect(amountInWords(50, 'hi')).toBe('पचास पैसे मात्र');
    expect(amountInWords(5, 'hi')).toBe('पाँच पैसे मात्र');
    expect(amountInWords(1, 'hi')).toBe('एक पैसा मात्र');
    expect(amountInWords(5, 'mr')).toBe('पाच पैसे फक्त');
    expect(amountInWords(5, 'pa')).toBe('ਪੰਜ ਪੈਸੇ ਸਿਰਫ਼');
    expect(amountInWords(5, 'gu')).toBe('પાંચ પૈસા પૂરા');
    expect(amountInWords(5, 'ta')).toBe('ஐந்து பைசா மட்டும்');
    expect(amountInWords(50, 'te')).toBe('యాభై పైసలు మాత్రమే');
    expect(amountInWords(1, 'te')).toBe('ఒక పైసా మాత్రమే');
    expect(amountInWords(0, 'hi')).toBe('रुपये शून्य मात्र');
  });

  it('uses the form before a noun for one in Tamil and Telugu (ஒரு, ఒక)', () => {
    expect(amountInWords(2_100_000_00, 'ta')).toBe('ரூபாய் இருபத்தொரு லட்சம் மட்டும்');
    expect(amountInWords(2_121, 'ta')).toBe('ரூபாய் இருபத்தொன்று மற்றும் இருபத்தொரு பைசா மட்டும்');
    expect(amountInWords(2_100_000_00, 'te')).toBe('రూపాయలు ఇరవై ఒక లక్షలు మాత్రమే');
  });

  it('fuses Tamil thousands with their count and keeps the joining forms', () => {
    const ta = (rupees: number) => amountInWords(rupees * 100, 'ta');
    expect(ta(3000)).toBe('ரூபாய் மூவாயிரம் மட்டும்');
    expect(ta(5000)).toBe('ரூபாய் ஐயாயிரம் மட்டும்');
    expect(ta(11_000)).toBe('ரூபாய் பதினோராயிரம் மட்டும்');
    expect(ta(21_000)).toBe('ரூபாய் இருபத்தோராயிரம் மட்டும்');
    expect(ta(25_000)).toBe('ரூபாய் இருபத்தைந்தாயிரம் மட்டும்');
    expect(ta(1947)).toBe('ரூபாய் ஆயிரத்துத் தொள்ளாயிரத்து நாற்பத்தேழு மட்டும்');
    expect(ta(5500)).toBe('ரூபாய் ஐயாயிரத்து ஐந்நூறு மட்டும்');
    expect(ta(11_000_000)).toBe('ரூபாய் ஒரு கோடியே பத்து லட்சம் மட்டும்');
  });

  it('spells crores of more than 99 with the same words', () => {
    expect(amountInWords(1_10_00_00_001 * 100, 'hi')).toBe('रुपये एक सौ दस करोड़ एक मात्र');
    expect(amountInWords(1_00_00_00_000 * 100, 'mr')).toBe('रुपये शंभर कोटी फक्त');
    expect(amountInWords(2_00_00_00_000 * 100, 'te')).toBe('రూపాయలు రెండు వందల కోట్లు మాత్రమే');
  });

  it('has a word for each of 1–99 in Hindi, Marathi, Punjabi and Gujarati, all different, in NFC', () => {
    for (const [language, table] of Object.entries(NORTH_TABLES)) {
      const words = table.slice(1);
      expect(words, language).toHaveLength(99);
      expect(new Set(words).size, language).toBe(99);
      for (const word of words) expect(word, `${language} ${word}`).toBe(nfc(word));
    }
    // Irregular ones that are easy to get wrong.
    const at = (language: keyof typeof NORTH_TABLES, n: number) => NORTH_TABLES[language][n];
    expect([39, 49, 59, 69, 79, 89, 99].map((n) => at('hi', n))).toEqual(['उनतालीस', 'उनचास', 'उनसठ', 'उनहत्तर', 'उन्यासी', 'नवासी', 'निन्यानवे']);
    expect([19, 29, 39, 49, 59, 69, 79, 89].map((n) => at('mr', n))).toEqual([
      'एकोणीस',
      'एकोणतीस',
      'एकोणचाळीस',
      'एकोणपन्नास',
      'एकोणसाठ',
      'एकोणसत्तर',
      'एकोणऐंशी',
      'एकोणनव्वद',
    ]);
    expect([19, 29, 39, 49, 59, 69, 79, 89].map((n) => at('gu', n))).toEqual([
      'ઓગણીસ',
      'ઓગણત્રીસ',
      'ઓગણચાલીસ',
      'ઓગણપચાસ',
      'ઓગણસાઠ',
      'અગણોસિત્તેર',
      'ઓગણાએંસી',
      'નેવ્યાસી',
    ]);
    expect([19, 29, 39, 49, 59, 69, 79].map((n) => at('pa', n))).toEqual(['ਉੱਨੀ', 'ਉਨੱਤੀ', 'ਉਨਤਾਲੀ', 'ਉਨੰਜਾ', 'ਉਨਾਹਠ', 'ਉਨੱਤਰ', 'ਉਨਾਸੀ']);
    expect([10, 20, 30, 40, 50, 60, 70, 80, 90].map((n) => at('hi', n))).toEqual(['दस', 'बीस', 'तीस', 'चालीस', 'पचास', 'साठ', 'सत्तर', 'अस्सी', 'नब्बे']);
  });

  it('keeps English as it was', () => {
    expect(amountInWords(235_882, 'en')).toBe('Rupees Two Thousand Three Hundred Fifty-Eight and Eighty-Two Paise Only');
    expect(amountInWords(50, 'en')).toBe('Rupees Zero and Fifty Paise Only');
  });

  it('refuses what is not a whole number of paise', () => {
    expect(() => amountInWords(-1, 'hi')).toThrow(RangeError);
    expect(() => amountInWords(1.5, 'ta')).toThrow(RangeError);
  });
});
