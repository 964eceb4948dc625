// Regenerates the configuration tables in README.md and apps/server/CONFIG.md from CONFIG_VARIABLES
// (apps/server/src/config.ts). Run: node --import tsx scripts/config-table.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { configMarkdownTable } from '../apps/server/src/config';

const root = join(import.meta.dirname, '..');

/** Replaces the markdown table that starts with the header row, keeping everything around it. */
export function replaceTable(text: string, table: string): string {
  const header = table.split('\n')[0] as string;
  const start = text.indexOf(header);
  if (start < 0) throw new Error('no configuration table found');
  const lines = text.slice(start).split('\n');
  let end = 0;
  while (end < lines.length && (lines[end] as string).startsWith('|')) end++;
  return text.slice(0, start) + table + '\n' + lines.slice(end).join('\n');
}

for (const file of ['README.md', 'apps/server/CONFIG.md']) {
  const path = join(root, file);
  writeFileSync(path, replaceTable(readFileSync(path, 'utf8'), configMarkdownTable()));
  console.log(`updated ${file}`);
}
