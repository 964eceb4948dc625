import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configMarkdownTable } from '../src/config';

describe('README.md', () => {
  it('holds the configuration table generated from CONFIG_VARIABLES (node --import tsx scripts/config-table.ts)', () => {
    expect(readFileSync(new URL('../../../README.md', import.meta.url), 'utf8')).toContain(configMarkdownTable());
  });
});
