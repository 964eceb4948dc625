import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@tractorlink/domain/languages';
import { PAGE_LANGUAGES, fill } from './texts';

describe("the customer's words", () => {
  it('knows the same seven languages as the app (kept apart only to keep the page small)', () => {
    expect([...PAGE_LANGUAGES]).toEqual([...LANGUAGE_CODES]);
  });

  it('fills placeholders, keeps unknown ones, and shows a missing key as itself', () => {
    const texts = { a: '{{name}} owes {{ amount }}', b: 'x {{other}}' };
    expect(fill(texts, 'a', { name: 'Ramesh', amount: '₹1,200' })).toBe('Ramesh owes ₹1,200');
    expect(fill(texts, 'b', {})).toBe('x {{other}}');
    expect(fill(texts, 'nope')).toBe('nope');
  });
});
