/**
 * The part of a text a voice can say: letters, marks, digits and ordinary punctuation of the seven
 * scripts. Emoji, pictographs, other symbols and control characters are not words (a voice reads
 * 'grinning face' or a code name), and espeak-ng 1.51 crashes (SIGSEGV, now and then) on some of
 * them in Hindi: '😀🚜', '♠♣', and runs of signs such as '**', '%%' or '॥@' — so they go first.
 */

/** Emoji and their parts: pictographs, skin tones, variation selectors, the keycap and tag characters. */
const EMOJI = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE00-\uFE0F\u20E3\u{E0020}-\u{E007F}]/gu;
/**
 * Not spoken: symbols, control, format, private-use and unassigned characters. Kept: punctuation,
 * the degree and rupee signs ('108 °C' and '₹499' are said as words) and the joiners of Indian scripts.
 */
const UNSPOKEN = /[^\p{L}\p{M}\p{N}\p{P}\p{Zs}°₹\u200C\u200D]/gu;
/** A mark (vowel sign, virama) belongs after a letter; left where an emoji was, it is noise. */
const STRAY_MARKS = /(^|[^\p{L}\p{M}\p{N}])\p{M}+/gu;
/** A joiner (ZWJ, ZWNJ) speaks only inside a word: 'ఆర్‌పీఎం' keeps it, '👨‍👩' leaves one behind. */
const STRAY_JOINERS = /(?<![\p{L}\p{M}])[\u200C\u200D]|[\u200C\u200D](?!\p{L})/gu;
/** A punctuation sign; '%', '°', '₹' and a minus ('-5') belong to a number and are never part of a run. */
const SIGN = String.raw`(?:-(?!\d)|[^\p{L}\p{M}\p{N}\s%°₹\-\u200C\u200D])`;
/** Two or more signs in a row, spaces between them or not (')।', '”।', '॥@'): a voice pauses once. */
const SIGN_RUN = new RegExp(`${SIGN}(?:\\s*${SIGN})+`, 'gu');
/** The one sign kept of a run: a sentence's stop, else a pause, else the first. */
const oneSign = (run: string): string => /[.!?।॥…]/u.exec(run)?.[0] ?? /[,;:·]/.exec(run)?.[0] ?? run.charAt(0);
/** A space left before a stop where an emoji was ('Diesel low 🚜.'). */
const SPACE_BEFORE_STOP = /\s+(?=[.,;:!?।॥…)\]”’])/g;
/** Signs before the first word are not said; a minus or rupee sign of the first number stays. */
const LEADING_SIGNS = /^[^\p{L}\p{N}]*?([-₹]?)(?=[\p{L}\p{N}])/u;

/** The text a voice can speak, or '' when nothing in it can be (only emoji, symbols or punctuation). */
export function speakable(text: string): string {
  const kept = text
    .replace(EMOJI, ' ')
    .replace(UNSPOKEN, ' ')
    .replace(STRAY_MARKS, '$1')
    .replace(STRAY_JOINERS, '')
    .replace(/\s+/g, ' ')
    .replace(SIGN_RUN, oneSign)
    .replace(SPACE_BEFORE_STOP, '')
    .trim();
  if (!/[\p{L}\p{N}]/u.test(kept)) return '';
  return kept.replace(LEADING_SIGNS, '$1');
}
