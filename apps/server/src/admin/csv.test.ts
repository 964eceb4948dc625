import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv';

describe('parseCsv', () => {
  it('reads plain and quoted fields, doubled quotes, commas and line breaks inside quotes', () => {
    const text = '\uFEFFa,b,c\r\n1,"two, three","say ""hi"""\n\n"multi\nline",,x\n';
    expect(parseCsv(text)).toEqual([
      { line: 1, cells: ['a', 'b', 'c'] },
      { line: 2, cells: ['1', 'two, three', 'say "hi"'] },
      { line: 4, cells: ['multi\nline', '', 'x'] },
    ]);
  });

  it('keeps a last line without a line break and refuses an open quote', () => {
    expect(parseCsv('a,b\n1,2')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['1', '2'] },
    ]);
    expect(() => parseCsv('a\n"open')).toThrow('line 2: a quoted field is not closed');
  });
});
