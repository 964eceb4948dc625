import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@tractorlink/domain/languages';
import en from '../locales/public/en.json';
import hi from '../locales/public/hi.json';
import te from '../locales/public/te.json';
import { PAGE_LANGUAGES, fill, fillCount } from './texts';

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

  it('says one acre and one hour in the singular, and the rest in the plural, by the language’s rule', () => {
    expect(fillCount(en, 'en', 'pub.unit.acres', 1, { value: '1' })).toBe('1 acre');
    expect(fillCount(en, 'en', 'pub.unit.acres', 1.5, { value: '1.5' })).toBe('1.5 acres');
    expect(fillCount(en, 'en', 'pub.quantity.engine', 1, { value: '1' })).toBe('1 hour (engine)');
    expect(fillCount(hi, 'hi', 'pub.unit.hours', 1, { value: '1' })).toBe('1 घंटा');
    expect(fillCount(hi, 'hi', 'pub.unit.hours', 2, { value: '2' })).toBe('2 घंटे');
    expect(fillCount(te, 'te', 'pub.unit.acres', 1, { value: '1' })).toBe('1 ఎకరం');
    // A key without forms is used as it is.
    expect(fillCount({ a: '{{value}} trips' }, 'en', 'a', 1, { value: '1' })).toBe('1 trips');
  });
});
