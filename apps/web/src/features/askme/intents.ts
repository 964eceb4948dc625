/**
 * What the owner asks Ask me (spec §1 "ask a voice assistant"): the eight questions it can answer
 * about the selected tractor, recognised by keywords of all seven languages at once (an owner may
 * ask in Hindi with the app in English, or mix in English words), plus common romanised Hindi.
 * Pure: no screen, no data.
 */

export const INTENTS = ['where', 'diesel', 'hours', 'running', 'alerts', 'service', 'weather', 'pack'] as const;
export type Intent = (typeof INTENTS)[number];
export type IntentMatch = Intent | 'unknown';

/**
 * Keywords per question. A keyword in Latin letters must begin a word ('hour' finds 'hours', not
 * 'other'); one in an Indian script may stand anywhere, as endings and postpositions join the word
 * ('டீசல' finds டீசல், டீசலின்). Written as people type them; normalize() takes care of
 * nukta, chandrabindu and addak spellings (डीज़ल = डीजल, कहाँ = कहां, ਕਿੱਥੇ = ਕਿਥੇ).
 */
const KEYWORDS: Record<Intent, readonly string[]> = {
  where: [
    'where',
    'location',
    'locate',
    'place',
    'address',
    'kahan',
    'kaha hai',
    'kidhar',
    'kuthe',
    'kithe',
    'kitthe',
    'kyan che',
    'enga irukk',
    'enge',
    'ekkada',
    'कहा है',
    'कहाँ',
    'किधर',
    'लोकेशन',
    'स्थान',
    'जगह',
    'ठिकाना',
    'कुठे',
    'ठिकाण',
    'जागा',
    'ਕਿੱਥੇ',
    'ਕਿੱਧਰ',
    'ਟਿਕਾਣ',
    'ਲੋਕੇਸ਼ਨ',
    'ਥਾਂ',
    'ક્યાં',
    'સ્થાન',
    'લોકેશન',
    'જગ્યા',
    'ઠેકાણ',
    'எங்கே',
    'எங்க',
    'இடம்',
    'இருப்பிட',
    'லொகேஷன்',
    'ఎక్కడ',
    'స్థానం',
    'లొకేషన్',
    'చోటు',
  ],
  diesel: [
    'diesel',
    'fuel',
    'tank',
    'dijal',
    'tel kitna',
    'tel kitni',
    'डीज़ल',
    'डीसल',
    'ईंधन',
    'तेल',
    'फ्यूल',
    'टंकी',
    'डिझेल',
    'डिजेल',
    'इंधन',
    'टाकी',
    'ਡੀਜ਼ਲ',
    'ਤੇਲ',
    'ਬਾਲਣ',
    'ਟੈਂਕ',
    'ડીઝલ',
    'ડિઝલ',
    'ઇંધણ',
    'બળતણ',
    'ટાંકી',
    'டீசல',
    'எரிபொருள',
    'டேங்க',
    'డీజిల',
    'డీజల',
    'ఇంధన',
    'ట్యాంక',
  ],
  hours: [
    'hour',
    'how long',
    'run time',
    'runtime',
    'ghante',
    'ghanta',
    'kitni der',
    'kitna chala',
    'घंटे',
    'घंटा',
    'घण्टे',
    'कितनी देर',
    'कितना चला',
    'तास',
    'किती वेळ',
    'ਘੰਟੇ',
    'ਘੰਟਾ',
    'ਕਿੰਨਾ ਸਮਾਂ',
    'ਕਿੰਨੀ ਦੇਰ',
    'કલાક',
    'કેટલો સમય',
    'மணி நேர',
    'மணிநேர',
    'எவ்வளவு நேர',
    'గంట',
    'ఎంత సేపు',
    'ఎంతసేపు',
  ],
  running: [
    'running',
    'moving',
    'working',
    'switched on',
    'turned on',
    'switched off',
    'started',
    'status',
    'is it on',
    'is it off',
    'chal raha',
    'chalu',
    'band hai',
    'bandh',
    'on hai',
    'off hai',
    'engine on',
    'engine off',
    'tractor on',
    'tractor off',
    'चल रह',
    'चालू',
    'बंद',
    'स्टार्ट',
    'काम कर रह',
    'स्थिति',
    'सुरू',
    'चालत',
    'स्थिती',
    'ਚੱਲ ਰਿਹਾ',
    'ਚਾਲੂ',
    'ਬੰਦ',
    'ਸਟਾਰਟ',
    'ਸਥਿਤੀ',
    'ચાલુ',
    'ચાલે છે',
    'બંધ',
    'સ્ટાર્ટ',
    'સ્થિતિ',
    'ஓடுகிற',
    'ஓடுது',
    'இயங்குகிற',
    'இயங்குது',
    'நிலை',
    'ஆன்ல இரு',
    'ஆன் ஆ',
    'ஆஃப்',
    'నడుస్తో',
    'నడుస్తుంద',
    'నడుస్తున్న',
    'ఆన్‌లో',
    'ఆన్ ఉంద',
    'ఆఫ్',
    'పని చేస్తో',
    'స్థితి',
  ],
  alerts: [
    'alert',
    'warning',
    'notification',
    'problem',
    'issue',
    'अलर्ट',
    'चेतावनी',
    'सूचना',
    'समस्या',
    'खराबी',
    'दिक्कत',
    'गड़बड़',
    'परेशानी',
    'dikkat',
    'kharabi',
    'इशारा',
    'ਅਲਰਟ',
    'ਚੇਤਾਵਨੀ',
    'ਸੂਚਨਾ',
    'ਸਮੱਸਿਆ',
    'એલર્ટ',
    'ચેતવણી',
    'સૂચના',
    'સમસ્યા',
    'எச்சரிக்கை',
    'அலர்ட்',
    'அறிவிப்பு',
    'பிரச்சனை',
    'హెచ్చరిక',
    'అలర్ట్',
    'సమస్య',
    'నోటిఫికేషన్',
  ],
  service: [
    'service',
    'servicing',
    'maintenance',
    'सर्विस',
    'सेवा',
    'मेंटेनेंस',
    'सर्व्हिस',
    'देखभाल',
    'ਸਰਵਿਸ',
    'ਸੇਵਾ',
    'સર્વિસ',
    'સેવા',
    'சர்வீஸ்',
    'சர்விஸ்',
    'சேவை',
    'பராமரிப்பு',
    'సర్వీస్',
    'సర్వీసు',
    'సర్విస్',
    'నిర్వహణ',
  ],
  weather: [
    'weather',
    'rain',
    'temperature',
    'forecast',
    'mausam',
    'barish',
    'baarish',
    'baris',
    'paus pad',
    'paus yei',
    'havaman',
    'hawaman',
    'mazhai',
    'vanilai',
    'varsham',
    'vatavaranam',
    'मौसम',
    'बारिश',
    'तापमान',
    'बरसात',
    'वर्षा',
    'हवामान',
    'पाऊस',
    'ਮੌਸਮ',
    'ਮੀਂਹ',
    'ਤਾਪਮਾਨ',
    'ਬਾਰਸ਼',
    'હવામાન',
    'વરસાદ',
    'તાપમાન',
    'મોસમ',
    'வானிலை',
    'மழை',
    'வெப்பநிலை',
    'వాతావరణ',
    'వర్ష',
    'ఉష్ణోగ్రత',
  ],
  // The tractor's pack (spec §4 subscription: days left, expired).
  pack: [
    'pack',
    'subscription',
    'renew',
    'recharge',
    'validity',
    'plan',
    'din bache',
    'din baki',
    'दिन बचे',
    'दिन बाकी',
    'दिवस उरले',
    'दिवस बाकी',
    'ਦਿਨ ਬਾਕੀ',
    'દિવસ બાકી',
    'நாட்கள் மீதம்',
    'రోజులు మిగిల',
    'पैक',
    'सब्सक्रिप्शन',
    'रिन्यू',
    'रिचार्ज',
    'वैधता',
    'प्लान',
    'पॅक',
    'सबस्क्रिप्शन',
    'नूतनीकरण',
    'मुदत',
    'ਪੈਕ',
    'ਸਬਸਕ੍ਰਿਪਸ਼ਨ',
    'ਰੀਚਾਰਜ',
    'ਮਿਆਦ',
    'પેક',
    'સબ્સ્ક્રિપ્શન',
    'રિચાર્જ',
    'માન્યતા',
    'பேக்',
    'சந்தா',
    'ரீசார்ஜ்',
    'செல்லுபடி',
    'ప్యాక్',
    'సబ్‌స్క్రిప్షన్',
    'రీఛార్జ్',
    'చందా',
  ],
};

/**
 * One spelling for the many ways a word is typed or heard: lower case; the nukta dropped (ज़ = ज,
 * ਜ਼ = ਜ, also in the precomposed letters NFC splits); chandrabindu as anusvara (कहाँ = कहां);
 * Gurmukhi tippi as bindi and the addak dropped (ਕਿੱਥੇ = ਕਿਥੇ); no zero-width joiners; punctuation
 * as spaces. Padded with spaces so a keyword can be matched at the start of a word.
 */
export function normalize(text: string): string {
  const plain = text
    .normalize('NFC')
    .toLowerCase()
    .replace(/\u093c|\u0a3c|\u0abc|\u200c|\u200d|\u0a71/g, '')
    .replace(/\u0901/g, '\u0902')
    .replace(/\u0a81/g, '\u0a82')
    .replace(/\u0a70/g, '\u0a02')
    .replace(/[\p{P}\p{S}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return ` ${plain} `;
}

const latin = /^[a-z ]+$/;
const NORMALIZED: readonly { intent: Intent; keyword: string }[] = INTENTS.flatMap((intent) =>
  KEYWORDS[intent].map((k) => {
    const n = normalize(k).trim();
    // ' hour' finds ' hours ' but not ' other '.
    return { intent, keyword: latin.test(n) ? ` ${n}` : n };
  }),
);

/** When two questions match equally, the one found first here (the more specific words first). */
const PRIORITY: readonly Intent[] = ['weather', 'service', 'pack', 'alerts', 'diesel', 'hours', 'where', 'running'];

/**
 * Which of the seven questions `question` asks: the one with the most keywords found in it, or
 * 'unknown' when none is found (Ask me then says what it can answer).
 */
export function matchIntent(question: string): IntentMatch {
  const text = normalize(question);
  const score = new Map<Intent, number>();
  for (const { intent, keyword } of NORMALIZED) {
    if (text.includes(keyword)) score.set(intent, (score.get(intent) ?? 0) + 1);
  }
  let best: IntentMatch = 'unknown';
  let bestScore = 0;
  for (const intent of PRIORITY) {
    const s = score.get(intent) ?? 0;
    if (s > bestScore) {
      best = intent;
      bestScore = s;
    }
  }
  return best;
}

/** The keywords of a question, for the tests (every one must reach its question). */
export function keywordsOf(intent: Intent): readonly string[] {
  return KEYWORDS[intent];
}
