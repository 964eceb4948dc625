import type { LanguageCode } from '@tractorlink/domain/languages';
import type { BookingStatus } from '@tractorlink/domain/service-booking';

/**
 * What the server itself tells the owner about a booking, in the seven languages: the push of each
 * step the dealer takes and the SMS of the steps in SMS_STATUSES. SMS stay short (English in GSM-7,
 * one part). The screens use the web's catalogues.
 */
type PerLanguage = readonly [en: string, hi: string, mr: string, pa: string, gu: string, ta: string, te: string];
const ORDER: readonly LanguageCode[] = ['en', 'hi', 'mr', 'pa', 'gu', 'ta', 'te'];
const LOCALES: Record<LanguageCode, string> = { en: 'en-IN', hi: 'hi-IN', mr: 'mr-IN', pa: 'pa-IN', gu: 'gu-IN', ta: 'ta-IN', te: 'te-IN' };
const pick = (texts: PerLanguage, language: LanguageCode) => texts[Math.max(0, ORDER.indexOf(language))] ?? texts[0];

/** The steps a dealer takes (the owner's own request and cancel are not told back to them). */
export type NotifiedStatus = Exclude<BookingStatus, 'requested'>;

/** Placeholders: {ref} {tractor} {date} {slot} {dealer} {dealerPhone} {technician} {phone} {reason}. */
export const PUSH_TEXTS: Record<NotifiedStatus, { title: PerLanguage; body: PerLanguage }> = {
  confirmed: {
    title: [
      'Service booking confirmed',
      'सर्विस बुकिंग पक्की हुई',
      'सर्व्हिस बुकिंग निश्चित झाली',
      'ਸਰਵਿਸ ਬੁਕਿੰਗ ਪੱਕੀ ਹੋਈ',
      'સર્વિસ બુકિંગ પાકું થયું',
      'சர்வீஸ் முன்பதிவு உறுதியானது',
      'సర్వీస్ బుకింగ్ ఖరారైంది',
    ],
    body: [
      '{dealer} confirmed service {ref} for {tractor} on {date} at {slot}.',
      '{dealer} ने {tractor} की सर्विस {ref} {date} को {slot} बजे के लिए पक्की की।',
      '{dealer} ने {tractor} ची सर्व्हिस {ref} {date} रोजी {slot} वाजता निश्चित केली.',
      '{dealer} ਨੇ {tractor} ਦੀ ਸਰਵਿਸ {ref} {date} ਨੂੰ {slot} ਵਜੇ ਲਈ ਪੱਕੀ ਕੀਤੀ।',
      '{dealer} એ {tractor} ની સર્વિસ {ref} {date} ના રોજ {slot} વાગ્યે પાકી કરી.',
      '{dealer} {tractor} சர்வீஸ் {ref}-ஐ {date} அன்று {slot} மணிக்கு உறுதி செய்தது.',
      '{dealer} {tractor} సర్వీస్ {ref} ను {date} న {slot} కి ఖరారు చేసింది.',
    ],
  },
  assigned: {
    title: ['Technician assigned', 'मैकेनिक तय हुआ', 'मेकॅनिक नेमला', 'ਮਕੈਨਿਕ ਤੈਅ ਹੋਇਆ', 'મિકેનિક નક્કી થયા', 'மெக்கானிக் நியமிக்கப்பட்டார்', 'మెకానిక్ నియమించబడ్డారు'],
    body: [
      '{technician} ({phone}) will service {tractor} ({ref}).',
      '{technician} ({phone}) {tractor} की सर्विस करेंगे ({ref})।',
      '{technician} ({phone}) {tractor} ची सर्व्हिस करतील ({ref}).',
      '{technician} ({phone}) {tractor} ਦੀ ਸਰਵਿਸ ਕਰਨਗੇ ({ref})।',
      '{technician} ({phone}) {tractor} ની સર્વિસ કરશે ({ref}).',
      '{technician} ({phone}) {tractor}-ஐ சர்வீஸ் செய்வார் ({ref}).',
      '{technician} ({phone}) {tractor} సర్వీస్ చేస్తారు ({ref}).',
    ],
  },
  on_the_way: {
    title: ['Technician on the way', 'मैकेनिक रास्ते में है', 'मेकॅनिक येत आहेत', 'ਮਕੈਨਿਕ ਰਸਤੇ ਵਿੱਚ ਹੈ', 'મિકેનિક રસ્તામાં છે', 'மெக்கானிக் வந்துகொண்டிருக்கிறார்', 'మెకానిక్ దారిలో ఉన్నారు'],
    body: [
      '{technician} is on the way to your farm for {ref}. Phone {phone}.',
      '{technician} {ref} के लिए आपके खेत आ रहे हैं। फ़ोन {phone}।',
      '{technician} {ref} साठी तुमच्या शेतावर येत आहेत. फोन {phone}.',
      '{technician} {ref} ਲਈ ਤੁਹਾਡੇ ਖੇਤ ਆ ਰਹੇ ਹਨ। ਫ਼ੋਨ {phone}।',
      '{technician} {ref} માટે તમારા ખેતરે આવી રહ્યા છે. ફોન {phone}.',
      '{technician} {ref}-க்காக உங்கள் பண்ணைக்கு வருகிறார். தொலைபேசி {phone}.',
      '{technician} {ref} కోసం మీ పొలానికి వస్తున్నారు. ఫోన్ {phone}.',
    ],
  },
  in_progress: {
    title: ['Service started', 'सर्विस शुरू हुई', 'सर्व्हिस सुरू झाली', 'ਸਰਵਿਸ ਸ਼ੁਰੂ ਹੋਈ', 'સર્વિસ શરૂ થઈ', 'சர்வீஸ் தொடங்கியது', 'సర్వీస్ మొదలైంది'],
    body: [
      'Work on {tractor} has started ({ref}).',
      '{tractor} पर काम शुरू हो गया है ({ref})।',
      '{tractor} चे काम सुरू झाले आहे ({ref}).',
      '{tractor} ਤੇ ਕੰਮ ਸ਼ੁਰੂ ਹੋ ਗਿਆ ਹੈ ({ref})।',
      '{tractor} પર કામ શરૂ થયું છે ({ref}).',
      '{tractor} வேலை தொடங்கியது ({ref}).',
      '{tractor} పని మొదలైంది ({ref}).',
    ],
  },
  done: {
    title: ['Service done', 'सर्विस पूरी हुई', 'सर्व्हिस पूर्ण झाली', 'ਸਰਵਿਸ ਪੂਰੀ ਹੋਈ', 'સર્વિસ પૂરી થઈ', 'சர்வீஸ் முடிந்தது', 'సర్వీస్ పూర్తయింది'],
    body: [
      'The service of {tractor} is done ({ref}). Service due starts again from now.',
      '{tractor} की सर्विस पूरी हो गई ({ref})। अगली सर्विस की गिनती फिर से शुरू हुई।',
      '{tractor} ची सर्व्हिस पूर्ण झाली ({ref}). पुढील सर्व्हिसची मोजणी पुन्हा सुरू झाली.',
      '{tractor} ਦੀ ਸਰਵਿਸ ਪੂਰੀ ਹੋ ਗਈ ({ref})। ਅਗਲੀ ਸਰਵਿਸ ਦੀ ਗਿਣਤੀ ਮੁੜ ਸ਼ੁਰੂ ਹੋਈ।',
      '{tractor} ની સર્વિસ પૂરી થઈ ({ref}). આગલી સર્વિસની ગણતરી ફરી શરૂ થઈ.',
      '{tractor} சர்வீஸ் முடிந்தது ({ref}). அடுத்த சர்வீஸ் கணக்கு மீண்டும் தொடங்கியது.',
      '{tractor} సర్వీస్ పూర్తయింది ({ref}). తదుపరి సర్వీస్ లెక్క మళ్లీ మొదలైంది.',
    ],
  },
  cancelled: {
    title: [
      'Service booking cancelled',
      'सर्विस बुकिंग रद्द हुई',
      'सर्व्हिस बुकिंग रद्द झाली',
      'ਸਰਵਿਸ ਬੁਕਿੰਗ ਰੱਦ ਹੋਈ',
      'સર્વિસ બુકિંગ રદ થયું',
      'சர்வீஸ் முன்பதிவு ரத்து',
      'సర్వీస్ బుకింగ్ రద్దయింది',
    ],
    body: [
      '{dealer} cancelled {ref}: {reason}',
      '{dealer} ने {ref} रद्द की: {reason}',
      '{dealer} ने {ref} रद्द केली: {reason}',
      '{dealer} ਨੇ {ref} ਰੱਦ ਕੀਤੀ: {reason}',
      '{dealer} એ {ref} રદ કર્યું: {reason}',
      '{dealer} {ref}-ஐ ரத்து செய்தது: {reason}',
      '{dealer} {ref} ను రద్దు చేసింది: {reason}',
    ],
  },
};

/** SMS of the steps in SMS_STATUSES. */
export const SMS_TEXTS: Partial<Record<NotifiedStatus, PerLanguage>> = {
  confirmed: [
    'TractorLink: Service {ref} confirmed for {date} {slot}. {dealer} {dealerPhone}',
    'TractorLink: सर्विस {ref} {date} {slot} के लिए पक्की। {dealer} {dealerPhone}',
    'TractorLink: सर्व्हिस {ref} {date} {slot} साठी निश्चित. {dealer} {dealerPhone}',
    'TractorLink: ਸਰਵਿਸ {ref} {date} {slot} ਲਈ ਪੱਕੀ। {dealer} {dealerPhone}',
    'TractorLink: સર્વિસ {ref} {date} {slot} માટે પાકી. {dealer} {dealerPhone}',
    'TractorLink: சர்வீஸ் {ref} {date} {slot}-க்கு உறுதி. {dealer} {dealerPhone}',
    'TractorLink: సర్వీస్ {ref} {date} {slot} కి ఖరారు. {dealer} {dealerPhone}',
  ],
  on_the_way: [
    'TractorLink: Technician {technician} ({phone}) is on the way for service {ref}.',
    'TractorLink: मैकेनिक {technician} ({phone}) सर्विस {ref} के लिए रास्ते में हैं।',
    'TractorLink: मेकॅनिक {technician} ({phone}) सर्व्हिस {ref} साठी येत आहेत.',
    'TractorLink: ਮਕੈਨਿਕ {technician} ({phone}) ਸਰਵਿਸ {ref} ਲਈ ਰਸਤੇ ਵਿੱਚ ਹਨ।',
    'TractorLink: મિકેનિક {technician} ({phone}) સર્વિસ {ref} માટે રસ્તામાં છે.',
    'TractorLink: மெக்கானிக் {technician} ({phone}) சர்வீஸ் {ref}-க்காக வருகிறார்.',
    'TractorLink: మెకానిక్ {technician} ({phone}) సర్వీస్ {ref} కోసం వస్తున్నారు.',
  ],
};

export interface TextValues {
  ref: string;
  tractor: string;
  /** 'YYYY-MM-DD': written out in the language ('22 Nov'). */
  date: string;
  slot: string;
  dealer: string;
  dealerPhone: string;
  technician: string;
  phone: string;
  reason: string;
}

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

function dayOf(date: string, language: LanguageCode): string {
  const t = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(t)) return date;
  return new Intl.DateTimeFormat(`${LOCALES[language]}-u-nu-latn`, { timeZone: 'UTC', day: 'numeric', month: 'short' }).format(t);
}

export function bookingTexts(status: NotifiedStatus, language: LanguageCode, values: TextValues): { title: string; body: string; sms: string | null } {
  const v = { ...values, date: dayOf(values.date, language) };
  const texts = PUSH_TEXTS[status];
  const sms = SMS_TEXTS[status];
  return { title: pick(texts.title, language), body: fill(pick(texts.body, language), v), sms: sms ? fill(pick(sms, language), v) : null };
}
