import type { LanguageCode } from './languages';
import { englishAmount } from './amount-words-en';
import { gujaratiAmount, hindiAmount, marathiAmount, punjabiAmount } from './amount-words-north';
import { tamilAmount } from './amount-words-ta';
import { teluguAmount } from './amount-words-te';

const SPELLERS: Record<LanguageCode, (paise: number) => string> = {
  en: englishAmount,
  hi: hindiAmount,
  mr: marathiAmount,
  pa: punjabiAmount,
  gu: gujaratiAmount,
  ta: tamilAmount,
  te: teluguAmount,
};

/**
 * The invoice's amount in words, in the invoice's language, Indian system (thousand, lakh, crore),
 * rupees and paise, as an Indian invoice writes it: 'Rupees Two Thousand Three Hundred Fifty and
 * Fifty Paise Only', 'रुपये दो हज़ार तीन सौ पचास और पचास पैसे मात्र'.
 */
export function amountInWords(paise: number, language: LanguageCode): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`amount ${paise} is not a whole number of paise`);
  return SPELLERS[language](paise);
}
