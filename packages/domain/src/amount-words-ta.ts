import { type AmountFrame, framed, indianGroups } from './amount-words-parts';

/**
 * Amount in words in Tamil. Numbers are composed with sandhi: a ten joins a unit that starts with a
 * vowel into one word (இருபத்து + ஒன்று → இருபத்தொன்று) and stays apart from மூன்று and நான்கு
 * (இருபத்து மூன்று); hundreds and thousands have a joining form when more follows (முந்நூறு /
 * முந்நூற்று ஐம்பது, ஆயிரம் / ஆயிரத்து ஒன்று); the count fuses with ஆயிரம் (இரண்டாயிரம்,
 * மூவாயிரம்); after a joining form a word starting with க ச த ப takes the doubled consonant
 * (நூற்றுப் பத்து, ஆயிரத்துத் தொள்ளாயிரம்).
 */

const UNITS = ['', 'ஒன்று', 'இரண்டு', 'மூன்று', 'நான்கு', 'ஐந்து', 'ஆறு', 'ஏழு', 'எட்டு', 'ஒன்பது'];
const TEENS = ['பத்து', 'பதினொன்று', 'பன்னிரண்டு', 'பதின்மூன்று', 'பதினான்கு', 'பதினைந்து', 'பதினாறு', 'பதினேழு', 'பதினெட்டு', 'பத்தொன்பது'];
const TENS = ['', '', 'இருபது', 'முப்பது', 'நாற்பது', 'ஐம்பது', 'அறுபது', 'எழுபது', 'எண்பது', 'தொண்ணூறு'];
/** A ten without its final vowel sign ு: the stem a unit's vowel joins (இருபத்த + ொன்று). */
const TEN_STEMS = ['', '', 'இருபத்த', 'முப்பத்த', 'நாற்பத்த', 'ஐம்பத்த', 'அறுபத்த', 'எழுபத்த', 'எண்பத்த', 'தொண்ணூற்ற'];
/** Units that start with a vowel: the vowel's sign and what follows it (ஒன்று = ஒ + ன்று). */
const VOWEL_UNITS: Record<number, readonly [sign: string, tail: string]> = {
  1: ['ொ', 'ன்று'],
  2: ['ி', 'ரண்டு'],
  5: ['ை', 'ந்து'],
  6: ['ா', 'று'],
  7: ['ே', 'ழு'],
  8: ['ெ', 'ட்டு'],
  9: ['ொ', 'ன்பது'],
};
const HUNDREDS = ['', 'நூறு', 'இருநூறு', 'முந்நூறு', 'நானூறு', 'ஐந்நூறு', 'அறுநூறு', 'எழுநூறு', 'எண்ணூறு', 'தொள்ளாயிரம்'];
const HUNDREDS_JOINING = ['', 'நூற்று', 'இருநூற்று', 'முந்நூற்று', 'நானூற்று', 'ஐந்நூற்று', 'அறுநூற்று', 'எழுநூற்று', 'எண்ணூற்று', 'தொள்ளாயிரத்து'];
const U_SIGN = 'ு';
const HARD_CONSONANTS = new Set(['க', 'ச', 'த', 'ப']);

/** 1–99. */
function tamilBelowHundred(n: number): string {
  if (n < 10) return UNITS[n] ?? '';
  if (n < 20) return TEENS[n - 10] ?? '';
  const ten = Math.floor(n / 10);
  const unit = n % 10;
  if (unit === 0) return TENS[ten] ?? '';
  const stem = TEN_STEMS[ten] ?? '';
  const vowel = VOWEL_UNITS[unit];
  return vowel ? `${stem}${vowel[0]}${vowel[1]}` : `${stem}${U_SIGN} ${UNITS[unit] ?? ''}`;
}

/** The form before a noun (லட்சம், கோடி, பைசா): ஒன்று → ஒரு, இருபத்தொன்று → இருபத்தொரு. */
function attributive(words: string): string {
  if (words.endsWith('ஒன்று')) return `${words.slice(0, -'ஒன்று'.length)}ஒரு`;
  if (words.endsWith('ொன்று')) return `${words.slice(0, -'ொன்று'.length)}ொரு`;
  return words;
}

/** 1–99 thousands as one word with ஆயிரம்: ஆயிரம், இரண்டாயிரம், மூவாயிரம், ஐயாயிரம், பதினோராயிரம். */
function thousands(count: number): string {
  if (count === 1) return 'ஆயிரம்';
  const words = tamilBelowHundred(count);
  const cut = words.lastIndexOf(' ') + 1;
  const head = words.slice(0, cut);
  const last = words.slice(cut);
  if (last.endsWith('ொன்று')) return `${head}${last.slice(0, -'ொன்று'.length)}ோராயிரம்`;
  if (last === 'மூன்று') return `${head}மூவாயிரம்`;
  if (last === 'ஐந்து') return `${head}ஐயாயிரம்`;
  // Every other number word ends in ு, which gives way to ஆ: இரண்டு → இரண்டாயிரம்.
  return `${head}${last.slice(0, -U_SIGN.length)}ாயிரம்`;
}

/** ஆயிரம் → ஆயிரத்து: the joining form of a word ending in ம். */
const joiningOfM = (word: string) => `${word.slice(0, -'ம்'.length)}த்து`;

interface Piece {
  text: string;
  /** A joining form (நூற்று, ஆயிரத்து, லட்சத்து): a hard consonant after it is doubled. */
  joins: boolean;
}

/** Whole number (≥ 1) in words. */
function pieces(n: number): Piece[] {
  const g = indianGroups(n);
  const below = g.hundreds * 100 + g.rest;
  const out: Piece[] = [];
  if (g.crore) {
    const more = n % 10_000_000 > 0;
    out.push({ text: `${attributive(tamilWords(g.crore))} ${more ? 'கோடியே' : 'கோடி'}`, joins: false });
  }
  if (g.lakh) {
    const more = n % 100_000 > 0;
    out.push({ text: `${attributive(tamilBelowHundred(g.lakh))} ${more ? 'லட்சத்து' : 'லட்சம்'}`, joins: more });
  }
  if (g.thousand) {
    const word = thousands(g.thousand);
    out.push(below > 0 ? { text: joiningOfM(word), joins: true } : { text: word, joins: false });
  }
  if (g.hundreds) {
    out.push(g.rest > 0 ? { text: HUNDREDS_JOINING[g.hundreds] ?? '', joins: true } : { text: HUNDREDS[g.hundreds] ?? '', joins: false });
  }
  if (g.rest) out.push({ text: tamilBelowHundred(g.rest), joins: false });
  return out;
}

function tamilWords(n: number): string {
  const list = pieces(n);
  return list
    .map((piece, i) => {
      const next = list[i + 1]?.text[0];
      return piece.joins && next !== undefined && HARD_CONSONANTS.has(next) ? `${piece.text}${next}்` : piece.text;
    })
    .join(' ');
}

const FRAME: AmountFrame = { rupees: 'ரூபாய்', and: 'மற்றும்', paisa: ['பைசா', 'பைசா'], only: 'மட்டும்', zero: 'பூஜ்ஜியம்' };

export function tamilAmount(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  return framed(FRAME, rupees > 0 ? tamilWords(rupees) : null, rest, attributive(tamilBelowHundred(rest)));
}
