import { describe, expect, it } from 'vitest';
import { etagOf, matchesIfNoneMatch } from './etag';

describe('ETag', () => {
  it('is strong, stable for the same answer and different for another', () => {
    const tag = etagOf({ a: 1, b: 'x' });
    expect(tag).toMatch(/^"[\w-]{27}"$/);
    expect(etagOf({ a: 1, b: 'x' })).toBe(tag);
    expect(etagOf({ a: 2, b: 'x' })).not.toBe(tag);
  });

  it('matches If-None-Match by weak comparison, in a list, or *', () => {
    const tag = '"abc"';
    expect(matchesIfNoneMatch('"abc"', tag)).toBe(true);
    expect(matchesIfNoneMatch('W/"abc"', tag)).toBe(true);
    expect(matchesIfNoneMatch('"x", "abc"', tag)).toBe(true);
    expect(matchesIfNoneMatch('*', tag)).toBe(true);
    expect(matchesIfNoneMatch('"abcd"', tag)).toBe(false);
    expect(matchesIfNoneMatch(undefined, tag)).toBe(false);
  });
});
