import { type AmountFrame, framed, indianGroups } from './amount-words-parts';

/**
 * Amount in words in Hindi, Marathi, Punjabi and Gujarati. Each has its own word for every number
 * from 1 to 99 (no rule builds them), so each is a full table, ten to a line; hundreds, thousand,
 * lakh and crore are then plain words after the count.
 */
interface NorthLanguage {
  /** 1–99 (index 0 unused). */
  belowHundred: readonly string[];
  /** The hundreds of h (1–9); `alone` when nothing follows (Marathi: शंभर but एकशे एक). */
  hundreds: (h: number, alone: boolean) => string;
  thousand: string;
  lakh: string;
  crore: string;
  frame: AmountFrame;
}

/** 1–99 from space-separated words, written ten to a line in the source (1–10, 11–20, …, 91–99). */
const table = (lines: string): readonly string[] => ['', ...lines.trim().split(/\s+/)];

const HI_WORDS = table(`
    एक दो तीन चार पाँच छह सात आठ नौ दस
    ग्यारह बारह तेरह चौदह पंद्रह सोलह सत्रह अठारह उन्नीस बीस
    इक्कीस बाईस तेईस चौबीस पच्चीस छब्बीस सत्ताईस अट्ठाईस उनतीस तीस
    इकतीस बत्तीस तैंतीस चौंतीस पैंतीस छत्तीस सैंतीस अड़तीस उनतालीस चालीस
    इकतालीस बयालीस तैंतालीस चवालीस पैंतालीस छियालीस सैंतालीस अड़तालीस उनचास पचास
    इक्यावन बावन तिरपन चौवन पचपन छप्पन सत्तावन अट्ठावन उनसठ साठ
    इकसठ बासठ तिरसठ चौंसठ पैंसठ छियासठ सड़सठ अड़सठ उनहत्तर सत्तर
    इकहत्तर बहत्तर तिहत्तर चौहत्तर पचहत्तर छिहत्तर सतहत्तर अठहत्तर उन्यासी अस्सी
    इक्यासी बयासी तिरासी चौरासी पचासी छियासी सत्तासी अट्ठासी नवासी नब्बे
    इक्यानवे बानवे तिरानवे चौरानवे पचानवे छियानवे सत्तानवे अट्ठानवे निन्यानवे
  `);
const HI: NorthLanguage = {
  belowHundred: HI_WORDS,
  hundreds: (h) => `${HI_WORDS[h] ?? ''} सौ`,
  thousand: 'हज़ार',
  lakh: 'लाख',
  crore: 'करोड़',
  frame: { rupees: 'रुपये', and: 'और', paisa: ['पैसा', 'पैसे'], only: 'मात्र', zero: 'शून्य' },
};

const MR_WORDS = table(`
    एक दोन तीन चार पाच सहा सात आठ नऊ दहा
    अकरा बारा तेरा चौदा पंधरा सोळा सतरा अठरा एकोणीस वीस
    एकवीस बावीस तेवीस चोवीस पंचवीस सव्वीस सत्तावीस अठ्ठावीस एकोणतीस तीस
    एकतीस बत्तीस तेहतीस चौतीस पस्तीस छत्तीस सदतीस अडतीस एकोणचाळीस चाळीस
    एक्केचाळीस बेचाळीस त्रेचाळीस चव्वेचाळीस पंचेचाळीस सेहेचाळीस सत्तेचाळीस अठ्ठेचाळीस एकोणपन्नास पन्नास
    एक्कावन्न बावन्न त्रेपन्न चौपन्न पंचावन्न छप्पन्न सत्तावन्न अठ्ठावन्न एकोणसाठ साठ
    एकसष्ट बासष्ट त्रेसष्ट चौसष्ट पासष्ट सहासष्ट सदुसष्ट अडुसष्ट एकोणसत्तर सत्तर
    एक्काहत्तर बाहत्तर त्र्याहत्तर चौऱ्याहत्तर पंच्याहत्तर शहात्तर सत्त्याहत्तर अठ्ठ्याहत्तर एकोणऐंशी ऐंशी
    एक्क्याऐंशी ब्याऐंशी त्र्याऐंशी चौऱ्याऐंशी पंच्याऐंशी शहाऐंशी सत्त्याऐंशी अठ्ठ्याऐंशी एकोणनव्वद नव्वद
    एक्क्याण्णव ब्याण्णव त्र्याण्णव चौऱ्याण्णव पंच्याण्णव शहाण्णव सत्त्याण्णव अठ्ठ्याण्णव नव्व्याण्णव
  `);
const MR_HUNDREDS = ['', 'एकशे', 'दोनशे', 'तीनशे', 'चारशे', 'पाचशे', 'सहाशे', 'सातशे', 'आठशे', 'नऊशे'];
const MR: NorthLanguage = {
  belowHundred: MR_WORDS,
  // शंभर alone; before more, एकशे (एकशे दहा). The others join their count: दोनशे, नऊशे.
  hundreds: (h, alone) => (h === 1 && alone ? 'शंभर' : (MR_HUNDREDS[h] ?? '')),
  thousand: 'हजार',
  lakh: 'लाख',
  crore: 'कोटी',
  frame: { rupees: 'रुपये', and: 'आणि', paisa: ['पैसा', 'पैसे'], only: 'फक्त', zero: 'शून्य' },
};

const PA_WORDS = table(`
    ਇੱਕ ਦੋ ਤਿੰਨ ਚਾਰ ਪੰਜ ਛੇ ਸੱਤ ਅੱਠ ਨੌਂ ਦਸ
    ਗਿਆਰਾਂ ਬਾਰਾਂ ਤੇਰਾਂ ਚੌਦਾਂ ਪੰਦਰਾਂ ਸੋਲਾਂ ਸਤਾਰਾਂ ਅਠਾਰਾਂ ਉੱਨੀ ਵੀਹ
    ਇੱਕੀ ਬਾਈ ਤੇਈ ਚੌਵੀ ਪੱਚੀ ਛੱਬੀ ਸਤਾਈ ਅਠਾਈ ਉਨੱਤੀ ਤੀਹ
    ਇਕੱਤੀ ਬੱਤੀ ਤੇਤੀ ਚੌਂਤੀ ਪੈਂਤੀ ਛੱਤੀ ਸੈਂਤੀ ਅਠੱਤੀ ਉਨਤਾਲੀ ਚਾਲੀ
    ਇਕਤਾਲੀ ਬਿਆਲੀ ਤਰਤਾਲੀ ਚੁਤਾਲੀ ਪੰਤਾਲੀ ਛਿਆਲੀ ਸੈਂਤਾਲੀ ਅਠਤਾਲੀ ਉਨੰਜਾ ਪੰਜਾਹ
    ਇਕਵੰਜਾ ਬਵੰਜਾ ਤਰਵੰਜਾ ਚੁਰੰਜਾ ਪਚਵੰਜਾ ਛਪੰਜਾ ਸਤਵੰਜਾ ਅਠਵੰਜਾ ਉਨਾਹਠ ਸੱਠ
    ਇਕਾਹਠ ਬਾਹਠ ਤਰੇਹਠ ਚੌਂਹਠ ਪੈਂਹਠ ਛਿਆਹਠ ਸਤਾਹਠ ਅਠਾਹਠ ਉਨੱਤਰ ਸੱਤਰ
    ਇਕਹੱਤਰ ਬਹੱਤਰ ਤਿਹੱਤਰ ਚੌਹੱਤਰ ਪੰਝੱਤਰ ਛਿਹੱਤਰ ਸਤੱਤਰ ਅਠੱਤਰ ਉਨਾਸੀ ਅੱਸੀ
    ਇਕਾਸੀ ਬਿਆਸੀ ਤਿਰਾਸੀ ਚੁਰਾਸੀ ਪਚਾਸੀ ਛਿਆਸੀ ਸਤਾਸੀ ਅਠਾਸੀ ਉਨਾਨਵੇਂ ਨੱਬੇ
    ਇਕਾਨਵੇਂ ਬਾਨਵੇਂ ਤਰਾਨਵੇਂ ਚੁਰਾਨਵੇਂ ਪਚਾਨਵੇਂ ਛਿਆਨਵੇਂ ਸਤਾਨਵੇਂ ਅਠਾਨਵੇਂ ਨੜਿੰਨਵੇਂ
  `);
const PA: NorthLanguage = {
  belowHundred: PA_WORDS,
  hundreds: (h) => `${PA_WORDS[h] ?? ''} ਸੌ`,
  thousand: 'ਹਜ਼ਾਰ',
  lakh: 'ਲੱਖ',
  crore: 'ਕਰੋੜ',
  frame: { rupees: 'ਰੁਪਏ', and: 'ਅਤੇ', paisa: ['ਪੈਸਾ', 'ਪੈਸੇ'], only: 'ਸਿਰਫ਼', zero: 'ਸਿਫ਼ਰ' },
};

const GU_WORDS = table(`
    એક બે ત્રણ ચાર પાંચ છ સાત આઠ નવ દસ
    અગિયાર બાર તેર ચૌદ પંદર સોળ સત્તર અઢાર ઓગણીસ વીસ
    એકવીસ બાવીસ તેવીસ ચોવીસ પચ્ચીસ છવ્વીસ સત્તાવીસ અઠ્ઠાવીસ ઓગણત્રીસ ત્રીસ
    એકત્રીસ બત્રીસ તેત્રીસ ચોત્રીસ પાંત્રીસ છત્રીસ સાડત્રીસ અડત્રીસ ઓગણચાલીસ ચાલીસ
    એકતાલીસ બેતાલીસ ત્રેતાલીસ ચુંમાલીસ પિસ્તાલીસ છેતાલીસ સુડતાલીસ અડતાલીસ ઓગણપચાસ પચાસ
    એકાવન બાવન ત્રેપન ચોપન પંચાવન છપ્પન સત્તાવન અઠ્ઠાવન ઓગણસાઠ સાઠ
    એકસઠ બાસઠ ત્રેસઠ ચોસઠ પાંસઠ છાસઠ સડસઠ અડસઠ અગણોસિત્તેર સિત્તેર
    એકોતેર બોતેર તોતેર ચુમોતેર પંચોતેર છોતેર સિત્યોતેર ઇઠ્યોતેર ઓગણાએંસી એંસી
    એક્યાસી બ્યાસી ત્યાસી ચોર્યાસી પંચાસી છ્યાસી સિત્યાસી ઈઠ્યાસી નેવ્યાસી નેવું
    એકાણું બાણું ત્રાણું ચોરાણું પંચાણું છન્નું સત્તાણું અઠ્ઠાણું નવ્વાણું
  `);
const GU_HUNDREDS = ['', 'એકસો', 'બસો', 'ત્રણસો', 'ચારસો', 'પાંચસો', 'છસો', 'સાતસો', 'આઠસો', 'નવસો'];
const GU: NorthLanguage = {
  belowHundred: GU_WORDS,
  // Written as one word with the count: એકસો, બસો, ત્રણસો.
  hundreds: (h) => GU_HUNDREDS[h] ?? '',
  thousand: 'હજાર',
  lakh: 'લાખ',
  crore: 'કરોડ',
  frame: { rupees: 'રૂપિયા', and: 'અને', paisa: ['પૈસો', 'પૈસા'], only: 'પૂરા', zero: 'શૂન્ય' },
};

/** Whole number (≥ 1) in words. */
function spell(lang: NorthLanguage, n: number): string {
  const g = indianGroups(n);
  const count = (k: number) => lang.belowHundred[k] ?? '';
  return [
    g.crore ? `${spell(lang, g.crore)} ${lang.crore}` : '',
    g.lakh ? `${count(g.lakh)} ${lang.lakh}` : '',
    g.thousand ? `${count(g.thousand)} ${lang.thousand}` : '',
    g.hundreds ? lang.hundreds(g.hundreds, g.rest === 0) : '',
    g.rest ? count(g.rest) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

function amount(lang: NorthLanguage, paise: number): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  return framed(lang.frame, rupees > 0 ? spell(lang, rupees) : null, rest, lang.belowHundred[rest] ?? '');
}

export const hindiAmount = (paise: number) => amount(HI, paise);
export const marathiAmount = (paise: number) => amount(MR, paise);
export const punjabiAmount = (paise: number) => amount(PA, paise);
export const gujaratiAmount = (paise: number) => amount(GU, paise);

/** The 1–99 tables, for the tests' completeness checks. */
export const NORTH_TABLES = { hi: HI_WORDS, mr: MR_WORDS, pa: PA_WORDS, gu: GU_WORDS } as const;
