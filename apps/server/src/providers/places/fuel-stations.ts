import type { NameTable } from '../geocoder/place-names';

/**
 * Diesel stations for the local places provider: [name, address, lat, lon]. Demo data written for
 * this project around the demo fleet (Niphad and Nashik talukas): the towns are real, the stations
 * and their exact positions are illustrative, as a real Places key replaces them in production.
 * The name is the pump's board and stays as it is; the address is its parts, each a bundled town
 * (geocoder/place-names.ts) or a road or area of STREET_NAMES, so it is read in the owner's language.
 */
export type FuelStationRow = readonly [name: string, address: readonly string[], lat: number, lon: number];

export const FUEL_STATIONS: readonly FuelStationRow[] = [
  ['IndianOil Kisan Seva Kendra', ['Mumbai–Agra Highway', 'Pimpalgaon Baswant'], 20.1702, 73.9871],
  ['Bharat Petroleum Krushi Fuels', ['Nashik Road', 'Pimpalgaon Baswant'], 20.1611, 73.9792],
  ['HP Petrol Pump Ozar', ['Ozar–Pimpalgaon Road', 'Ozar'], 20.0957, 73.9311],
  ['IndianOil Saykheda', ['Saykheda', 'Niphad'], 20.0412, 73.9962],
  ['Bharat Petroleum Niphad', ['Niphad–Lasalgaon Road', 'Niphad'], 20.0821, 74.1094],
  ['HP Lasalgaon Onion Market', ['APMC Road', 'Lasalgaon'], 20.1498, 74.2311],
  ['IndianOil Vinchur', ['Vinchur Bypass', 'Niphad'], 20.1203, 74.1822],
  ['Nayara Energy Dindori', ['Dindori–Vani Road', 'Dindori'], 20.2041, 73.8361],
  ['Bharat Petroleum Chandwad', ['Mumbai–Agra Highway', 'Chandwad'], 20.3289, 74.2472],
  ['HP Nashik Dwarka', ['Dwarka Circle', 'Nashik'], 19.9982, 73.7963],
  ['IndianOil Adgaon', ['Adgaon Naka', 'Nashik'], 20.0365, 73.8492],
  ['Jio-bp Sinnar', ['Nashik–Pune Road', 'Sinnar'], 19.8498, 73.9985],
  ['IndianOil Yeola', ['Yeola–Kopargaon Road', 'Yeola'], 20.0432, 74.4897],
  ['Bharat Petroleum Kalwan', ['Kalwan–Satana Road', 'Kalwan'], 20.4932, 74.0311],
  ['HP Satana', ['Satana Bus Stand Road', 'Baglan'], 20.5961, 74.2012],
];

/**
 * The roads and areas of the stations' addresses that are not bundled towns, in the other six
 * languages [hi, mr, pa, gu, ta, te], spelt as place-names.ts spells the towns they name (Hindi
 * नासिक, Marathi नाशिक …); "Road" as the signboards write it (रोड, ரோடு), as for Nashik Road there.
 */
export const STREET_NAMES: NameTable = {
  Baglan: ['बागलान', 'बागलाण', 'ਬਾਗਲਾਣ', 'બાગલાણ', 'பாக்லாண்', 'బాగ్లాణ్'],
  Saykheda: ['सायखेड़ा', 'सायखेडा', 'ਸਾਇਖੇੜਾ', 'સાયખેડા', 'சாய்கேடா', 'సాయ్‌ఖేడా'],
  'Mumbai–Agra Highway': ['मुंबई–आगरा हाईवे', 'मुंबई–आग्रा महामार्ग', 'ਮੁੰਬਈ–ਆਗਰਾ ਹਾਈਵੇ', 'મુંબઈ–આગ્રા હાઇવે', 'மும்பை–ஆக்ரா நெடுஞ்சாலை', 'ముంబై–ఆగ్రా హైవే'],
  'Ozar–Pimpalgaon Road': ['ओझर–पिंपलगांव रोड', 'ओझर–पिंपळगाव रोड', 'ਓਝਰ–ਪਿੰਪਲਗਾਓਂ ਰੋਡ', 'ઓઝર–પિંપળગાંવ રોડ', 'ஓசர்–பிம்பல்காவ் ரோடு', 'ఓఝర్–పింపల్‌గావ్ రోడ్'],
  'Niphad–Lasalgaon Road': ['निफाड–लासलगांव रोड', 'निफाड–लासलगाव रोड', 'ਨਿਫਾੜ–ਲਾਸਲਗਾਓਂ ਰੋਡ', 'નિફાડ–લાસલગાંવ રોડ', 'நிபாட்–லாசல்காவ் ரோடு', 'నిఫాడ్–లాసల్‌గావ్ రోడ్'],
  'APMC Road': ['एपीएमसी रोड', 'एपीएमसी रोड', 'ਏਪੀਐਮਸੀ ਰੋਡ', 'એપીએમસી રોડ', 'ஏபிஎம்சி ரோடு', 'ఏపీఎంసీ రోడ్'],
  'Vinchur Bypass': ['विंचूर बाईपास', 'विंचूर बायपास', 'ਵਿੰਚੂਰ ਬਾਈਪਾਸ', 'વિંચૂર બાયપાસ', 'விஞ்சூர் பைபாஸ்', 'వించూర్ బైపాస్'],
  'Dindori–Vani Road': ['डिंडोरी–वणी रोड', 'दिंडोरी–वणी रोड', 'ਡਿੰਡੋਰੀ–ਵਣੀ ਰੋਡ', 'દિંડોરી–વણી રોડ', 'திண்டோரி–வணி ரோடு', 'దిండోరి–వణి రోడ్'],
  'Dwarka Circle': ['द्वारका सर्कल', 'द्वारका सर्कल', 'ਦੁਆਰਕਾ ਸਰਕਲ', 'દ્વારકા સર્કલ', 'துவாரகா சர்க்கிள்', 'ద్వారకా సర్కిల్'],
  'Adgaon Naka': ['आडगांव नाका', 'आडगाव नाका', 'ਆਡਗਾਓਂ ਨਾਕਾ', 'આડગાંવ નાકા', 'ஆட்காவ் நாக்கா', 'ఆడ్‌గావ్ నాకా'],
  'Nashik–Pune Road': ['नासिक–पुणे रोड', 'नाशिक–पुणे रोड', 'ਨਾਸਿਕ–ਪੁਣੇ ਰੋਡ', 'નાસિક–પુણે રોડ', 'நாசிக்–புனே ரோடு', 'నాసిక్–పుణే రోడ్'],
  'Yeola–Kopargaon Road': ['येवला–कोपरगांव रोड', 'येवला–कोपरगाव रोड', 'ਯੇਵਲਾ–ਕੋਪਰਗਾਓਂ ਰੋਡ', 'યેવલા–કોપરગાંવ રોડ', 'யேவ்லா–கோபர்காவ் ரோடு', 'యేవ్లా–కోపర్‌గావ్ రోడ్'],
  'Kalwan–Satana Road': ['कलवण–सटाणा रोड', 'कळवण–सटाणा रोड', 'ਕਲਵਣ–ਸਟਾਣਾ ਰੋਡ', 'કળવણ–સટાણા રોડ', 'கள்வண்–சடாணா ரோடு', 'కళ్వణ్–సటాణా రోడ్'],
  'Satana Bus Stand Road': ['सटाणा बस स्टैंड रोड', 'सटाणा बसस्थानक रोड', 'ਸਟਾਣਾ ਬੱਸ ਸਟੈਂਡ ਰੋਡ', 'સટાણા બસ સ્ટેન્ડ રોડ', 'சடாணா பேருந்து நிலைய ரோடு', 'సటాణా బస్ స్టాండ్ రోడ్'],
};
