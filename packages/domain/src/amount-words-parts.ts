/** Shared pieces of the amount in words: the Indian grouping and the invoice phrase around the words. */

/** A whole number split the Indian way: crore (any size), lakh, thousand (0–99 each), hundreds (0–9), rest (0–99). */
export interface IndianGroups {
  crore: number;
  lakh: number;
  thousand: number;
  hundreds: number;
  rest: number;
}

export function indianGroups(n: number): IndianGroups {
  return {
    crore: Math.floor(n / 10_000_000),
    lakh: Math.floor((n % 10_000_000) / 100_000),
    thousand: Math.floor((n % 100_000) / 1000),
    hundreds: Math.floor((n % 1000) / 100),
    rest: n % 100,
  };
}

/** How a language frames the number words on an invoice, e.g. Hindi "रुपये … और … पैसे मात्र". */
export interface AmountFrame {
  rupees: string;
  and: string;
  /** The paise noun after one paisa and after more. */
  paisa: readonly [one: string, many: string];
  only: string;
  zero: string;
}

/**
 * The whole phrase: "रुपये <rupees> और <paise> पैसे मात्र". With no whole rupees only the paise are
 * written ("पचास पैसे मात्र"), as a cheque or invoice in these languages would.
 */
export function framed(frame: AmountFrame, rupeeWords: string | null, paise: number, paiseWords: string): string {
  const paisePart = paise > 0 ? `${paiseWords} ${frame.paisa[paise === 1 ? 0 : 1]}` : '';
  if (rupeeWords === null) return paise > 0 ? `${paisePart} ${frame.only}` : `${frame.rupees} ${frame.zero} ${frame.only}`;
  return [frame.rupees, rupeeWords, paise > 0 ? `${frame.and} ${paisePart}` : '', frame.only].filter(Boolean).join(' ');
}
