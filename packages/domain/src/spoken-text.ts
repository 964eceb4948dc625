/**
 * Text read aloud (issue 19 item 5): a voice reads punctuation it does not expect — ".." or "।." come
 * out as "dot" or a stumble. A text is built of sentences each ending in one stop, whatever its
 * parts ended with, and any doubled stop left is made one before it is spoken (phone or server voice).
 */

/** The full stop of a language's sentences: the danda in Hindi and Punjabi, the period elsewhere. */
export function fullStop(lang: string): string {
  return lang === 'hi' || lang === 'pa' ? '।' : '.';
}

/** Ends with a stop of its own already (., ?, !, the danda, an ellipsis, a colon). */
const ENDED = /[.!?।॥…:]$/;

/** Joins `parts` into sentences: each ends with one stop — its own if it has one, else the language's. */
export function joinSentences(parts: readonly (string | null | undefined | false)[], lang: string): string {
  const stop = fullStop(lang);
  return parts
    .filter((p): p is string => typeof p === 'string')
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => (ENDED.test(p) ? p : `${p}${stop}`))
    .join(' ');
}

/**
 * One stop where there were several: "..", ". .", "।.", ".।", "। ।" become the first one; "?." and
 * "!." keep the question or the exclamation. An ellipsis (…) and decimals (12.5) are left alone.
 */
export function oneStopEach(text: string): string {
  return text.replace(/([.।॥!?])(?:\s*[.।॥])+(?!\d)/g, '$1');
}
