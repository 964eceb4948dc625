import type { LanguageCode } from '@tractorlink/domain/languages';
import { DEFAULT_INVOICE_SERVICE } from '@tractorlink/domain/subscription';

/**
 * What the server itself writes about subscriptions, in the seven languages: the invoice PDF's
 * labels and the expiry reminders (push and SMS). The screens use the web's catalogues.
 */
type PerLanguage = readonly [en: string, hi: string, mr: string, pa: string, gu: string, ta: string, te: string];
const ORDER: readonly LanguageCode[] = ['en', 'hi', 'mr', 'pa', 'gu', 'ta', 'te'];
const pick = (texts: PerLanguage, language: LanguageCode) => texts[Math.max(0, ORDER.indexOf(language))] ?? texts[0];

const INVOICE_LABELS = {
  title: ['Tax invoice', 'टैक्स इनवॉइस', 'कर बीजक', 'ਟੈਕਸ ਇਨਵੌਇਸ', 'ટેક્સ ઇન્વૉઇસ', 'வரி விலைப்பட்டியல்', 'పన్ను ఇన్‌వాయిస్'],
  invoiceNo: ['Invoice number', 'इनवॉइस नंबर', 'बीजक क्रमांक', 'ਇਨਵੌਇਸ ਨੰਬਰ', 'ઇન્વૉઇસ નંબર', 'விலைப்பட்டியல் எண்', 'ఇన్‌వాయిస్ నంబర్'],
  date: ['Invoice date', 'इनवॉइस की तारीख', 'बीजक दिनांक', 'ਇਨਵੌਇਸ ਦੀ ਤਾਰੀਖ', 'ઇન્વૉઇસ તારીખ', 'விலைப்பட்டியல் தேதி', 'ఇన్‌వాయిస్ తేదీ'],
  supplier: ['Supplier', 'आपूर्तिकर्ता', 'पुरवठादार', 'ਸਪਲਾਇਰ', 'સપ્લાયર', 'வழங்குநர்', 'సరఫరాదారు'],
  gstin: ['GSTIN', 'GSTIN', 'GSTIN', 'GSTIN', 'GSTIN', 'GSTIN', 'GSTIN'],
  recipient: ['Billed to', 'प्राप्तकर्ता', 'ग्राहक', 'ਪ੍ਰਾਪਤਕਰਤਾ', 'ગ્રાહક', 'பெறுநர்', 'గ్రహీత'],
  state: ['State', 'राज्य', 'राज्य', 'ਰਾਜ', 'રાજ્ય', 'மாநிலம்', 'రాష్ట్రం'],
  placeOfSupply: ['Place of supply', 'आपूर्ति का स्थान', 'पुरवठ्याचे ठिकाण', 'ਸਪਲਾਈ ਦਾ ਸਥਾਨ', 'પુરવઠાનું સ્થળ', 'வழங்கல் இடம்', 'సరఫరా స్థలం'],
  description: ['Description', 'विवरण', 'तपशील', 'ਵੇਰਵਾ', 'વર્ણન', 'விவரம்', 'వివరణ'],
  sac: ['SAC', 'SAC', 'SAC', 'SAC', 'SAC', 'SAC', 'SAC'],
  period: ['Period', 'अवधि', 'कालावधी', 'ਮਿਆਦ', 'સમયગાળો', 'காலம்', 'వ్యవధి'],
  taxableValue: ['Taxable value', 'कर योग्य मूल्य', 'करपात्र मूल्य', 'ਟੈਕਸਯੋਗ ਮੁੱਲ', 'કરપાત્ર મૂલ્ય', 'வரிக்குட்பட்ட மதிப்பு', 'పన్ను విధించదగిన విలువ'],
  total: ['Total', 'कुल', 'एकूण', 'ਕੁੱਲ', 'કુલ', 'மொத்தம்', 'మొత్తం'],
  totalInWords: ['Amount in words', 'शब्दों में राशि', 'अक्षरी रक्कम', 'ਸ਼ਬਦਾਂ ਵਿੱਚ ਰਕਮ', 'શબ્દોમાં રકમ', 'எழுத்தில் தொகை', 'అక్షరాల్లో మొత్తం'],
  referenceId: ['Reference id', 'संदर्भ आईडी', 'संदर्भ आयडी', 'ਹਵਾਲਾ ਆਈਡੀ', 'સંદર્ભ આઈડી', 'குறிப்பு எண்', 'రిఫరెన్స్ ఐడీ'],
  transactionId: ['Transaction id', 'लेन-देन आईडी', 'व्यवहार आयडी', 'ਲੈਣ-ਦੇਣ ਆਈਡੀ', 'વ્યવહાર આઈડી', 'பரிவர்த்தனை எண்', 'లావాదేవీ ఐడీ'],
  nonRefundable: [
    'Fees are in Indian Rupees and non-refundable.',
    'शुल्क भारतीय रुपये में है और वापस नहीं होगा।',
    'शुल्क भारतीय रुपयांमध्ये असून परत मिळणार नाही.',
    'ਫੀਸ ਭਾਰਤੀ ਰੁਪਏ ਵਿੱਚ ਹੈ ਅਤੇ ਵਾਪਸ ਨਹੀਂ ਹੋਵੇਗੀ।',
    'ફી ભારતીય રૂપિયામાં છે અને પરત મળશે નહીં.',
    'கட்டணம் இந்திய ரூபாயில்; திருப்பித் தரப்படாது.',
    'రుసుము భారతీయ రూపాయల్లో ఉంటుంది, తిరిగి ఇవ్వబడదు.',
  ],
} satisfies Record<string, PerLanguage>;

export type InvoiceLabels = { [K in keyof typeof INVOICE_LABELS]: string };

export function invoiceLabels(language: LanguageCode): InvoiceLabels {
  return Object.fromEntries(Object.entries(INVOICE_LABELS).map(([key, texts]) => [key, pick(texts, language)])) as InvoiceLabels;
}

const PACK_NAMES = {
  month: ['Month pack', 'मासिक पैक', 'मासिक पॅक', 'ਮਹੀਨਾਵਾਰ ਪੈਕ', 'માસિક પૅક', 'மாதத் திட்டம்', 'నెల ప్యాక్'],
  year: ['Year pack', 'वार्षिक पैक', 'वार्षिक पॅक', 'ਸਾਲਾਨਾ ਪੈਕ', 'વાર્ષિક પૅક', 'ஆண்டுத் திட்டம்', 'సంవత్సర ప్యాక్'],
} satisfies Record<string, PerLanguage>;

export const packName = (pack: 'month' | 'year', language: LanguageCode) => pick(PACK_NAMES[pack], language);

/** The default INVOICE_SERVICE (DEFAULT_INVOICE_SERVICE) in each language, as the web's `invoice.serviceDefault`. */
const DEFAULT_SERVICE: PerLanguage = [
  DEFAULT_INVOICE_SERVICE,
  'ट्रैक्टर टेलीमैटिक्स सदस्यता',
  'ट्रॅक्टर टेलिमॅटिक्स सदस्यता',
  'ਟਰੈਕਟਰ ਟੈਲੀਮੈਟਿਕਸ ਗਾਹਕੀ',
  'ટ્રેક્ટર ટેલિમેટિક્સ લવાજમ',
  'டிராக்டர் டெலிமேட்டிக்ஸ் சந்தா',
  'ట్రాక్టర్ టెలిమాటిక్స్ చందా',
];

/**
 * The invoice's service line for a reader: the default text in their language; any other text
 * (the provider's own INVOICE_SERVICE) exactly as issued. The stored invoice is never changed.
 */
export const serviceLine = (issued: string, language: LanguageCode) => (issued === DEFAULT_INVOICE_SERVICE ? pick(DEFAULT_SERVICE, language) : issued);

/** Push title of an expiry reminder. */
const REMINDER_TITLE: PerLanguage = [
  'Renew your pack',
  'अपना पैक रिन्यू करें',
  'तुमचा पॅक नूतनीकरण करा',
  'ਆਪਣਾ ਪੈਕ ਰੀਨਿਊ ਕਰੋ',
  'તમારો પૅક રિન્યૂ કરો',
  'உங்கள் திட்டத்தைப் புதுப்பிக்கவும்',
  'మీ ప్యాక్‌ను రెన్యూ చేయండి',
];
/** {tractor} {date} {days}. */
const REMINDER_BODY: PerLanguage = [
  'The pack of {tractor} ends on {date} ({days} left). Renew in TractorLink to keep it reporting.',
  '{tractor} का पैक {date} को खत्म होगा ({days} बाकी)। रिपोर्ट चालू रखने के लिए TractorLink में रिन्यू करें।',
  '{tractor} चा पॅक {date} रोजी संपेल ({days} बाकी). माहिती सुरू ठेवण्यासाठी TractorLink मध्ये नूतनीकरण करा.',
  '{tractor} ਦਾ ਪੈਕ {date} ਨੂੰ ਖਤਮ ਹੋਵੇਗਾ ({days} ਬਾਕੀ)। ਰਿਪੋਰਟ ਜਾਰੀ ਰੱਖਣ ਲਈ TractorLink ਵਿੱਚ ਰੀਨਿਊ ਕਰੋ।',
  '{tractor} નો પૅક {date} ના રોજ પૂરો થશે ({days} બાકી). માહિતી ચાલુ રાખવા TractorLink માં રિન્યૂ કરો.',
  '{tractor} திட்டம் {date} அன்று முடிகிறது ({days} மீதம்). தகவல் தொடர TractorLink-இல் புதுப்பிக்கவும்.',
  '{tractor} ప్యాక్ {date} న ముగుస్తుంది ({days} మిగిలి ఉన్నాయి). సమాచారం కొనసాగడానికి TractorLink లో రెన్యూ చేయండి.',
];
const DAYS: Record<'one' | 'other', PerLanguage> = {
  one: ['1 day', '1 दिन', '1 दिवस', '1 ਦਿਨ', '1 દિવસ', '1 நாள்', '1 రోజు'],
  other: ['{n} days', '{n} दिन', '{n} दिवस', '{n} ਦਿਨ', '{n} દિવસ', '{n} நாட்கள்', '{n} రోజులు'],
};

export function reminderTexts(language: LanguageCode, tractor: string, date: string, daysLeft: number): { title: string; body: string } {
  const days = pick(DAYS[daysLeft === 1 ? 'one' : 'other'], language).replace('{n}', String(daysLeft));
  return {
    title: pick(REMINDER_TITLE, language),
    body: pick(REMINDER_BODY, language).replace('{tractor}', tractor).replace('{date}', date).replace('{days}', days),
  };
}
