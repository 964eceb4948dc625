import { type AmountFrame, framed, indianGroups } from './amount-words-parts';

/**
 * Amount in words in Telugu: a ten and its unit stay two words (ఇరవై ఒకటి); hundreds, thousands,
 * lakhs and crores take their plural when they end the number (రెండు వేలు) and their joining form
 * when more follows (రెండు వేల మూడు వందల యాభై); one hundred is వంద alone and నూట before more
 * (నూట పది), one thousand is వెయ్యి, one lakh ఒక లక్ష, one crore ఒక కోటి.
 */

const UNITS = ['', 'ఒకటి', 'రెండు', 'మూడు', 'నాలుగు', 'ఐదు', 'ఆరు', 'ఏడు', 'ఎనిమిది', 'తొమ్మిది'];
const TEENS = ['పది', 'పదకొండు', 'పన్నెండు', 'పదమూడు', 'పద్నాలుగు', 'పదిహేను', 'పదహారు', 'పదిహేడు', 'పద్దెనిమిది', 'పంతొమ్మిది'];
const TENS = ['', '', 'ఇరవై', 'ముప్పై', 'నలభై', 'యాభై', 'అరవై', 'డెబ్బై', 'ఎనభై', 'తొంభై'];

/** 1–99. */
function teluguBelowHundred(n: number): string {
  if (n < 10) return UNITS[n] ?? '';
  if (n < 20) return TEENS[n - 10] ?? '';
  const unit = n % 10;
  const ten = TENS[Math.floor(n / 10)] ?? '';
  return unit === 0 ? ten : `${ten} ${UNITS[unit] ?? ''}`;
}

/** Last words that change before a noun: ఒకటి → ఒక (ఇరవై ఒక లక్షలు), a plural to its joining form (రెండు వందల కోట్లు). */
const BEFORE_NOUN: readonly (readonly [string, string])[] = [
  ['ఒకటి', 'ఒక'],
  ['వందలు', 'వందల'],
  ['వేలు', 'వేల'],
  ['లక్షలు', 'లక్షల'],
  ['కోట్లు', 'కోట్ల'],
];

/** The form of a number before a noun (a scale word or పైసలు). */
function attributive(words: string): string {
  const change = BEFORE_NOUN.find(([last]) => words === last || words.endsWith(` ${last}`));
  return change ? `${words.slice(0, -change[0].length)}${change[1]}` : words;
}

/** A scale word after its count: the singular for one, else the plural alone or joining form before more. */
function scaled(count: string, isOne: boolean, more: boolean, forms: { one: string; many: string; joining: string }): string {
  if (isOne) return forms.one;
  return `${attributive(count)} ${more ? forms.joining : forms.many}`;
}

/** Whole number (≥ 1) in words. */
function teluguWords(n: number): string {
  const g = indianGroups(n);
  const below = g.hundreds * 100 + g.rest;
  const out: string[] = [];
  if (g.crore) {
    out.push(scaled(teluguWords(g.crore), g.crore === 1, n % 10_000_000 > 0, { one: 'ఒక కోటి', many: 'కోట్లు', joining: 'కోట్ల' }));
  }
  if (g.lakh) {
    out.push(scaled(teluguBelowHundred(g.lakh), g.lakh === 1, n % 100_000 > 0, { one: 'ఒక లక్ష', many: 'లక్షలు', joining: 'లక్షల' }));
  }
  if (g.thousand) {
    out.push(scaled(teluguBelowHundred(g.thousand), g.thousand === 1, below > 0, { one: 'వెయ్యి', many: 'వేలు', joining: 'వేల' }));
  }
  if (g.hundreds) {
    const more = g.rest > 0;
    const one = more ? 'నూట' : 'వంద';
    out.push(scaled(UNITS[g.hundreds] ?? '', g.hundreds === 1, more, { one, many: 'వందలు', joining: 'వందల' }));
  }
  if (g.rest) out.push(teluguBelowHundred(g.rest));
  return out.join(' ');
}

const FRAME: AmountFrame = { rupees: 'రూపాయలు', and: 'మరియు', paisa: ['పైసా', 'పైసలు'], only: 'మాత్రమే', zero: 'సున్నా' };

export function teluguAmount(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  return framed(FRAME, rupees > 0 ? teluguWords(rupees) : null, rest, attributive(teluguBelowHundred(rest)));
}
