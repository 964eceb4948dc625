import { type AlertTypeId, alertType, type AlertUnit } from '@tractorlink/domain/alerts';
import { isLanguageCode, type LanguageCode } from '@tractorlink/domain/languages';
import { formatIstDateTime } from '@tractorlink/domain/time';

/**
 * What the server itself writes about an alert (push title and body, SMS text, the list's
 * alertName / alertDescription) in the seven languages. Kept to a name per type and one line
 * pattern per language; the screens use the web's own catalogue (`alert.<id>.name` …).
 */

type PerLanguage = readonly [en: string, hi: string, mr: string, pa: string, gu: string, ta: string, te: string];
const ORDER: readonly LanguageCode[] = ['en', 'hi', 'mr', 'pa', 'gu', 'ta', 'te'];

/** Pre-reminders share one name with their number in it ({n}). */
const NAMES: Record<string, PerLanguage> = {
  A0001: ['Low oil pressure', 'ऑयल प्रेशर कम', 'ऑइल प्रेशर कमी', 'ਆਇਲ ਪ੍ਰੈਸ਼ਰ ਘੱਟ', 'ઓઇલ પ્રેશર ઓછું', 'ஆயில் அழுத்தம் குறைவு', 'ఆయిల్ ప్రెషర్ తక్కువ'],
  A0003: ['High engine temperature', 'इंजन का तापमान ज़्यादा', 'इंजिनचे तापमान जास्त', 'ਇੰਜਣ ਦਾ ਤਾਪਮਾਨ ਵੱਧ', 'એન્જિનનું તાપમાન વધારે', 'இன்ஜின் வெப்பநிலை அதிகம்', 'ఇంజిన్ ఉష్ణోగ్రత ఎక్కువ'],
  A0005: ['Battery not charging', 'बैटरी चार्ज नहीं हो रही', 'बॅटरी चार्ज होत नाही', 'ਬੈਟਰੀ ਚਾਰਜ ਨਹੀਂ ਹੋ ਰਹੀ', 'બેટરી ચાર્જ થતી નથી', 'பேட்டரி சார்ஜ் ஆகவில்லை', 'బ్యాటరీ ఛార్జ్ అవ్వడం లేదు'],
  A0007: ['High engine RPM', 'इंजन RPM ज़्यादा', 'इंजिन RPM जास्त', 'ਇੰਜਣ RPM ਵੱਧ', 'એન્જિન RPM વધારે', 'இன்ஜின் RPM அதிகம்', 'ఇంజిన్ RPM ఎక్కువ'],
  A0009: ['Excessive idling', 'ज़्यादा देर तक आइडलिंग', 'जास्त वेळ आयडलिंग', 'ਬਹੁਤ ਦੇਰ ਆਇਡਲਿੰਗ', 'લાંબો સમય આઇડલિંગ', 'நீண்ட நேரம் ஐட்லிங்', 'ఎక్కువ సేపు ఐడ్లింగ్'],
  A0011: ['Air filter clogged', 'एयर फ़िल्टर जाम', 'एअर फिल्टर तुंबला', 'ਏਅਰ ਫਿਲਟਰ ਬੰਦ', 'એર ફિલ્ટર જામ', 'ஏர் ஃபில்டர் அடைப்பு', 'ఎయిర్ ఫిల్టర్ మూసుకుపోయింది'],
  A0013: ['PTO engaged', 'PTO चालू', 'PTO सुरू', 'PTO ਚਾਲੂ', 'PTO ચાલુ', 'PTO இயக்கப்பட்டது', 'PTO ఆన్ అయింది'],
  A0014: ['PTO disengaged', 'PTO बंद', 'PTO बंद', 'PTO ਬੰਦ', 'PTO બંધ', 'PTO நிறுத்தப்பட்டது', 'PTO ఆఫ్ అయింది'],
  A0100: ['Fuel theft', 'डीज़ल चोरी', 'डिझेल चोरी', 'ਡੀਜ਼ਲ ਚੋਰੀ', 'ડીઝલ ચોરી', 'டீசல் திருட்டு', 'డీజిల్ దొంగతనం'],
  A0101: ['Vehicle towing', 'ट्रैक्टर खींचा जा रहा है', 'ट्रॅक्टर ओढून नेला जात आहे', 'ਟਰੈਕਟਰ ਖਿੱਚਿਆ ਜਾ ਰਿਹਾ ਹੈ', 'ટ્રેક્ટર ખેંચાઈ રહ્યું છે', 'டிராக்டர் இழுத்துச் செல்லப்படுகிறது', 'ట్రాక్టర్‌ను లాగుతున్నారు'],
  A0102: ['Service due', 'सर्विस का समय हो गया', 'सर्व्हिसची वेळ झाली', 'ਸਰਵਿਸ ਦਾ ਸਮਾਂ ਹੋ ਗਿਆ', 'સર્વિસનો સમય થયો', 'சர்வீஸ் நேரம் வந்துவிட்டது', 'సర్వీస్ సమయం వచ్చింది'],
  A0102P: ['Service reminder {n}', 'सर्विस रिमाइंडर {n}', 'सर्व्हिस स्मरण {n}', 'ਸਰਵਿਸ ਯਾਦ-ਦਹਾਨੀ {n}', 'સર્વિસ યાદ {n}', 'சர்வீஸ் நினைவூட்டல் {n}', 'సర్వీస్ రిమైండర్ {n}'],
  A0103: ['Low fuel', 'डीज़ल कम', 'डिझेल कमी', 'ਡੀਜ਼ਲ ਘੱਟ', 'ડીઝલ ઓછું', 'டீசல் குறைவு', 'డీజిల్ తక్కువ'],
  A0104: ['Fuel refilled', 'डीज़ल भरा गया', 'डिझेल भरले', 'ਡੀਜ਼ਲ ਭਰਿਆ ਗਿਆ', 'ડીઝલ ભરાયું', 'டீசல் நிரப்பப்பட்டது', 'డీజిల్ నింపారు'],
  A0105: ['Engine started without key', 'बिना चाबी इंजन चालू', 'चावीशिवाय इंजिन सुरू', 'ਬਿਨਾਂ ਚਾਬੀ ਇੰਜਣ ਚਾਲੂ', 'ચાવી વગર એન્જિન ચાલુ', 'சாவி இல்லாமல் இன்ஜின் இயக்கம்', 'తాళం లేకుండా ఇంజిన్ ఆన్'],
  A0107: ['Key removed', 'चाबी निकाली गई', 'चावी काढली', 'ਚਾਬੀ ਕੱਢੀ ਗਈ', 'ચાવી કાઢી', 'சாவி எடுக்கப்பட்டது', 'తాళం తీసేశారు'],
  A0109: ['Entered geofence', 'जियोफ़ेंस में प्रवेश', 'जिओफेन्समध्ये प्रवेश', 'ਜੀਓਫੈਂਸ ਵਿੱਚ ਦਾਖਲ', 'જીઓફેન્સમાં પ્રવેશ', 'ஜியோஃபென்ஸில் நுழைந்தது', 'జియోఫెన్స్‌లోకి ప్రవేశించింది'],
  A0110: ['Left geofence', 'जियोफ़ेंस से बाहर', 'जिओफेन्सबाहेर', 'ਜੀਓਫੈਂਸ ਤੋਂ ਬਾਹਰ', 'જીઓફેન્સની બહાર', 'ஜியோஃபென்ஸை விட்டு வெளியேறியது', 'జియోఫెన్స్ నుండి బయటకు వెళ్ళింది'],
  A0111: ['Sudden fuel drop', 'डीज़ल अचानक घटा', 'डिझेल अचानक कमी झाले', 'ਡੀਜ਼ਲ ਅਚਾਨਕ ਘਟਿਆ', 'ડીઝલ અચાનક ઘટ્યું', 'டீசல் திடீர் குறைவு', 'డీజిల్ ఒక్కసారిగా తగ్గింది'],
};

/** "limit", before the threshold. */
const LIMIT: PerLanguage = ['limit', 'सीमा', 'मर्यादा', 'ਸੀਮਾ', 'મર્યાદા', 'வரம்பு', 'పరిమితి'];

/** Unit symbols read the same in every language on Indian phones. */
const UNIT_SYMBOL: Record<AlertUnit, string> = { V: 'V', C: '°C', rpm: 'rpm', percent: '%', L: 'L', m: 'm', min: 'min', h: 'h' };

const index = (language: string) => Math.max(0, ORDER.indexOf(isLanguageCode(language) ? language : 'en'));

export function alertName(typeId: AlertTypeId, language: string): string {
  const pre = /^A0102P(\d)$/.exec(typeId);
  const names = NAMES[pre ? 'A0102P' : typeId] ?? NAMES.A0102;
  return (names as PerLanguage)[index(language)]?.replace('{n}', pre?.[1] ?? '') ?? typeId;
}

/** Numbers as plain digits: at most one decimal, no grouping (an SMS and a notification alike). */
export const plain = (v: number) => String(Math.round(v * 10) / 10);

const withUnit = (v: number, unit: AlertUnit | null) => (unit ? `${plain(v)} ${UNIT_SYMBOL[unit]}` : plain(v));

/** "12.1 V (limit 12.8 V)", or just the value, or '' for a plain event. */
export function valueLine(typeId: AlertTypeId, value: number | null, threshold: number | null, language: string): string {
  if (value === null) return '';
  const { unit } = alertType(typeId);
  const limit = threshold === null ? '' : ` (${LIMIT[index(language)] ?? 'limit'} ${withUnit(threshold, unit)})`;
  return `${withUnit(value, unit)}${limit}`;
}

export interface AlertTextInput {
  typeId: AlertTypeId;
  value: number | null;
  threshold: number | null;
  /** Epoch ms. */
  time: number;
  vehName: string;
  regNo: string;
  /** The geofence of an entry or exit. */
  geofenceName?: string | null;
}

/** One line: tractor, geofence (entry and exit), value against threshold, time in the spec's format (IST). */
export function alertDescription(a: AlertTextInput, language: string): string {
  const value = valueLine(a.typeId, a.value, a.threshold, language);
  return [`${a.vehName} (${a.regNo})`, a.geofenceName ?? '', value, formatIstDateTime(Math.floor(a.time / 1000), language)].filter((p) => p !== '').join(' · ');
}

/** The alert SMS: short, plain, one segment or two in an Indian script. */
export function alertSms(a: AlertTextInput, language: string): string {
  return `TractorLink: ${alertName(a.typeId, language)}. ${alertDescription(a, language)}`;
}
